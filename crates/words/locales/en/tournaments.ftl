# A tournament's sign-up, rounds, pairings, standings and news.
#
# $tournament is the tournament's name as its organiser wrote it; $player, $south, $north, $organiser are
# players' names; $time and $until are moments (Discord shows them in each reader's time zone).

# The buttons under a tournament's sign-up.
button-join = Join
button-leave = Leave

## The sign-up.

# "alice organises **Winter cup** (tournament #3): Swiss."
tournament-signup = { $organiser } organises **{ $tournament }** (tournament #{ $id }): { $format }.
tournament-format-round-robin = round robin
tournament-format-swiss = Swiss
# The terms, joined by " · ": "Swiss, 4 rounds · target 10 houses · 24h a move · 7 days a round".
tournament-terms-swiss-rounds = { $rounds ->
    [one] Swiss, { $rounds } round
   *[other] Swiss, { $rounds } rounds
}
tournament-terms-swiss = Swiss
tournament-terms-round-robin = round robin
tournament-terms-target = { $houses ->
    [one] target { $houses } house
   *[other] target { $houses } houses
}
tournament-terms-round-limit = { $rounds ->
    [one] at most { $rounds } round a match
   *[other] at most { $rounds } rounds a match
}
# $clock: "24h", "1d 2h".
tournament-terms-clock = { $clock } a move
tournament-terms-endgame-starter = endgame: starter
tournament-terms-chain = chain captures
tournament-terms-round-days = { $days ->
    [one] { $days } day a round
   *[other] { $days } days a round
}
# A Swiss asked for more rounds than a small field can play, said on its sign-up.
tournament-swiss-plan = It plays { $rounds } rounds if at least { $players } players join; with fewer, as many as they can play without meeting twice (half the players, rounded up).
# $join: the command; $start: tournament-starts-at or tournament-started-by.
tournament-signup-join = Join with the button below or { $join }; { $joined } joined so far. { $start }
tournament-signup-join-limit = Join with the button below or { $join } (at most { $limit } players); { $joined } joined so far. { $start }
tournament-starts-at = It starts { $time }.
tournament-started-by = { $organiser } starts it with { $command }.

## Joining, leaving, starting.

tournament-joined = You are in **{ $tournament }** ({ $count ->
    [one] { $count } player
   *[other] { $count } players
} so far). { $start } To leave before it starts: { $leave }.
tournament-left = You have left **{ $tournament }**. Changed your mind? Join again before it starts.
tournament-has-started = The tournament has started: its first round is posted.
tournament-could-not-start = **{ $tournament }** could not start: it needs at least two players.

## A round.

# A match's headline as its round begins.
tournament-pairing = **{ $tournament }**, round { $round }: match #{ $id }, { $south } (South, moves first) against { $north } (North).
# The name of a match's thread (plain text, at most 100 characters): "Winter cup R2: alice vs bob".
tournament-thread = { $tournament } R{ $round }: { $south } vs { $north }
tournament-begins = **{ $tournament }** begins: round 1 of { $total }, until { $until }. Good luck!
tournament-next-round = **{ $tournament }**: round { $over } is over. Round { $round } of { $total } begins, until { $until }.
tournament-news-bye = - { $player }: a bye (a point).
tournament-news-match = - { $south } (South) against { $north }: match #{ $id }.
tournament-news-forfeit = - { $south } against { $north }: forfeited (a withdrawal).
tournament-news-threads = Each match is in its own thread (or here when threads are not allowed). { $standings } shows the table at any time.
tournament-out-of-time = Round { $round } of **{ $tournament }** is out of time: match #{ $id } is scored by the houses each player owns.

## Pairings.

tournament-pairings = **{ $tournament }**, round { $round } of { $total }:
tournament-pairings-until = **{ $tournament }**, round { $round } of { $total }, until { $until }:
tournament-pairings-item = - { $pairing }
tournament-pairings-item-match = - { $pairing } (match #{ $id })
# One pairing: "alice – bob", "alice – bob: 1–0 (houses)", "carol: bye". $score: "1–0", "½–½".
tournament-pairing-open = { $south } – { $north }
tournament-pairing-result = { $south } – { $north }: { $score }
tournament-pairing-result-houses = { $south } – { $north }: { $score } (houses)
tournament-pairing-result-forfeit = { $south } – { $north }: { $score } (forfeit)
tournament-pairing-bye = { $player }: bye
# The heading of the pairings under the standings picture.
tournament-pairings-title = Round { $round }

## Standings.

tournament-title-first-round = { $tournament }: round 1 of { $total }
tournament-title-after-round = { $tournament }: standings after round { $round }
tournament-title-during-round = { $tournament }: standings during round { $round }
tournament-title-final = { $tournament }: final standings
# A score or a tie-break with decimals: "2.5", "2.25".
tournament-decimal = { $whole }.{ $decimals }
# $points is a score ("2", "2.5"); $halves is the same score in half-points, to choose the form: a score
# of one point is 2 halves.
tournament-points = { $halves ->
    [2] { $points } point
   *[other] { $points } points
}
# "1= alice: 2.5 points · Buchholz 3 · SB 2.25 · 3 played"; $tiebreaks are the tie-breaks' names and values.
tournament-standings-line = { $rank } { $player }: { $points } · { $tiebreaks } · { $played } played
tournament-standings-line-withdrawn = { $rank } { $player }: { $points } · { $tiebreaks } · { $played } played (withdrawn)
tournament-not-started-empty = **{ $tournament }** has not started: 0 players so far.
tournament-not-started = **{ $tournament }** has not started: { $count ->
    [one] { $count } player
   *[other] { $count } players
} so far: { $players }.
tournament-swiss-rounds-now = With { $players } players it would play { $count ->
    [one] { $count } round
   *[other] { $count } rounds
}.

## Withdrawing, cancelling, the end.

tournament-withdraws = { $player } withdraws from **{ $tournament }**: their remaining games are forfeited.
tournament-withdrawn-match-lost = You have withdrawn from **{ $tournament }**: your match #{ $id } is lost, and your remaining games are forfeited.
tournament-withdrawn = You have withdrawn: your remaining games are forfeited.
tournament-cancelled = { $player } cancelled **{ $tournament }**.
tournament-cancelled-running = { $player } cancelled **{ $tournament }**. Its matches still being played go on as ordinary rated matches.
# $points: tournament-points.
tournament-won = **{ $tournament }** is over: { $player } wins with { $points }! 🏆
tournament-shared = **{ $tournament }** is over: first place shared by { $players }.
# Names joined: "alice, bob and carol" ($first is the names before the last, joined by ", ").
tournament-and = { $first } and { $last }
tournament-thanks = Thank you all for playing. The final standings:

## What a player picks from while typing `tournament:`.

tournament-choice-signup = #{ $id } { $tournament }, sign-up
tournament-choice-round = #{ $id } { $tournament }, round { $round }
