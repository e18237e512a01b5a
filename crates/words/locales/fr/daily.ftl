## The daily puzzle (docs/puzzles.md): posted once a day in the channel a server admin chose; its button
## opens the puzzle privately for whoever presses it. $side is `south` or `north`, $difficulty 1–3.
daily-puzzle-today = 🧩 **Problème du jour** du { $date } : { $side ->
        [south] Sud
       *[north] Nord
    } joue, trouvez le coup qui gagne le plus (difficulté { $difficulty } sur 3). Appuyez sur le bouton pour essayer : vous seul voyez le problème et votre réponse.
daily-puzzle-button = Le résoudre
## The day before's puzzle, at the top of the next day's post. $fastest is daily-puzzle-fastest or nothing.
daily-puzzle-yesterday = Le problème d'hier : { $solved ->
        [0] personne ne l'a résolu
        [one] résolu par un joueur
       *[other] résolu par { $solved } joueurs
    } sur { $answered ->
        [one] un qui a répondu
       *[other] { $answered } qui ont répondu
    }.{ $fastest }
daily-puzzle-fastest = { " " }Le plus rapide : { $player }, { $after } après la publication.
