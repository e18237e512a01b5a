# The slash commands as Discord shows them (docs/translating.md, "The slash commands").
#
# A command is `command-<name>`, a subcommand `command-<command>-<subcommand>`, an option
# `command-<command or subcommand>-<option>`: the value is its name, `.description` what Discord shows
# under it. In English the names are the commands' own (the tests check it); in another language a name
# is lowercase letters, digits, `-` and `_`, at most 32 characters, and differs from its neighbours'.
# A choice is `choice-<what>`: its value is its English name as the code gives it, 1–100 characters.

## Making and playing matches

# A member's menu (Apps): `menu-<name>` is the name the menu shows, free text of at most 32 characters.
menu-challenge-menu = Challenge to Nam-nam
command-challenge = challenge
    .description = Challenge someone to a match of Nam-nam in this channel (or me, to play the computer)
command-challenge-opponent = opponent
    .description = Who you want to play (me, the bot: the computer; left out: anyone here who accepts)
command-challenge-endgame = endgame
    .description = Who takes the last seeds of a round (default: capturer)
command-challenge-chain = chain
    .description = Play the chain capture (default: no)
command-challenge-first = first
    .description = Who moves first in round 1 (default: random)
command-challenge-target = target
    .description = Houses that win the match (default: the server's, 10)
command-challenge-rounds = rounds
    .description = End the match after this many rounds (default: no limit)
command-challenge-clock = clock
    .description = Time for each move (default: the server's, 24h)
command-challenge-level = level
    .description = Against me, the computer: 1 (beginner) to 6 (strongest); a first match is at 1

command-accept = accept
    .description = Accept the challenge open for you in this channel
command-decline = decline
    .description = Decline the challenge open for you in this channel
command-cancel = cancel
    .description = Withdraw your open challenge in this channel

command-move = move
    .description = Play a house in this channel's match
command-move-house = house
    .description = The house to play, 1–12 (start typing: your legal houses are offered)
command-move-match = match
    .description = Which of your matches here, when you have several (start typing: they are offered)

command-board = board
    .description = Show this channel's match board again
command-board-match = match
    .description = Which match here, when there are several (start typing: yours are offered)

command-resign = resign
    .description = Resign this channel's match (asks for confirmation)
command-resign-confirm = confirm
    .description = yes: resign at once, without the confirmation button
command-resign-match = match
    .description = Which of your matches here, when you have several (start typing: they are offered)

command-draw = draw
    .description = Offer a draw, or accept your opponent's offer
command-draw-match = match
    .description = Which of your matches here, when you have several (start typing: they are offered)

command-takeback = takeback
    .description = Ask to take back your last move (before your opponent moves), or accept your opponent's request
command-takeback-decline = decline
    .description = yes: decline your opponent's request (or withdraw your own)
command-takeback-match = match
    .description = Which of your matches here, when you have several (start typing: they are offered)

command-rematch = rematch
    .description = Play your last opponent in this channel again, on the same terms

## Looking back

command-matches = matches
    .description = Your active matches in this server, and where it is your turn
command-history = history
    .description = The moves of this channel's match
command-history-match = match
    .description = Which match here, when there are several (start typing: yours are offered)
command-leaderboard = leaderboard
    .description = The best players of this server; elsewhere, you and the players you met
command-leaderboard-page = page
    .description = Page of the leaderboard (default: 1)
command-leaderboard-season = season
    .description = An ended season's final standings (default: this season)
command-stats = stats
    .description = A player's rating and record in this server, and their everywhere rating
command-stats-player = player
    .description = Whose record (default: yours)
command-export = export
    .description = A match's record as a file (any finished match of this server; your own while it is played)
command-export-match = match
    .description = The match's number, as in Match #12
command-replay = replay
    .description = Step through a match, move by move, with buttons
command-replay-match = match
    .description = The match's number, as in Match #12
command-replay-move = move
    .description = Start after this move (default: before the first)
command-replay-public = public
    .description = Show it to the channel (default: only you see it)
command-analyse = analyse
    .description = The computer's verdict on a finished match: each player's mistakes that mattered most
command-analyse-match = match
    .description = The match's number, as in Match #12
command-notify = notify
    .description = A DM when it becomes your turn (not while you are at the board)
command-notify-on = on
    .description = DM me when it becomes my turn in a match (not while I am at the board)
command-notify-off = off
    .description = No more DMs on my turn
command-puzzle = puzzle
    .description = Puzzles: find the best move, privately (one puzzle rating, the same in every server)
command-puzzle-play = play
    .description = Show me a puzzle (the one waiting for my answer, else a new one)
command-puzzle-answer = answer
    .description = Answer my puzzle (or press one of its house buttons)
command-puzzle-answer-house = house
    .description = The house to play, 1–12
command-puzzle-stats = stats
    .description = My puzzle rating, puzzles solved and streaks
command-learn = learn
    .description = Learn Nam-nam, one short lesson at a time, privately (ends with a first match against the computer)
command-learn-stage = stage
    .description = The lesson, by its number (without it: where you are)
command-learn-house = house
    .description = The house to play in the lesson, 1–12 (or press its button)

## Tournaments

command-tournament = tournament
    .description = Tournaments: create one, join, start, standings, pairings, withdraw, cancel
command-tournament-create = create
    .description = Create a tournament in this channel: players join with a button
command-tournament-create-name = name
    .description = The tournament's name
command-tournament-create-format = format
    .description = Swiss (default) or round robin
command-tournament-create-rounds = rounds
    .description = Swiss: the rounds to play (default: enough to find a winner)
command-tournament-create-target = target
    .description = Houses that win a match (default: the server's, 10)
command-tournament-create-match_rounds = match_rounds
    .description = End each match after this many rounds (needed without a target)
command-tournament-create-clock = clock
    .description = Time for each move (default: the server's, 24h)
command-tournament-create-endgame = endgame
    .description = Who takes the last seeds of a round (default: capturer)
command-tournament-create-chain = chain
    .description = Play the chain capture (default: no)
command-tournament-create-round_days = round_days
    .description = The days a round may last: then its unfinished matches are scored by houses (default 7)
command-tournament-create-start = start
    .description = Start by itself: in 2d, in 6h, or a UTC time like 2026-12-24 18:00 (default: when you start it)
command-tournament-create-limit = limit
    .description = The most players (default: no limit)
command-tournament-join = join
    .description = Join a tournament before it starts
command-tournament-join-tournament = tournament
    .description = Which tournament (default: this channel's)
command-tournament-leave = leave
    .description = Leave a tournament before it starts
command-tournament-leave-tournament = tournament
    .description = Which tournament (default: this channel's)
command-tournament-start = start
    .description = Start a tournament now (its organiser or an admin): round 1 is paired
command-tournament-start-tournament = tournament
    .description = Which tournament (default: this channel's)
command-tournament-standings = standings
    .description = A tournament's standings, as a picture
command-tournament-standings-tournament = tournament
    .description = Which tournament (default: this channel's)
command-tournament-pairings = pairings
    .description = The pairings of a tournament's current round
command-tournament-pairings-tournament = tournament
    .description = Which tournament (default: this channel's)
command-tournament-withdraw = withdraw
    .description = Withdraw from a tournament: your remaining games are forfeited
command-tournament-withdraw-tournament = tournament
    .description = Which tournament (default: this channel's)
command-tournament-cancel = cancel
    .description = Cancel a tournament (its organiser or an admin)
command-tournament-cancel-tournament = tournament
    .description = Which tournament (default: this channel's)

## The rules, the help, and the server's admins

command-rules = rules
    .description = The rules of Nam-nam in brief
command-help = help
    .description = How to play Nam-nam here: the commands
command-admin = admin
    .description = Server admin: abort a match, change the server's settings, start a season
command-admin-abort = abort
    .description = Abort this channel's match; it is not rated
command-admin-abort-match = match
    .description = Which match here, when there are several
command-admin-settings = settings
    .description = Show this server's settings, or change the ones you give
command-admin-settings-allow = allow
    .description = Let matches be played in this channel (then only in the channels allowed)
command-admin-settings-disallow = disallow
    .description = No more matches in this channel
command-admin-settings-every-channel = every-channel
    .description = yes: matches in every channel again
command-admin-settings-clock = clock
    .description = The clock of new challenges when none is given
command-admin-settings-target = target
    .description = The target of new challenges: houses, or none
command-admin-settings-threads = threads
    .description = Give each match its own thread
command-admin-settings-language = language
    .description = The language of what everyone sees here (a private answer follows each reader)
command-admin-settings-web = web
    .description = The server's web page: yes, new-link (the old link stops) or no
command-admin-settings-daily-puzzle = daily-puzzle
    .description = Post a puzzle each day in this channel
command-admin-settings-daily-puzzle-off = daily-puzzle-off
    .description = yes: no more daily puzzle
command-admin-season = season
    .description = Start a new season now: ratings start fresh, the old standings are kept and its top three posted
command-admin-season-news = news
    .description = The channel where season news is posted
command-admin-season-monthly = monthly
    .description = Start a new season by itself on the first of each month (UTC)
command-admin-season-start = start
    .description = Start a new season now (default: yes; no changes only the options)

## Choices

choice-yes = yes
choice-no = no
choice-new-link = new-link
choice-endgame-capturer = capturer
choice-endgame-starter = starter
choice-first-challenger = challenger
choice-first-challenged = challenged
choice-first-random = random
choice-clock-5m = 5m
choice-clock-15m = 15m
choice-clock-1h = 1h
choice-clock-6h = 6h
choice-clock-24h = 24h
choice-clock-3d = 3d
choice-clock-7d = 7d
# Each language by its own name, in every language.
choice-language-english = English
choice-language-french = Français
# The language set in a Community server's settings.
choice-language-discord = As Discord says
choice-target-none = none: until one player owns every house
choice-target-7 = 7 houses
choice-target-8 = 8 houses
choice-target-9 = 9 houses
choice-target-10 = 10 houses
choice-target-11 = 11 houses
choice-pairing-swiss = Swiss: a set number of rounds, equal scores meet
choice-pairing-round-robin = round robin: everyone meets everyone once
