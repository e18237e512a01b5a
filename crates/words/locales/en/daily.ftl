## The daily puzzle (docs/puzzles.md): posted once a day in the channel a server admin chose; its button
## opens the puzzle privately for whoever presses it. $side is `south` or `north`, $difficulty 1–3.
daily-puzzle-today = 🧩 **Daily puzzle** of { $date }: { $side ->
        [south] South
       *[north] North
    } to move, find the move that wins the most (difficulty { $difficulty } of 3). Press the button to try it: only you see the puzzle and your answer.
daily-puzzle-opened = 🧩 The daily puzzle of { $date }:
daily-puzzle-button = Solve it
## The day before's puzzle, at the top of the next day's post; $fastest is the next message, or nothing.
daily-puzzle-yesterday = Yesterday's puzzle: { $answered ->
        [0] nobody answered it.
       *[other] { $solved } of { $answered } solved it.{ $fastest }
    }
daily-puzzle-fastest = { " " }Fastest: { $player }, { $after } after the post.
