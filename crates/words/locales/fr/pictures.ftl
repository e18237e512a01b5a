# Les mots des images : le plateau (son titre, ses barres, ses greniers, les marques d'un coup et les deux
# lignes d'état), l'animation d'un coup, la courbe de cote, le classement d'un tournoi, et la description
# de chaque image pour les lecteurs d'écran. Le nom d'un joueur ($player, $winner, $loser, $other, $south,
# $north, $starter, $name) est dessiné dans une pastille de sa couleur là où le message le place. Sud joue
# en bleu, Nord en orange.

## Le plateau

picture-round = Manche { $round }
# L'image d'un problème : son titre, et la première ligne d'état avant la réponse.
picture-heading-puzzle = Problème
picture-puzzle-task = Trouvez le coup qui gagne le plus
picture-heading-lesson = Leçon
picture-lesson-task = À vous de jouer : la consigne est dans le message
picture-sowing = semis : 1 → 12, sens antihoraire ↺
picture-store = grenier
picture-owns-houses = possède { $count ->
    [one] { $count } case
   *[other] { $count } cases
}
# La marque sur la barre du joueur au trait ; sur un plateau vidé, de celui qui ouvre la manche suivante.
picture-to-move = ▶ au trait
picture-starts-next = ▶ commence ensuite
# Le nom d'un camp, dessiné quand les polices n'ont rien du nom d'un joueur.
picture-south = Sud
picture-north = Nord
# Les cases de la manche suivante à côté des lignes d'état, ou les cases finales quand la partie est finie.
picture-map-next = manche suivante
picture-map-final = cases finales

# Les étiquettes sur les anneaux du coup montré.
picture-tag-start = départ
picture-tag-end = arrivée
picture-tag-start-end = départ · arrivée
picture-tag-lap-ends = fin du semis { $count }

## Les lignes d'état

picture-opening = Manche { $round } : semez dans le sens antihoraire, faites des quatre, gagnez des cases
picture-turn-south = { $player } au trait : choisissez une de vos cases bleues
picture-turn-north = { $player } au trait : choisissez une de vos cases orange
picture-starts-south = { $player } commence : choisissez une de vos cases bleues
picture-starts-north = { $player } commence : choisissez une de vos cases orange
picture-turn-stall = { $player } au trait · { $count } coups sans prise : à { $limit }, la manche s'arrête
picture-pass = { $other } n'a plus de graines et passe : { $player } rejoue

# Le coup montré : $count semis, $took graines prises par qui a joué, $got par l'autre joueur.
picture-move-quiet = { $player } a semé la case { $house } : { $count ->
    [one] { $count } semis
   *[other] { $count } semis
}, aucune prise
picture-move-took = { $player } a semé la case { $house } : { $count ->
    [one] { $count } semis
   *[other] { $count } semis
}, prend { $took }
picture-move-gave = { $player } a semé la case { $house } : { $count ->
    [one] { $count } semis
   *[other] { $count } semis
} · { $other } prend { $got }
picture-move-both = { $player } a semé la case { $house } : { $count ->
    [one] { $count } semis
   *[other] { $count } semis
}, prend { $took } · { $other } prend { $got }

# La fin d'une manche : $count graines pour le gagnant, $fewer pour l'autre.
picture-round-won = Manche { $round } pour { $winner } : { $count ->
    [one] { $count } graine
   *[other] { $count } graines
} contre { $fewer }
picture-round-drawn = Manche { $round } nulle : { $count ->
    [one] { $count } graine
   *[other] { $count } graines
} chacun
# Les cases de la manche suivante : $south_houses pour Sud, $count pour Nord.
picture-round-next = Ensuite : { $south } { $south_houses }, { $north } { $count ->
    [one] { $count } case
   *[other] { $count } cases
} · { $starter } commence

# La fin de la partie.
picture-match-won = { $winner } gagne la partie !
picture-match-drawn = La partie est nulle
picture-end-whole-board = { $loser } n'a plus aucune case
picture-end-target = { $winner } atteint l'objectif avec { $count ->
    [one] { $count } case
   *[other] { $count } cases
}
picture-end-resignation = { $loser } a abandonné
picture-end-timeout = { $loser } a dépassé son temps
picture-end-agreement = nulle d'un commun accord
picture-end-adjudicated = départagée par les cases possédées : le temps était écoulé
picture-end-round-limit = limite de manches atteinte : { $count ->
    [one] { $count } manche jouée
   *[other] { $count } manches jouées
}
picture-end-even = six cases chacun

## L'animation d'un coup

picture-lifts = { $player } lève { $count ->
    [one] { $count } graine
   *[other] { $count } graines
} de la case { $house }
picture-sows = { $count ->
    [one] et la sème dans la case suivante, sens antihoraire
   *[other] et les sème une à une, dans le sens antihoraire
}
picture-lap-ended = Le semis { $lap } finit dans la case { $house }, qui a maintenant { $count ->
    [one] { $count } graine
   *[other] { $count } graines
} :
picture-lifts-again = { $player } les lève toutes, semis { $lap } sur { $laps }
picture-lap-of = semis { $lap } sur { $laps }
picture-capture-mid-lap = La case { $house } fait quatre : { $player }, qui la possède, les prend
picture-capture-last-seed = La dernière graine fait quatre dans la case { $house } : { $player } les prend
picture-capture-chain = Quatre dans la case { $house } et une chaîne : { $player } en prend { $count }
# La fin de la manche dans l'animation d'un coup : les graines encore en jeu vont aux greniers (rules.md §4).
picture-hand-out-last-seeds = { $count ->
    [one] { $count } graine reste en jeu : elle va à { $player }
   *[other] { $count } graines restent en jeu : elles vont à { $player }
}
picture-hand-out-stall = 100 coups sans prise : les graines de chaque case vont à qui la possède
picture-hand-out-stuck = Aucun coup possible : les graines de chaque case vont à qui la possède
picture-hand-out-stores = Manche finie : { $south } +{ $south_count }, { $north } +{ $north_count }

## Les descriptions pour les lecteurs d'écran

# $north et $south sont des picture-who-* ; $seeds liste les graines des cases 1 à 12.
picture-about-board = Plateau de Nam-nam, manche { $round }. { $north }. { $south }. Graines des cases 1 à 12 : { $seeds }.
picture-about-puzzle = Plateau d'un problème de Nam-nam. { $north }. { $south }. Graines des cases 1 à 12 : { $seeds }.
picture-about-lesson = Plateau d'une leçon de Nam-nam. { $north }. { $south }. Graines des cases 1 à 12 : { $seeds }.
# $houses liste les cases possédées (« 1–7 », « 7–12, 1–3 ») ; $store est le nombre de graines du grenier.
picture-who-south = { $name } (sud, bleu) possède { $count ->
    [one] la case
   *[other] les cases
} { $houses }, grenier { $store }
picture-who-north = { $name } (nord, orange) possède { $count ->
    [one] la case
   *[other] les cases
} { $houses }, grenier { $store }
picture-who-south-none = { $name } (sud, bleu) ne possède aucune case, grenier { $store }
picture-who-north-none = { $name } (nord, orange) ne possède aucune case, grenier { $store }
# L'animation : sa première ligne ($move) et la description du plateau final ($board).
picture-about-animation = Animation en { $count ->
    [one] { $count } image
   *[other] { $count } images
} : { $move }. { $board }

## La courbe de cote

picture-chart-title = { $name } : cote
picture-chart-game = partie
picture-chart-empty = aucune partie classée pour l'instant
picture-about-chart-none = Courbe de cote de { $name } : pas encore de cote.
picture-about-chart-one = Courbe de cote de { $name } : { $rating }, aucune partie classée pour l'instant.
# Sur $count parties, de $first à $last.
picture-about-chart = Courbe de cote de { $name } : de { $first } à { $last } en { $count ->
    [one] { $count } partie
   *[other] { $count } parties
} ; au plus haut { $high }, au plus bas { $low }.

## Le classement d'un tournoi

picture-standings-rank = #
picture-standings-player = Joueur
picture-standings-points = Points
picture-standings-games = Parties
picture-standings-withdrawn = (forfait)
picture-standings-empty = aucun joueur pour l'instant
picture-standings-more = … et { $count } de plus
picture-standings-pairings = Appariements
# La description : le premier avec l'unité ($count points entiers, ou $points tel qu'écrit), puis les autres.
picture-about-leader = { $rank } { $name } { $count ->
    [one] { $count } point
   *[other] { $count } points
}
picture-about-leader-part = { $rank } { $name } { $points } points
picture-about-entry = { $rank } { $name } { $points }
picture-about-withdrawn = { $entry } (forfait)
picture-about-pairings = { $title } :
picture-about-no-players = Aucun joueur pour l'instant.
