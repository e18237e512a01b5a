# Refusals: what a player is told, privately, when a request cannot be done. Arguments are shown as the
# front end shows them: $command is a command a reader can click, $name a person's name as they wrote it.

error-unknown-command = I don't know the command { $name }. Try { $help }.
error-unknown-option = The command { $command } has no option { $option }. Try { $help }.
error-missing-option = Please give the option `{ $option }`.
error-bad-option = `{ $option }` must be { $expected }.
error-no-such-house = There is no house { $house }: houses are numbered 1 to 12.
error-unknown-player = I don't know a player called { $name }.
error-unknown-channel = I don't know a channel called { $name }.
error-self-challenge = You cannot challenge yourself.
error-challenge-bot = { $name } is a bot: bots cannot be challenged.
error-channel-not-allowed = Matches cannot be played in this channel.
error-challenge-open = There is already an open challenge in this channel ({ $challenger } to { $challenged }).
error-match-in-channel = That thread already has a match of its own: a thread holds one match.
error-pair-in-channel = { $a } and { $b } already have a match in this channel: finish it first.
error-which-match = Which match? There are several here: add `match:N` to the command, N one of { $matches }.
error-match-elsewhere = Match #{ $id } is played in { $channel }: its commands work there.
error-match-over = Match #{ $id } is over: see it with { $replay }.
error-no-such-tournament = There is no tournament #{ $id } in this server.
error-no-tournament = There is no tournament in this server yet. Start one with { $create }.
error-which-tournament = Which tournament? Add `tournament:N` to the command, N one of: { $tournaments }.
error-tournament-endless = A tournament's matches must end: give them a target of houses or a round limit (`match_rounds`).
error-round-robin-rounds = A round robin plays as many rounds as it needs (everyone meets everyone once): `rounds` is for Swiss tournaments.
error-start-in-the-past = That start time has passed: give a time to come, like `in 2d`.
error-tournament-started = **{ $tournament }** has started already: joining and leaving are closed.
error-too-few-players = **{ $tournament }** needs at least two players to start ({ $joined } so far): its sign-up goes on.
error-tournament-not-started = **{ $tournament }** has not started yet.
error-tournament-over = **{ $tournament }** is over.
error-already-joined = You are in **{ $tournament }** already.
error-tournament-full = **{ $tournament }** is full: it takes { $limit } players.
error-not-in-tournament = You are not playing in **{ $tournament }**.
error-not-organiser = Only its organiser, { $name }, or a server admin can do that.
error-no-challenge = There is no open challenge in this channel.
error-challenge-expired = That challenge has expired.
error-not-challenged = That challenge is for { $name }.
error-not-challenger = Only { $name } can cancel this challenge.
error-own-challenge = You cannot accept your own challenge: { $name } must answer it (or you can { $cancel } it).
error-no-match = There is no match in this channel.
error-not-a-player = Only { $south } and { $north } play this match.
error-not-your-turn = It is { $name }'s turn.
error-stale = That is out of date: the match has moved on. { $board } shows it as it is now.
error-draw-already-offered = You have already offered a draw; { $name } can accept it with { $draw }.
error-nothing-to-take-back = There is no move in this match to take back.
error-takeback-not-yours = The last move is { $name }'s, and { $name } has not asked to take it back: only your own last move can be taken back, before your opponent moves.
error-takeback-across-rounds = The last move ended round { $round }: a move that ended a round cannot be taken back.
error-takeback-already-asked = You have already asked to take back your move; { $name } can accept it with { $takeback }, and you can withdraw it with { $withdraw }.
error-challenge-too-soon = Your last challenge to { $name } was declined or withdrawn a moment ago: you can challenge them again { $when }.
error-takeback-once-per-move = You have asked to take back this move already, and one request per move is all: { $name } is not asked again. Play on.
error-not-allowed-anyway = Matches are not allowed in { $channel } anyway: the channels allowed are those listed in { $settings }.
error-last-allowed-channel = { $channel } is the only channel where matches are allowed; with none left, they would be allowed everywhere. Allow another first, or use { $all }.
error-busy = That is a lot of pictures, replays and analyses in a minute: you can ask again { $when }.
error-no-takeback-request = Nobody has asked to take back a move in this match.
error-computer-no-takeback = { $name } moves at once, so there is no taking back a move against it: play on, or { $resign }.
error-not-admin = Only members who may manage the server can use { $admin }.
error-no-stats = You have not played a rated match here in this season yet.
error-season-just-started = Season { $season } began less than a minute ago: it is not ended again so soon.
error-no-such-season = There is no season { $asked } yet: this server is in season { $current }.
error-computer-thinking = { $name } is thinking… Your turn comes as soon as it has moved.
error-computer-no-draw = { $name } does not agree to draws: play on, or { $resign }.
error-level-for-people = `level` is for a match against namnam, the computer.
error-nothing-to-rematch = You have no finished match in this channel to play again.
error-rematch-active = Match #{ $id } is still being played: a rematch can follow once it is over.
error-rematch-aborted = Match #{ $id } was stopped by an admin: start a new one with { $challenge }.
error-not-active = Match #{ $id } is not being played: only a match in progress can move to a thread.
error-no-such-match = There is no match #{ $id } in this server: a match's number is on its boards (Match #12).
error-live-match-of-others = Match #{ $id } is still being played: until it ends, only its players can look back at it.
error-analyse-live = Match #{ $id } is still being played: the computer looks at a match once it is over, so that its opinion helps neither player in the middle of it.
error-nothing-to-analyse = Match #{ $id } has no moves to analyse.
error-analysis-queued = The computer is already looking at match #{ $id }: its verdict will be posted where it was asked for.

# A move the rules refuse.
illegal-not-owner = House { $house } belongs to { $owner }: play one of your own houses.
illegal-empty-house = House { $house } is empty.
illegal-endless = House { $house } would sow round for ever (an endless move), so it is not allowed.
illegal-must-feed = { $owner } has no seeds: you must play a move that gives them some, and house { $house } does not.
illegal-round-over = The round is over.

# What an option takes, in a refusal of a bad value: "`clock` must be …".
wanted-house = a house number from 1 to 12
wanted-on-off = `on` or `off`
wanted-yes-no = `yes` or `no`
wanted-admin-command = `abort`, `settings` or `season`
wanted-tournament-command = `create`, `join`, `leave`, `start`, `standings`, `pairings`, `withdraw` or `cancel`
wanted-match-number-as-shown = a match number, as in Match #12
wanted-endgame = `capturer` or `starter`
wanted-first-mover = `challenger`, `challenged` or `random`
wanted-target = 7 to 12 houses, or `none`
wanted-match-rounds = 1 to 99 rounds
wanted-clock = a duration from 5m to 7d, like 30m, 24h or 3d
wanted-level = a level from 1 (gentle) to 5 (strongest)
wanted-challenge-number = a challenge number
wanted-match-number = a match number
wanted-move-number = a move number from 0
wanted-page-number = a page number from 1
wanted-season-number = a season number from 1
wanted-language = `en`, `fr` or `discord` (as Discord says)
wanted-tournament-number = a tournament number, as in tournament #3
wanted-format = `swiss` or `round-robin`
wanted-tournament-rounds = 1 to 32 rounds
wanted-round-days = 1 to 60 days
wanted-start = a time to wait, like in2d, or a UTC time like 2026-12-24T18:00
wanted-limit = 2 to 128 players
wanted-existing-page = a page that exists
wanted-tournament-name = a name of 1 to 60 characters

# Something went wrong on the bot's side.
apology = Sorry, something went wrong on my side. Nothing you did was lost; please try again in a moment ({ $board } shows the match as it is).
wanted-web = `yes`, `new-link` or `no`
wanted-puzzle-command = `play`, `answer house:N` or `stats`

## Puzzles
error-no-puzzle = You have no puzzle to answer: { $puzzle } shows you one.
error-puzzle-not-yours = That puzzle is someone else's: { $puzzle } shows you one of your own.
error-puzzle-answered = You have answered that puzzle already, and only the first answer counts: { $puzzle } shows the next one.
error-puzzle-gone = That puzzle is no longer in the set: { $puzzle } shows another.
error-puzzle-illegal = House { $house } is not a move in this puzzle: play { $houses }.
