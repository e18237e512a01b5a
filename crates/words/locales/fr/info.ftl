# Help, the rules, leaderboards, a player's stats and matches, a match's history.

## matches: a player's active matches in this server.
matches-none = Vous n'avez aucune partie en cours sur ce serveur.
matches-heading = Vos parties en cours ({ $count }) :
matches-line = - { $channel } (partie { $id }) : contre { $opponent }, manche { $round } — { $turn }
matches-turn-yours-by = à vous de jouer, avant le { $deadline }
matches-turn-yours = à vous de jouer
matches-turn-theirs = au tour de { $player }
matches-over = terminée

## history: a match's rounds and last moves.
history-heading = Partie n° { $id } : { $south } (Sud) contre { $north } (Nord), { $moves ->
    [one] { $moves } coup
   *[other] { $moves } coups
}.
history-last-moves = Les { $count } derniers coups :
history-move = { $ply }. manche { $round } : { $player } a semé la case { $house } ({ $laps ->
    [one] { $laps } tour
   *[other] { $laps } tours
})
history-move-took = { $ply }. manche { $round } : { $player } a semé la case { $house } ({ $laps ->
    [one] { $laps } tour
   *[other] { $laps } tours
}, a pris { $seeds ->
    [one] { $seeds } graine
   *[other] { $seeds } graines
})

## leaderboard
leaderboard-heading = Classement, saison { $season }, page { $page } sur { $pages } :
leaderboard-heading-final = Classement final de la saison { $season }, page { $page } sur { $pages } :
leaderboard-empty = Personne n'a encore terminé de partie classée ici pendant la saison { $season }.
leaderboard-empty-final = Personne n'a terminé de partie classée ici pendant la saison { $season }.
leaderboard-line = { $rank }. { $player } — { $rating }, { $games ->
    [one] { $games } partie
   *[other] { $games } parties
} : { $won ->
    [one] { $won } victoire
   *[other] { $won } victoires
}, { $drawn ->
    [one] { $drawn } nulle
   *[other] { $drawn } nulles
}, { $lost ->
    [one] { $lost } défaite
   *[other] { $lost } défaites
}
leaderboard-provisional = ? marque une cote provisoire (moins de { $games } parties).
leaderboard-earlier = Saisons précédentes : { $command }.

## stats: a player's rating and record in this season.
stats-none = { $player } n'a pas encore joué de partie classée ici pendant la saison { $season }.
stats-line = { $player }, saison { $season } : cote { $rating } ± { $spread } ; { $games ->
    [one] { $games } partie
   *[other] { $games } parties
} : { $won ->
    [one] { $won } victoire
   *[other] { $won } victoires
}, { $drawn ->
    [one] { $drawn } nulle
   *[other] { $drawn } nulles
}, { $lost ->
    [one] { $lost } défaite
   *[other] { $lost } défaites
} ; plus longue série de victoires { $streak }.
stats-line-provisional = { $player }, saison { $season } : cote { $rating } ± { $spread } (provisoire) ; { $games ->
    [one] { $games } partie
   *[other] { $games } parties
} : { $won ->
    [one] { $won } victoire
   *[other] { $won } victoires
}, { $drawn ->
    [one] { $drawn } nulle
   *[other] { $drawn } nulles
}, { $lost ->
    [one] { $lost } défaite
   *[other] { $lost } défaites
} ; plus longue série de victoires { $streak }.
# Under the rating chart.
stats-chart-caption = Saison { $season } · { $games ->
    [one] { $games } partie
   *[other] { $games } parties
} : { $won ->
    [one] { $won } victoire
   *[other] { $won } victoires
}, { $drawn ->
    [one] { $drawn } nulle
   *[other] { $drawn } nulles
}, { $lost ->
    [one] { $lost } défaite
   *[other] { $lost } défaites
} ; plus longue série { $streak }
stats-chart-caption-partial = Saison { $season } · { $games ->
    [one] { $games } partie
   *[other] { $games } parties
} : { $won ->
    [one] { $won } victoire
   *[other] { $won } victoires
}, { $drawn ->
    [one] { $drawn } nulle
   *[other] { $drawn } nulles
}, { $lost ->
    [one] { $lost } défaite
   *[other] { $lost } défaites
} ; plus longue série { $streak } (courbe : les { $charted } dernières)

## help and rules: the console's (its command names are the same in every language).
help-console =
    Commandes (les options s'écrivent nom:valeur) :
      challenge opponent:NOM [endgame:capturer|starter] [chain:yes|no] [first:challenger|challenged|random]
    {"            ["}target:7-12|none] [rounds:1-99] [clock:5m-7d]   proposer une partie (par défaut : capturer, sans
                                                                enchaînement, premier au hasard, objectif 10,
                                                                sans limite de manches, 24h)
      accept | decline | cancel       accepter, refuser ou retirer le défi ouvert dans ce salon
      move house:N [match:N]          semer votre case N (1-12) (match:N si vous avez plusieurs parties ici)
      board [match:N]                 la partie de ce salon
      draw                            proposer la nulle, ou accepter celle de votre adversaire
      takeback [decline:yes]          demander à reprendre votre dernier coup (tant que l'adversaire n'a pas
                                      joué), ou accepter sa demande (decline:yes la refuse, ou retire la vôtre)
      resign                          abandonner la partie (demande confirmation : resign confirm:yes)
      rematch [match:N]               rejouer ici votre dernière partie terminée, mêmes conditions (ou la partie N)
      matches                         vos parties en cours sur ce serveur, et celles où c'est à vous de jouer
      history                         les manches et les coups de la partie de ce salon
      replay match:N [move:M]         revoir la partie N à partir du coup M (public:yes la montre au salon)
      analyse match:N                 l'avis de l'ordinateur sur une partie terminée : les pires coups de chacun
      export match:N                  l'enregistrement de la partie N en fichier (.nnr : namnam replay FICHIER)
      leaderboard [page:N] [season:N] le classement de ce serveur (season:N : le classement final d'une saison)
      stats [player:NOM]              la courbe de cote et le bilan d'un joueur pour cette saison
      notify on|off                   un MP quand c'est à vous de jouer (aucun quand vous êtes devant le plateau)
      puzzle [play]                   un problème : trouver le coup qui gagne le plus (celui qui attend, sinon un nouveau)
      puzzle answer house:N           y répondre : jugé aussitôt, votre cote des problèmes bouge (la même partout)
      puzzle stats                    votre cote des problèmes, les problèmes résolus et vos séries
      rules                           les règles du nam-nam
      tournament create NOM [format:swiss|round-robin] [rounds:N] [target:7-12|none] [match_rounds:N]
    {"            ["}clock:5m-7d] [round_days:N] [start:in2d|2026-12-24T18:00] [limit:N]   un tournoi ici
      tournament join|leave|start|standings|pairings|withdraw|cancel [tournament:N]
      admin abort [match:N] | admin settings [channels:#a,#b|all] [clock:24h] [target:10|none] [thread:yes|no]
    {"            ["}language:en|fr]
      admin season [news:#salon] [monthly:yes|no] [start:no]
                                      une nouvelle saison tout de suite : les cotes repartent de zéro,
                                      l'ancien classement est gardé
rules =
    Le nam-nam, l'oware itinérant du Ghana, en bref :
    - Douze cases en anneau contiennent quatre graines chacune. Vous possédez six cases au départ (Sud : 1-6,
      Nord : 7-12).
    - Un coup : prenez toutes les graines d'une de vos cases et semez-les une à une dans le sens inverse des
      aiguilles d'une montre (de 1 à 12, puis 1).
    - Chaque fois qu'une graine porte une case à exactement quatre : s'il vous reste des graines en main, le
      propriétaire de cette case prend les quatre ; si c'était votre dernière graine, vous les prenez, où que
      soit la case, et votre coup s'arrête.
    - Si votre dernière graine tombe dans une case qui avait déjà des graines (sans en faire quatre), vous les
      reprenez toutes et semez encore : un nouveau tour. Si elle tombe dans une case vide, votre coup s'arrête.
    - Vous devez laisser des graines à votre adversaire s'il n'en a plus ; un joueur sans graines passe.
    - Quand une prise laisse quatre graines ou moins en jeu, la manche s'arrête et ces graines vont à l'auteur
      de cette prise (ou au premier joueur de la manche, si la partie a été réglée ainsi).
    - Entre les manches, chaque lot de quatre graines gagnées vous achète une case : celui qui possède le plus
      de cases gagne la manche, et le territoire change de mains. Le premier coup alterne d'une manche à l'autre.
    - La partie s'arrête quand un joueur ne possède plus aucune case, quand quelqu'un atteint l'objectif de
      cases convenu, ou après le nombre de manches convenu. Chaque coup a une pendule : si elle s'écoule, vous
      perdez.

## The server's settings, as its admins see them.
settings = Réglages : parties dans { $channels } ; pendule par défaut { $clock } par coup ; objectif par défaut { $target } ; un fil par partie : { $thread } ; langue : { $language } ; page web : { $web } ; problème du jour : { $daily }.
settings-every-channel = tous les salons
settings-target = { $houses } cases
settings-no-target = aucun
settings-yes = oui
settings-no = non
settings-language = { $language }
settings-language-discord = comme le dit Discord ({ $language })
settings-web-on = activée
settings-web-off = désactivée (`web:yes` l'active)
settings-daily-puzzle = dans { $channel }
settings-no-daily-puzzle = aucun (`daily-puzzle:#salon` en publie un là chaque jour)
# The server's page, told privately to the admin who turned it on or gave it a new link.
web-page-link = La page web de ce serveur : { $link } (quiconque a le lien peut la lire ; `web:new-link` en donne un nouveau et l'ancien cesse de marcher, `web:no` la désactive).
web-page-path = La page web de ce serveur est activée, à { $link } sur le serveur web du bot (le bot ne connaît pas l'adresse de ce serveur : son opérateur règle NAMNAM_WEB_URL).
