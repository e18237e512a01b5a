# A match's words: moves, rounds, territory, results, turns. $houses is a list of house numbers ("1–7",
# "3–5 and 12"); counts choose their plural.

move-sowed = { $mover } sowed house { $house }: { $laps ->
    [one] { $laps } lap
   *[other] { $laps } laps
}
move-capture-mid-lap = { $player } took { $seeds ->
    [one] { $seeds } seed
   *[other] { $seeds } seeds
} ({ $count ->
    [one] house
   *[other] houses
} { $houses })
move-capture-last-seed = { $player } took { $seeds ->
    [one] { $seeds } seed
   *[other] { $seeds } seeds
} with the last seed ({ $count ->
    [one] house
   *[other] houses
} { $houses })
move-capture-chain = { $player } took { $seeds ->
    [one] { $seeds } seed
   *[other] { $seeds } seeds
} in a chain ({ $count ->
    [one] house
   *[other] houses
} { $houses })
move-pass = { $player } has no seeds and passes.

round-over = Round { $round } is over ({ $reason }): { $south } has { $south_seeds ->
    [one] { $south_seeds } seed
   *[other] { $south_seeds } seeds
}, { $north } { $north_seeds }.
round-reason-last-seeds = four or fewer seeds were left in play
round-reason-stall = 100 moves passed without a capture
round-reason-stuck = the player to move had no legal move
round-winner = { $name } wins the round.
round-drawn = The round is drawn, six houses each.
round-next = Round { $round }: { $territory }; { $starter } starts.

side-south = { $name } plays South (houses { $houses })
side-north = { $name } plays North (houses { $houses })
owns-houses = { $name } owns { $count ->
    [one] { $count } house
   *[other] { $count } houses
} ({ $houses })
houses-none = none
list-last = { $list } and { $last }

result-win = { $name } wins the match ({ $why }).
match-final-houses = Final houses: { $south } { $south_houses }, { $north } { $north_houses }.
result-draw = The match is a draw ({ $why }).
result-why-whole-board = the other player owns no houses
result-why-target = the target of houses was reached
result-why-round-limit = the last round was played
result-why-resignation = resignation
result-why-timeout = the move clock ran out
result-why-agreement = agreed
result-why-adjudicated = scored by the houses owned when the tournament round ran out

turn = { $name } to move, by { $deadline } ({ $clock } per move).

# The buttons under a match's board and its messages.
# Under the turn, once the stall is near (from 80 moves without a capture), and when a house with seeds has no
# button because its move would never end.
match-stall-near = { $count } moves without a capture: { $left ->
    [one] one more and the round ends
   *[other] { $left } more and the round ends
}, the seeds in each house going to its owner.
match-endless-houses = { $count ->
    [one] No button for house { $houses }: its move would sow round for ever (an endless move), which the rules forbid.
   *[other] No buttons for houses { $houses }: their moves would sow round for ever (endless moves), which the rules forbid.
}
button-house = House { $house }
button-take-back = Take back
button-offer-draw = Offer a draw
button-resign = Resign
button-resign-confirm = Yes, resign
button-accept-draw = Accept the draw
button-rematch = Rematch
button-next-level = Level { $level }
button-replay = Replay
button-analyse = Analyse

# A match as a front end's autocomplete offers it: "#12 against bob, your turn".
match-choice = #{ $id } against { $opponent }, { $turn }
board-headline = Match #{ $id }, round { $round }: { $south } (South) against { $north } (North).
board-headline-aborted = Match #{ $id }, round { $round }: { $south } (South) against { $north } (North). It was stopped by an admin (unrated).
resign-confirm = Resign match #{ $id } against { $opponent }? It cannot be undone. To confirm: { $command }.
match-resigns = { $player } resigns.
draw-accepted = { $player } accepts the draw offered by { $offerer }.
draw-offer-lapsed = { $player }'s draw offer lapsed with this move.
takeback-request-lapsed = { $player }'s takeback request lapsed with this move.
draw-offered = { $player } offers a draw. { $opponent }: { $command } to accept it; the offer lapses with the next move.
match-time-out = { $player }'s move clock ran out.
match-ratings = Ratings: { $south } { $south_before } → { $south_after }, { $north } { $north_before } → { $north_after }.
match-unrated = This match is unrated.
match-thinking = { $player } is thinking…
match-draw-offered = { $player } has offered a draw.
match-takeback-asked = { $player } has asked to take back their last move.
match-computer-start = Match #{ $id } against the computer, { $level }: { $sides }. Matches against the computer are not rated.
match-computer-next-level = You beat the computer: try { $level } next.
level-words = level { $level } ({ $name })
level-name-1 = beginner
level-name-2 = casual
level-name-3 = intermediate
level-name-4 = advanced
level-name-5 = expert
level-name-6 = strongest

# The board as a console shows it in text: beside each row, and under the board.
board-text-north = { $name } (north), store { $store }
board-text-south = { $name } (south), store { $store }
board-text-side-north = North, store { $store }
board-text-side-south = South, store { $store }
board-text-side-legend = (* South's, . North's)
board-text-legend = (* owned by { $south }, . owned by { $north })
