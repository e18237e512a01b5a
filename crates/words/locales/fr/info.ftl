# Help, the rules, leaderboards, a player's stats and matches, a match's history.

## matches: a player's active matches in this server.
matches-none = Vous n'avez aucune partie en cours sur ce serveur.
matches-heading = Vos parties en cours ({ $count }) :
matches-line = - { $channel } (partie { $id }) : contre { $opponent }, manche { $round } — { $turn }
matches-turn-yours-by = à vous de jouer, avant le { $deadline }
matches-turn-yours = à vous de jouer
matches-turn-theirs = à { $player } de jouer
matches-over = terminée

## history: a match's rounds and last moves.
history-heading = Partie n° { $id } : { $south } (Sud) contre { $north } (Nord), { $moves ->
    [one] { $moves } coup
   *[other] { $moves } coups
}.
history-last-moves = Les { $count } derniers coups :
history-move = { $ply }. manche { $round } : { $player } a semé la case { $house } ({ $laps ->
    [one] { $laps } semis
   *[other] { $laps } semis
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

## The everywhere rating: matches outside the servers that invited the bot (a group DM, a DM between
## players, a server where only players installed the app), rated apart from every server's ratings.
match-ratings-everywhere = Cotes hors serveurs : { $south } { $south_change }, { $north } { $north_change } (la vôtre : { $stats }).
# leaderboard outside servers: privately, the asker among the players they met there.
leaderboard-everywhere-heading = Cotes hors serveurs (parties hors des serveurs qui m'ont invité) : vous et les joueurs que vous avez affrontés, page { $page } sur { $pages } :
leaderboard-everywhere-place = Vous êtes { $rank ->
    [1] { $rank }er
   *[other] { $rank }e
} sur { $count }.
leaderboard-everywhere-none = Vous n'avez pas encore de cote hors serveurs : elle compte vos parties contre d'autres joueurs hors des serveurs qui m'ont invité (groupes privés, MP, serveurs où seuls des joueurs m'ont installé). Ici, vous ne voyez que les joueurs que vous avez affrontés.
stats-everywhere-line = { $player }, hors serveurs : cote { $rating } ± { $spread } ; { $games ->
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
stats-everywhere-line-provisional = { $player }, hors serveurs : cote { $rating } ± { $spread } (provisoire) ; { $games ->
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
stats-everywhere-none = Vous n'avez pas encore de cote hors serveurs : vos parties contre d'autres joueurs hors des serveurs qui m'ont invité (groupes privés, MP, serveurs où seuls des joueurs m'ont installé) comptent pour elle.
stats-everywhere-unmet = Vous n'avez pas affronté { $player } dans une partie classée hors serveurs : une cote hors serveurs n'est montrée qu'à son joueur et aux joueurs qu'il a affrontés.
# Under the everywhere rating's chart.
stats-everywhere-caption = Hors serveurs · { $games ->
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

## help and rules: the console's (its command names are the same in every language).
help-console =
    Commandes (les options s'écrivent nom:valeur) :
      learn [stage:N] [house:N]       nouveau au nam-nam ? de courtes leçons, une règle à la fois (learn match : la dernière)
      challenge [opponent:NOM] [endgame:capturer|starter] [chain:yes|no] [first:challenger|challenged|random]
    {"            ["}target:7-12|none] [rounds:1-99] [clock:5m-7d]   proposer une partie (par défaut : capturer, sans
                                                                enchaînement, premier au hasard, objectif 10,
                                                                sans limite de manches, 24h)
                                      (challenge sans adversaire : ouvert à tous ici, le premier qui accepte joue)
      challenge-menu NOM [rounds:1-99] [clock:5m-7d] [first:challenger|challenged|random]
                                      un brouillon privé de défi à NOM, comme le menu d'un membre sur Discord
      accept | decline | cancel       accepter, refuser ou retirer le défi ouvert dans ce salon
      move house:N [match:N]          semer votre case N (1-12) (match:N si vous avez plusieurs parties ici)
      board [match:N]                 la partie de ce salon
      draw                            proposer la nulle, ou accepter celle de votre adversaire
      takeback [decline:yes]          demander à reprendre votre dernier coup (tant que l'adversaire n'a pas
                                      joué), ou accepter sa demande (decline:yes la refuse, ou retire la vôtre)
      resign                          abandonner la partie (demande confirmation : resign confirm:yes)
      rematch [match:N]               rejouer ici votre dernière partie terminée, mêmes conditions (ou la partie N)
      matches                         vos parties en cours sur ce serveur, et celles où c'est à vous de jouer
      history [match:N]               les manches et les coups de votre partie de ce salon (ou de la partie N)
      replay match:N [move:M]         revoir la partie N à partir du coup M (public:yes la montre au salon)
      analyse match:N                 l'avis de l'ordinateur sur une partie terminée : les erreurs de chacun qui ont le plus compté
      export match:N                  l'enregistrement de la partie N en fichier (.nnr : namnam replay FICHIER)
      leaderboard [page:N] [season:N] le classement de ce serveur (season:N : le classement final d'une saison) ;
                                      ailleurs (guest#, private#, dm) : vous et les joueurs affrontés hors serveurs
      stats [player:NOM]              la courbe de cote et le bilan d'un joueur pour cette saison, et sa cote hors serveurs
      notify on|off                   un MP quand c'est à vous de jouer (aucun quand vous êtes devant le plateau)
      puzzle [play]                   un problème : trouver le coup qui gagne le plus (celui qui attend, sinon un nouveau)
      puzzle answer house:N           y répondre : jugé aussitôt, votre cote des problèmes bouge (la même partout)
      puzzle stats                    votre cote des problèmes, les problèmes résolus et vos séries
      daily [day:N]                   le problème du jour de ce serveur (ou d'un jour passé), si un admin l'a réglé
      rules                           les règles du nam-nam
      help                            ces commandes
      tournament create NOM [format:swiss|round-robin] [rounds:N] [target:7-12|none] [match_rounds:N]
    {"            ["}clock:5m-7d] [round_days:N] [start:in2d|2026-12-24T18:00] [limit:N]   un tournoi ici
      tournament join|leave|start|standings|pairings|withdraw|cancel [tournament:N]
      admin abort [match:N] | admin settings [channels:#a,#b|all] [clock:24h] [target:10|none] [thread:yes|no]
    {"            ["}language:en|fr] [web:yes|new-link|no] [daily-puzzle:#salon|off]
      admin season [news:#salon] [monthly:yes|no] [start:no]
                                      une nouvelle saison tout de suite : les cotes repartent de zéro,
                                      l'ancien classement est gardé
## The rules, in short: one message per part of docs/rules.md §1–§7 (the test `the_rules_tell_every_section`
## checks that every section has its part, by these ids).
rules-intro = Le nam-nam, oware itinérant du Ghana :
rules-board = - Douze cases en anneau, quatre graines chacune. Chacun possède une suite de cases (au départ Sud 1-6, Nord 7-12).
rules-sowing = - Un coup : prenez les graines d'une de vos cases et semez-en une par case, sens antihoraire (après 12 vient 1), même dans celle vidée.
rules-fours = - Quatre : une graine qui fait quatre dans une case prend les quatre, au coup de l'un ou l'autre : graines encore en main, pour le propriétaire de la case (même adverse) ; avec votre dernière graine, pour vous, et le coup s'arrête.
rules-laps = - Relance : une dernière graine dans une case non vide la fait reprendre et semer encore ; dans une case vide, le coup s'arrête.
rules-endless = - Un coup qui relancerait sans fin est interdit (sa case est marquée sans fin).
rules-feeding = - Un adversaire sans graines au début de votre tour doit en recevoir de votre coup.
rules-passing = - Un coup qui laisse l'adversaire sans graines le fait passer : vous rejouez.
rules-stuck = - Bloqué : un joueur avec des graines mais sans coup permis arrête la manche ; chaque case va à son propriétaire.
rules-last-seeds = - Une prise qui laisse 4 graines ou moins en jeu arrête la manche ; elles vont à l'auteur de la prise (ou, selon l'option, au premier joueur de la manche).
rules-stall = - Enlisement : 100 coups sans prise arrêtent la manche, chaque case à son propriétaire ; le plateau les compte dès 80.
rules-chain = - Chaîne (option) : un quatre de votre dernière graine chez l'adversaire prend aussi ses cases juste avant à 2 ou 3 graines, cinq cases au plus en tout (plus : le quatre seul).
rules-territory = - 4 graines gagnées achètent une case pour la manche suivante. Les restes (1 à 3) donnent la douzième case au plus grand reste, ou pour 2 et 2 à qui a gagné le plus : 23 graines contre 25 : six cases chacun.
rules-next-round = - Le plus de cases gagne la manche (six chacun : nulle). La suivante repart à quatre graines par case ; le premier joueur alterne.
rules-match-end = - La partie s'arrête quand un joueur n'a plus de case, atteint l'objectif, ou à la limite de manches (le plus de cases gagne ; six chacun : nul). Abandon ou nul à tout moment ; pendule écoulée : perdu.

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
