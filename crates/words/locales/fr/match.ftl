# Les mots d'une partie : coups, manches, territoire, résultats, tours. $houses est une liste de numéros
# de cases (« 1–7 », « 3–5 et 12 ») ; les nombres choisissent leur pluriel.

move-sowed = { $mover } a semé la case { $house } : { $laps ->
    [one] { $laps } semis
   *[other] { $laps } semis
}
move-capture-mid-lap = { $player } prend { $seeds ->
    [one] { $seeds } graine
   *[other] { $seeds } graines
} ({ $count ->
    [one] case
   *[other] cases
} { $houses })
move-capture-last-seed = { $player } prend { $seeds ->
    [one] { $seeds } graine
   *[other] { $seeds } graines
} avec la dernière graine ({ $count ->
    [one] case
   *[other] cases
} { $houses })
move-capture-chain = { $player } prend { $seeds ->
    [one] { $seeds } graine
   *[other] { $seeds } graines
} en chaîne ({ $count ->
    [one] case
   *[other] cases
} { $houses })
move-pass = { $player } n'a plus de graines et passe.

round-over = La manche { $round } est terminée ({ $reason }) : { $south } a { $south_seeds ->
    [one] { $south_seeds } graine
   *[other] { $south_seeds } graines
}, { $north } { $north_seeds }.
round-reason-last-seeds = il restait quatre graines ou moins en jeu
round-reason-stall = 100 coups sont passés sans prise
round-reason-stuck = le joueur au trait n'avait aucun coup permis
round-winner = { $name } gagne la manche.
round-drawn = La manche est nulle, six cases chacun.
round-next = Manche { $round } : { $territory } ; { $starter } commence.

side-south = { $name } joue Sud (cases { $houses })
side-north = { $name } joue Nord (cases { $houses })
owns-houses = { $name } possède { $count ->
    [one] { $count } case
   *[other] { $count } cases
} ({ $houses })
houses-none = aucune
list-last = { $list } et { $last }

result-win = { $name } gagne la partie ({ $why }).
match-final-houses = Cases à la fin : { $south } { $south_houses }, { $north } { $north_houses }.
result-draw = La partie est nulle ({ $why }).
result-why-whole-board = l'autre joueur ne possède plus aucune case
result-why-target = l'objectif de cases est atteint
result-why-round-limit = la dernière manche a été jouée
result-why-resignation = abandon
result-why-timeout = le temps de réflexion est écoulé
result-why-agreement = d'un commun accord
result-why-adjudicated = départagée par les cases possédées à la fin du temps de la ronde

turn = À { $name } de jouer, avant { $deadline } ({ $clock } par coup).

# The buttons under a match's board and its messages.
# Under the turn, once the stall is near (from 80 moves without a capture), and when a house with seeds has no
# button because its move would never end.
match-stall-near = { $count } coups sans prise : { $left ->
    [one] encore un et la manche s'arrête
   *[other] encore { $left } et la manche s'arrête
}, les graines de chaque case allant à son propriétaire.
match-endless-houses = { $count ->
    [one] Pas de bouton pour la case { $houses } : son coup sèmerait sans fin (un coup sans fin), ce que les règles interdisent.
   *[other] Pas de boutons pour les cases { $houses } : leurs coups sèmeraient sans fin (des coups sans fin), ce que les règles interdisent.
}
button-house = Case { $house }
button-take-back = Reprendre
button-offer-draw = Proposer la nulle
button-resign = Abandonner
button-resign-confirm = Oui, abandonner
button-accept-draw = Accepter la nulle
button-rematch = Revanche
button-next-level = Niveau { $level }
button-replay = Revoir
button-analyse = Analyser

# A match as a front end's autocomplete offers it: "#12 against bob, your turn".
match-choice = n° { $id } contre { $opponent }, { $turn }
board-headline = Partie n° { $id }, manche { $round } : { $south } (Sud) contre { $north } (Nord).
board-headline-aborted = Partie n° { $id }, manche { $round } : { $south } (Sud) contre { $north } (Nord). Elle a été arrêtée par un admin (non classée).
resign-confirm = Abandonner la partie n° { $id } contre { $opponent } ? C'est irréversible. Pour confirmer : { $command }.
match-resigns = { $player } abandonne.
draw-accepted = { $player } accepte la nulle proposée par { $offerer }.
draw-offer-lapsed = La proposition de nul de { $player } tombe avec ce coup.
takeback-request-lapsed = La demande de reprise de { $player } tombe avec ce coup.
draw-offered = { $player } propose la nulle. { $opponent } : { $command } pour l'accepter ; l'offre tombe au prochain coup.
match-time-out = La pendule de { $player } est tombée.
match-ratings = Cotes : { $south } { $south_before } → { $south_after }, { $north } { $north_before } → { $north_after }.
match-unrated = Cette partie n'est pas classée.
match-thinking = { $player } réfléchit…
match-draw-offered = { $player } a proposé la nulle.
match-takeback-asked = { $player } a demandé à reprendre son dernier coup.
match-computer-start = Partie n° { $id } contre l'ordinateur, { $level } : { $sides }. Les parties contre l'ordinateur ne sont pas classées.
match-computer-next-level = Vous avez battu l'ordinateur : essayez ensuite le { $level }.
level-words = niveau { $level } ({ $name })
level-name-1 = débutant
level-name-2 = occasionnel
level-name-3 = intermédiaire
level-name-4 = avancé
level-name-5 = expert
level-name-6 = le plus fort

# The board as a console shows it in text: beside each row, and under the board.
board-text-north = { $name } (nord), grenier { $store }
board-text-south = { $name } (sud), grenier { $store }
board-text-side-north = Nord, grenier { $store }
board-text-side-south = Sud, grenier { $store }
board-text-side-legend = (* à Sud, . à Nord)
board-text-legend = (* à { $south }, . à { $north })
