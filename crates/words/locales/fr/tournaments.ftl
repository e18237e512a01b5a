# Un tournoi : son inscription, ses rondes, ses appariements, son classement et ses nouvelles.
#
# $tournament est le nom du tournoi tel que son organisateur l'a écrit ; $player, $south, $north, $organiser
# sont des noms de joueurs ; $time et $until sont des moments (Discord les montre à l'heure de chaque lecteur).

# Les boutons sous l'inscription à un tournoi.
button-join = Rejoindre
button-leave = Quitter

## L'inscription.

tournament-signup = { $organiser } organise **{ $tournament }** (tournoi n° { $id }) : { $format }.
tournament-format-round-robin = toutes rondes
tournament-format-swiss = système suisse
# Les conditions, jointes par « · » : « système suisse, 4 rondes · objectif 10 cases · 24h par coup · 7 jours par ronde ».
tournament-terms-swiss-rounds = { $rounds ->
    [one] système suisse, { $rounds } ronde
   *[other] système suisse, { $rounds } rondes
}
tournament-terms-swiss = système suisse
tournament-terms-round-robin = toutes rondes
tournament-terms-target = { $houses ->
    [one] objectif { $houses } case
   *[other] objectif { $houses } cases
}
tournament-terms-round-limit = { $rounds ->
    [one] au plus { $rounds } manche par partie
   *[other] au plus { $rounds } manches par partie
}
tournament-terms-clock = { $clock } par coup
tournament-terms-endgame-starter = dernières graines à qui a commencé la manche
tournament-terms-chain = prises en chaîne
tournament-terms-round-days = { $days ->
    [one] { $days } jour par ronde
   *[other] { $days } jours par ronde
}
tournament-swiss-plan = Il se joue en { $rounds } rondes si au moins { $players } joueurs s'inscrivent ; avec moins de joueurs, en autant de rondes qu'ils peuvent en jouer sans se rencontrer deux fois (la moitié du nombre de joueurs, arrondie à l'entier supérieur).
tournament-signup-join = Inscrivez-vous avec le bouton ci-dessous ou { $join } ; { $joined ->
    [one] { $joined } inscrit
   *[other] { $joined } inscrits
} pour l'instant. { $start }
tournament-signup-join-limit = Inscrivez-vous avec le bouton ci-dessous ou { $join } ({ $limit } joueurs au plus) ; { $joined ->
    [one] { $joined } inscrit
   *[other] { $joined } inscrits
} pour l'instant. { $start }
tournament-starts-at = Il commence le { $time }.
tournament-started-by = { $organiser } le lance avec { $command }.

## S'inscrire, se désinscrire, commencer.

tournament-joined = Vous êtes inscrit à **{ $tournament }** ({ $count ->
    [one] { $count } joueur
   *[other] { $count } joueurs
} pour l'instant). { $start } Pour vous désinscrire avant le début : { $leave }.
tournament-left = Vous n'êtes plus inscrit à **{ $tournament }**. Vous changez d'avis ? Réinscrivez-vous avant le début.
tournament-has-started = Le tournoi a commencé : sa première ronde est publiée.
tournament-could-not-start = **{ $tournament }** n'a pas pu commencer : il faut au moins deux joueurs.

## Une ronde.

tournament-pairing = **{ $tournament }**, ronde { $round } : partie n° { $id }, { $south } (Sud, joue en premier) contre { $north } (Nord).
# Le nom du fil d'une partie (texte simple, 100 caractères au plus) : « Coupe d'hiver R2 : alice contre bob ».
tournament-thread = { $tournament } R{ $round } : { $south } contre { $north }
tournament-begins = **{ $tournament }** commence : ronde 1 sur { $total }, jusqu'au { $until }. Bonne chance !
tournament-next-round = **{ $tournament }** : la ronde { $over } est terminée. La ronde { $round } sur { $total } commence, jusqu'au { $until }.
tournament-news-bye = - { $player } : exempt (un point).
tournament-news-match = - { $south } (Sud) contre { $north } : partie n° { $id }.
tournament-news-forfeit = - { $south } contre { $north } : forfait (un joueur s'est retiré).
tournament-news-threads = Chaque partie se joue dans son propre fil (ou ici quand les fils ne sont pas autorisés). { $standings } affiche le classement à tout moment.
tournament-out-of-time = Le temps de la ronde { $round } de **{ $tournament }** est écoulé : la partie n° { $id } est jugée sur les cases que possède chaque joueur.

## Les appariements.

tournament-pairings = **{ $tournament }**, ronde { $round } sur { $total } :
tournament-pairings-until = **{ $tournament }**, ronde { $round } sur { $total }, jusqu'au { $until } :
tournament-pairings-item = - { $pairing }
tournament-pairings-item-match = - { $pairing } (partie n° { $id })
tournament-pairing-open = { $south } – { $north }
tournament-pairing-result = { $south } – { $north } : { $score }
tournament-pairing-result-houses = { $south } – { $north } : { $score } (aux cases)
tournament-pairing-result-forfeit = { $south } – { $north } : { $score } (forfait)
tournament-pairing-bye = { $player } : exempt
tournament-pairings-title = Ronde { $round }

## Le classement.

tournament-title-first-round = { $tournament } : ronde 1 sur { $total }
tournament-title-after-round = { $tournament } : classement après la ronde { $round }
tournament-title-during-round = { $tournament } : classement pendant la ronde { $round }
tournament-title-final = { $tournament } : classement final
# Un score ou un départage avec des décimales : « 2,5 », « 2,25 ».
tournament-decimal = { $whole },{ $decimals }
# $halves : le score en demi-points (un point = 2). En français, « point » reste au singulier sous 2.
tournament-points = { $halves ->
    [0] { $points } point
    [1] { $points } point
    [2] { $points } point
    [3] { $points } point
   *[other] { $points } points
}
tournament-standings-line = { $rank } { $player } : { $points } · { $tiebreaks } · { $played ->
    [one] { $played } partie jouée
   *[other] { $played } parties jouées
}
tournament-standings-line-withdrawn = { $rank } { $player } : { $points } · { $tiebreaks } · { $played ->
    [one] { $played } partie jouée
   *[other] { $played } parties jouées
} (retiré)
tournament-not-started-empty = **{ $tournament }** n'a pas encore commencé : aucun inscrit pour l'instant.
tournament-not-started = **{ $tournament }** n'a pas encore commencé : { $count ->
    [one] { $count } inscrit
   *[other] { $count } inscrits
} pour l'instant : { $players }.
tournament-swiss-rounds-now = Avec { $players } joueurs, il se jouerait en { $count ->
    [one] { $count } ronde
   *[other] { $count } rondes
}.

## Se retirer, annuler, la fin.

tournament-withdraws = { $player } se retire de **{ $tournament }** : ses parties restantes sont perdues par forfait.
tournament-withdrawn-match-lost = Vous vous êtes retiré de **{ $tournament }** : votre partie n° { $id } est perdue, et vos parties restantes sont perdues par forfait.
tournament-withdrawn = Vous vous êtes retiré : vos parties restantes sont perdues par forfait.
tournament-cancelled = { $player } a annulé **{ $tournament }**.
tournament-cancelled-running = { $player } a annulé **{ $tournament }**. Ses parties en cours continuent comme des parties classées ordinaires.
tournament-won = **{ $tournament }** est terminé : { $player } gagne avec { $points } ! 🏆
tournament-shared = **{ $tournament }** est terminé : { $players } se partagent la première place.
tournament-and = { $first } et { $last }
tournament-thanks = Merci à tous d'avoir joué. Le classement final :

## Ce qu'un joueur choisit en tapant `tournament:`.

tournament-choice-signup = n° { $id } { $tournament }, inscriptions ouvertes
tournament-choice-round = n° { $id } { $tournament }, ronde { $round }
