# Records, replays, analyses and a player's history.

# A replay's button that jumps to the end of the round shown.
button-next-round = Manche suivante

## export: a match's record as a file.
export = L'enregistrement de la partie n° { $id }, au format d'enregistrement de Namnam (.{ $extension }) : `namnam replay FICHIER` le rejoue dans un terminal, et { $replay } ici.
export-description = L'enregistrement de la partie n° { $id }

## replay: a match stepped move by move.
replay-headline = Revoir la partie n° { $id } : { $south } (Sud) contre { $north } (Nord). { $how }
replay-stopped = Elle a été arrêtée par un admin.
replay-live = Elle est encore en cours.
replay-before = Avant le premier coup ({ $moves } en tout). ▶ avance dans la partie.
replay-move = Coup { $ply } sur { $moves } (manche { $round }, coup { $in_round }) : { $move }
replay-move-mistake = Coup { $ply } sur { $moves } (manche { $round }, coup { $in_round }) ⚠ : { $move }
replay-mistake = ⚠ Une erreur, selon l'ordinateur : la case { $best } était meilleure ; case { $played } : { $cost }.
# The line under a replay's picture (its font has no ⚠).
replay-picture-mistake = Erreur : la case { $best } était meilleure ({ $cost })

## analyse: the computer's verdict on a finished match.
analysis-heading = L'analyse de la partie n° { $id } par l'ordinateur : { $south } contre { $north }, { $moves } coups.
analysis-no-mistake = { $player } : aucun coup qui ait cédé une graine ou plus tant que la partie pouvait tourner.
analysis-mistakes = Les erreurs de { $player } qui ont le plus compté :
analysis-mistake = - coup { $ply } (manche { $round }, coup { $in_round }) : case { $played } ; la case { $best } était meilleure : { $cost }.
analysis-why = Pourquoi : { $line }.
analysis-punished = Tel que joué, avec les meilleures réponses : { $line } — { $plies } coups plus loin, { $seeds ->
    [one] { $seeds } graine
   *[other] { $seeds } graines
} de moins.
analysis-why-later = Pourquoi : { $plies } coups de meilleur jeu ne le montrent pas encore en graines ; l'ordinateur le voit plus loin.
analysis-line-quiet = …
analysis-line-own = case { $house }{ $what }{ $ends ->
    [1] , qui clôt la manche
   *[0] {""}
}
analysis-line-other = la case { $house } de { $player }{ $what }{ $ends ->
    [1] , qui clôt la manche
   *[0] {""}
}

## What a mistake cost.
cost-won-turned-lost = il a changé une partie gagnée en partie perdue
cost-win-slipped = il a laissé échapper une partie gagnée
cost-match-lost = il a perdu la partie
cost-match-lost-unpunished = face au meilleur jeu il perdait la partie (l'adversaire ne l'a pas vu)
cost-won-turned-lost-unpunished = face au meilleur jeu il changeait une partie gagnée en partie perdue (l'adversaire ne l'a pas vu)
cost-houses-last-round = il a cédé environ { $houses ->
    [one] { $houses } case
   *[other] { $houses } cases
} à la fin de la partie
cost-houses = il a cédé environ { $houses ->
    [one] { $houses } case
   *[other] { $houses } cases
} pour la manche suivante
cost-seeds = il a cédé environ { $seeds ->
    [one] { $seeds } graine
   *[other] { $seeds } graines
}
cost-about-houses = environ { $houses ->
    [one] { $houses } case
   *[other] { $houses } cases
}
cost-about-seeds = environ { $seeds ->
    [one] { $seeds } graine
   *[other] { $seeds } graines
}
analysis-queued = L'ordinateur examine les { $moves } coups de la partie n° { $id } : son avis sera publié dans ce salon dans un instant.
