# The pictures' words: the board (its heading, bars, stores, the marks of a move and the two status lines),
# the move's animation, the rating chart, the tournament standings, and each picture's description for
# screen readers. A player's name ($player, $winner, $loser, $other, $south, $north, $starter, $name) is
# drawn in a pill of their colour wherever the message puts it. South plays blue, North orange.

## The board

picture-round = Round { $round }
# A puzzle's picture: its heading, and the first status line before it is answered.
picture-heading-puzzle = Puzzle
picture-puzzle-task = Find the move that wins the most
picture-heading-lesson = Lesson
picture-lesson-task = Your move: the task is in the message
picture-sowing = sowing: 1 → 12, anticlockwise ↺
picture-store = store
picture-owns-houses = owns { $count ->
    [one] { $count } house
   *[other] { $count } houses
}
# The marker on the bar of the player to move; on an emptied board, of who opens the next round.
picture-to-move = ▶ to move
picture-starts-next = ▶ starts next
# A side's name, drawn when the fonts have nothing of a player's name.
picture-south = South
picture-north = North
# The next round's houses beside the status lines, or the final ones when the match is over.
picture-map-next = next round
picture-map-final = final houses

# Tags on the rings of the move shown.
picture-tag-start = start
picture-tag-end = end
picture-tag-start-end = start · end
picture-tag-lap-ends = lap { $count } ends

## The status lines

picture-opening = Round { $round }: sow anticlockwise, make fours, win houses
picture-turn-south = { $player } to move: pick one of your blue houses
picture-turn-north = { $player } to move: pick one of your orange houses
picture-starts-south = { $player } starts: pick one of your blue houses
picture-starts-north = { $player } starts: pick one of your orange houses
picture-turn-stall = { $player } to move · { $count } moves without a capture: at { $limit } the round ends
picture-pass = { $other } has no seeds and passes: { $player } again

# The move shown: $count laps, $took seeds taken by the mover, $got by the other player.
picture-move-quiet = { $player } sowed house { $house }: { $count ->
    [one] { $count } lap
   *[other] { $count } laps
}, no capture
picture-move-took = { $player } sowed house { $house }: { $count ->
    [one] { $count } lap
   *[other] { $count } laps
}, took { $took }
picture-move-gave = { $player } sowed house { $house }: { $count ->
    [one] { $count } lap
   *[other] { $count } laps
} · { $other } got { $got }
picture-move-both = { $player } sowed house { $house }: { $count ->
    [one] { $count } lap
   *[other] { $count } laps
}, took { $took } · { $other } got { $got }

# A round's end: $count seeds for the winner, $fewer for the other.
picture-round-won = Round { $round } to { $winner }: { $count ->
    [one] { $count } seed
   *[other] { $count } seeds
} to { $fewer }
picture-round-drawn = Round { $round } drawn: { $count ->
    [one] { $count } seed
   *[other] { $count } seeds
} each
# The next round's houses: $south_houses for South, $count for North.
picture-round-next = Next: { $south } { $south_houses }, { $north } { $count ->
    [one] { $count } house
   *[other] { $count } houses
} · { $starter } starts

# The match's end.
picture-match-won = { $winner } wins the match!
picture-match-drawn = The match is drawn
picture-end-whole-board = { $loser } has no houses left
picture-end-target = { $winner } reached the target with { $count ->
    [one] { $count } house
   *[other] { $count } houses
}
picture-end-resignation = { $loser } resigned
picture-end-timeout = { $loser } ran out of time
picture-end-agreement = both players agreed to a draw
picture-end-adjudicated = scored by the houses owned: time was up
picture-end-round-limit = the round limit: { $count ->
    [one] { $count } round
   *[other] { $count } rounds
} played
picture-end-even = six houses each

## The move's animation

picture-lifts = { $player } lifts { $count ->
    [one] { $count } seed
   *[other] { $count } seeds
} from house { $house }
picture-sows = { $count ->
    [one] and sows it in the next house, anticlockwise
   *[other] and sows them one by one, anticlockwise
}
picture-lap-ended = Lap { $lap } ends in house { $house }, now { $count ->
    [one] { $count } seed
   *[other] { $count } seeds
}:
picture-lifts-again = { $player } lifts them all, lap { $lap } of { $laps }
picture-lap-of = lap { $lap } of { $laps }
picture-capture-mid-lap = House { $house } made four: its owner { $player } takes them
picture-capture-last-seed = Last seed made four in house { $house }: { $player } takes them
picture-capture-chain = Four in house { $house } and a chain: { $player } takes { $count }
# The round's end in a move's animation: the seeds still in play go to the stores (rules.md §4).
picture-hand-out-last-seeds = { $count ->
    [one] { $count } seed is left in play: it goes to { $player }
   *[other] { $count } seeds are left in play: they go to { $player }
}
picture-hand-out-stall = 100 moves without a capture: each house's seeds go to its owner
picture-hand-out-stuck = No legal move: each house's seeds go to its owner
picture-hand-out-stores = Round over: { $south } +{ $south_count }, { $north } +{ $north_count }

## Descriptions for screen readers

# $north and $south are picture-who-*; $seeds lists the seeds of houses 1 to 12.
picture-about-board = Nam-nam board, round { $round }. { $north }. { $south }. Seeds in houses 1 to 12: { $seeds }.
picture-about-puzzle = Nam-nam puzzle board. { $north }. { $south }. Seeds in houses 1 to 12: { $seeds }.
picture-about-lesson = Nam-nam lesson board. { $north }. { $south }. Seeds in houses 1 to 12: { $seeds }.
# $houses lists the houses owned ("1–7", "7–12, 1–3"); $store is the seeds in the store.
picture-who-south = { $name } (south, blue) owns { $count ->
    [one] house
   *[other] houses
} { $houses }, store { $store }
picture-who-north = { $name } (north, orange) owns { $count ->
    [one] house
   *[other] houses
} { $houses }, store { $store }
picture-who-south-none = { $name } (south, blue) owns no house, store { $store }
picture-who-north-none = { $name } (north, orange) owns no house, store { $store }
# The animation: its first line ($move) and the final board's description ($board).
picture-about-animation = Animation in { $count ->
    [one] { $count } frame
   *[other] { $count } frames
}: { $move }. { $board }

## The rating chart

picture-chart-title = { $name }: rating
picture-chart-game = game
picture-chart-empty = no rated games yet
picture-about-chart-none = Rating chart of { $name }: no rating yet.
picture-about-chart-one = Rating chart of { $name }: { $rating }, no rated games yet.
# Over $count games, from $first to $last.
picture-about-chart = Rating chart of { $name }: from { $first } to { $last } over { $count ->
    [one] { $count } game
   *[other] { $count } games
}; highest { $high }, lowest { $low }.

## The tournament standings

picture-standings-rank = #
picture-standings-player = Player
picture-standings-points = Points
picture-standings-games = Games
picture-standings-withdrawn = (withdrawn)
picture-standings-empty = no players yet
picture-standings-more = … and { $count } more
picture-standings-pairings = Pairings
# The description: the leader with the unit ($count whole points, or $points as written), then the others.
picture-about-leader = { $rank } { $name } { $count ->
    [one] { $count } point
   *[other] { $count } points
}
picture-about-leader-part = { $rank } { $name } { $points } points
picture-about-entry = { $rank } { $name } { $points }
picture-about-withdrawn = { $entry } (withdrawn)
picture-about-pairings = { $title }:
picture-about-no-players = No players yet.
