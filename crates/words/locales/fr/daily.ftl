## The daily puzzle (docs/puzzles.md): posted once a day in the channel a server admin chose; its button
## opens the puzzle privately for whoever presses it. $side is `south` or `north`, $difficulty 1–3.
daily-puzzle-today = 🧩 **Problème du jour** du { $date } : { $side ->
        [south] Sud
       *[north] Nord
    } joue, trouvez le coup qui gagne le plus (difficulté { $difficulty } sur 3). Appuyez sur le bouton pour essayer : vous seul voyez le problème et votre réponse.
daily-puzzle-opened = 🧩 Le problème du jour du { $date } :
daily-puzzle-button = Le résoudre
## The day before's puzzle, at the top of the next day's post; $fastest is the next message, or nothing.
daily-puzzle-yesterday = Le problème d'hier : { $answered ->
        [0] personne n'y a répondu.
       *[other] { $solved ->
            [0] aucune des { $answered } réponses n'était la bonne.
            [one] { $solved } joueur sur { $answered } l'a résolu.
           *[other] { $solved } joueurs sur { $answered } l'ont résolu.
        }{ $fastest }
    }
daily-puzzle-fastest = { " " }Le plus rapide : { $player }, { $after } après la publication.
