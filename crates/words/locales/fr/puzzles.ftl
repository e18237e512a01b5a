# Les problèmes : une position où un coup est nettement le meilleur, montrée en privé ; la réponse jugée
# aussitôt ; la cote des problèmes (une par joueur, sur tous les serveurs) et son bilan.

## puzzle play : le problème, au-dessus du plateau et d'un bouton par case jouable.
puzzle-prompt-south = **Problème** (difficulté { $difficulty } sur 3). Sud joue : trouvez le coup qui gagne le plus.
puzzle-prompt-north = **Problème** (difficulté { $difficulty } sur 3). Nord joue : trouvez le coup qui gagne le plus.
puzzle-again = Votre problème attend toujours sa réponse.
puzzle-all-seen = Vous avez vu tous les problèmes ({ $count }) : bravo ! D'autres viendront ; en attendant, { $stats } montre votre bilan.

## La réponse.
puzzle-move = la case { $house } { $seeds ->
    [0] ne prend rien
    [one] prend { $seeds } graine
   *[other] prend { $seeds } graines
} en { $laps ->
    [one] { $laps } semis
   *[other] { $laps } semis
}{ $given ->
    [0] {""}
    [one] , en laissant { $given } graine à l'adversaire
   *[other] , en laissant { $given } graines à l'adversaire
}{ $ends ->
    [1] , et finit la manche
   *[0] {""}
}
puzzle-right = **Juste** : { $move }.
puzzle-wrong = **Ce n'est pas le meilleur coup** : { $best } ; la vôtre, { $yours }.
puzzle-theme = Ce qu'il enseigne : { $theme }.
puzzle-theme-ends-round = finir la manche
puzzle-theme-feeding = nourrir un adversaire sans graines
puzzle-theme-mid-lap-capture = une prise en cours de semis
puzzle-theme-long-relay = un long relais
puzzle-theme-last-seed-capture = une prise avec la dernière graine
puzzle-rating = Cote des problèmes { $rating } ({ $change }) ; { $streak ->
    [0] pas de série
    [one] { $streak } résolu d'affilée
   *[other] { $streak } résolus d'affilée
} (record { $best }).
puzzle-its-rating = Cote de ce problème : { $rating } ({ $change }), après { $answers ->
    [one] { $answers } réponse
   *[other] { $answers } réponses
}.
puzzle-its-rating-unmoved = Cote de ce problème : { $rating } (vos réponses la feront bouger quand votre propre cote des problèmes sera établie).
puzzle-animations = Les images : là où mène la meilleure suite, puis le meilleur coup, puis le vôtre.
puzzle-why = **Pourquoi** : { $line }.
puzzle-line-you = vous jouez la case { $house }{ $what }
puzzle-line-other = { $side } répond par la case { $house }{ $what }
puzzle-line-takes = { $taken ->
    [0] {""}
    [one] , en prenant { $taken } graine
   *[other] , en prenant { $taken } graines
}{ $given ->
    [0] {""}
    [one] , en donnant { $given } graine
   *[other] , en donnant { $given } graines
}
puzzle-line-ends = , et la manche finit : vous { $mine } graines, { $side } { $theirs }
puzzle-punished = Contre le vôtre, { $reply } — après { $plies } coups vous avez { $cost ->
    [0] autant de graines, mais l'avance de la réponse se voit plus tard
    [one] { $cost } graine de moins qu'avec la réponse
   *[other] { $cost } graines de moins qu'avec la réponse
}.
puzzle-fact-feeding = { $side } n'a pas de graines : votre coup doit lui en donner.
puzzle-fact-stall = { $moves } coups sans prise jusqu'ici : à 100 la manche finit, les graines de chaque case à son propriétaire.
puzzle-fact-last-seeds-capturer = Quand une prise laisse quatre graines ou moins, la manche finit et elles vont à celui qui a fait cette prise.
puzzle-fact-last-seeds-starter = Quand une prise laisse quatre graines ou moins, la manche finit et elles vont à celui qui a commencé la manche, { $starter }.
button-next-puzzle = Problème suivant

## puzzle stats
puzzle-stats = Problèmes de { $player } : cote { $rating } ± { $spread } ; { $solved } résolus sur { $attempts } ; série { $streak }, record { $best }.
puzzle-stats-provisional = Problèmes de { $player } : cote { $rating } ± { $spread } (provisoire) ; { $solved } résolus sur { $attempts } ; série { $streak }, record { $best }.
puzzle-stats-none = Vous n'avez encore répondu à aucun problème : { $puzzle } vous en montre un (une seule cote pour les problèmes, la même sur tous les serveurs).
