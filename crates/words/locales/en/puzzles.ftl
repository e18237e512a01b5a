# Puzzles: a position with one clearly best move, shown privately; the answer judged at once; the puzzle
# rating (one per player, across servers) and its record.

## puzzle play: the puzzle, above the board and one button per legal house.
puzzle-prompt-south = **Puzzle** (difficulty { $difficulty } of 3). South to move: find the move that wins the most.
puzzle-prompt-north = **Puzzle** (difficulty { $difficulty } of 3). North to move: find the move that wins the most.
# Under the prompt when the puzzle was shown already and is still unanswered.
puzzle-again = Your puzzle is still waiting for its answer.
puzzle-all-seen = You have seen every puzzle there is ({ $count }): well played! New ones will come; meanwhile { $stats } shows how you did.

## The answer.
# What a move does: "house 4 captures 12 seeds in 3 laps".
puzzle-move = house { $house } { $seeds ->
    [0] captures nothing
    [one] captures { $seeds } seed
   *[other] captures { $seeds } seeds
} in { $laps ->
    [one] { $laps } lap
   *[other] { $laps } laps
}{ $given ->
    [0] {""}
    [one] , giving { $given } seed away
   *[other] , giving { $given } seeds away
}{ $ends ->
    [1] , and ends the round
   *[0] {""}
}
puzzle-right = **Right**: { $move }.
puzzle-wrong = **Not the best move**: { $best }; yours, { $yours }.
puzzle-theme = What it teaches: { $theme }.
puzzle-theme-ends-round = ending the round
puzzle-theme-feeding = feeding an opponent who has no seeds
puzzle-theme-mid-lap-capture = a capture in mid-lap
puzzle-theme-long-relay = a long relay
puzzle-theme-last-seed-capture = a capture with the last seed
# The rating after the answer; $change is signed (+12, −8).
puzzle-rating = Puzzle rating { $rating } ({ $change }); { $streak ->
    [0] no streak
    [one] { $streak } solved in a row
   *[other] { $streak } solved in a row
} (best { $best }).
# The puzzle's own rating after the answer: a right answer lowers it, a wrong one raises it ($change signed).
puzzle-its-rating = This puzzle's rating: { $rating } ({ $change }), after { $answers ->
    [one] { $answers } answer
   *[other] { $answers } answers
}.
# A newcomer's answer does not move the puzzle (their own rating is still wide open).
puzzle-its-rating-unmoved = This puzzle's rating: { $rating } (your answers move it once your own puzzle rating settles).
# The animations' order in a wrong answer's message.
puzzle-animations = The pictures: where the best line leads, then the best move, then yours.
# Why the answer is right: its line, the answer and the best replies, at most four moves ("you play house 7,
# taking 4; North replies with house 9; you play house 2, taking 12").
puzzle-why = **Why**: { $line }.
puzzle-line-you = you play house { $house }{ $what }
puzzle-line-other = { $side } replies with house { $house }{ $what }
puzzle-line-takes = { $taken ->
    [0] {""}
    [one] , taking { $taken } seed
   *[other] , taking { $taken } seeds
}{ $given ->
    [0] {""}
    [one] , giving { $given } seed away
   *[other] , giving { $given } seeds away
}
puzzle-line-ends = , and the round ends: you { $mine } seeds, { $side } { $theirs }
# A wrong answer: the reply that punishes it and the best moves after it ($reply: puzzle-line-other; …),
# and what it costs over the same number of moves.
puzzle-punished = Against yours, { $reply } — after { $plies } moves you are { $cost ->
    [0] no worse off in seeds, but the answer's lead shows later
    [one] { $cost } seed worse off than with the answer
   *[other] { $cost } seeds worse off than with the answer
}.
# The facts a puzzle turns on.
puzzle-fact-feeding = { $side } has no seeds: your move must give them some.
puzzle-fact-stall = { $moves } moves without a capture so far: at 100 the round ends, each house's seeds to its owner.
puzzle-fact-last-seeds-capturer = When a capture leaves four seeds or fewer, the round ends and they go to whoever made that capture.
puzzle-fact-last-seeds-starter = When a capture leaves four seeds or fewer, the round ends and they go to the round's starter, { $starter }.
button-next-puzzle = Next puzzle

## puzzle stats
puzzle-stats = { $player }'s puzzles: rating { $rating } ± { $spread }; { $solved } solved of { $attempts }; streak { $streak }, best { $best }.
puzzle-stats-provisional = { $player }'s puzzles: rating { $rating } ± { $spread } (provisional); { $solved } solved of { $attempts }; streak { $streak }, best { $best }.
puzzle-stats-none = You have not answered a puzzle yet: { $puzzle } shows you one (one rating for puzzles, the same in every server).
