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
# The animations' order in a wrong answer's message.
puzzle-animations = The animations: the best move first, then yours.
button-next-puzzle = Next puzzle

## puzzle stats
puzzle-stats = { $player }'s puzzles: rating { $rating } ± { $spread }; { $solved } solved of { $attempts }; streak { $streak }, best { $best }.
puzzle-stats-provisional = { $player }'s puzzles: rating { $rating } ± { $spread } (provisional); { $solved } solved of { $attempts }; streak { $streak }, best { $best }.
puzzle-stats-none = You have not answered a puzzle yet: { $puzzle } shows you one (one rating for puzzles, the same in every server).
