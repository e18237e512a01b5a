# Help, the rules, leaderboards, a player's stats and matches, a match's history.

## matches: a player's active matches in this server.
matches-none = You have no active match in this server.
matches-heading = Your active matches ({ $count }):
matches-line = - { $channel } (match { $id }): against { $opponent }, round { $round } — { $turn }
matches-turn-yours-by = your turn, by { $deadline }
matches-turn-yours = your turn
matches-turn-theirs = { $player }'s turn
matches-over = over

## history: a match's rounds and last moves.
history-heading = Match #{ $id }: { $south } (South) against { $north } (North), { $moves ->
    [one] { $moves } move
   *[other] { $moves } moves
}.
history-last-moves = The last { $count } moves:
history-move = { $ply }. round { $round }: { $player } sowed house { $house } ({ $laps ->
    [one] { $laps } lap
   *[other] { $laps } laps
})

## leaderboard
leaderboard-heading = Leaderboard, season { $season }, page { $page } of { $pages }:
leaderboard-heading-final = Final standings of season { $season }, page { $page } of { $pages }:
leaderboard-empty = Nobody has finished a rated match here in season { $season } yet.
leaderboard-empty-final = Nobody finished a rated match here in season { $season }.
leaderboard-line = { $rank }. { $player } — { $rating }, { $games ->
    [one] { $games } game
   *[other] { $games } games
}: { $won } won, { $drawn } drawn, { $lost } lost
leaderboard-provisional = ? marks a provisional rating (fewer than { $games } games).
leaderboard-earlier = Earlier seasons: { $command }.

## stats: a player's rating and record in this season.
stats-none = { $player } has not played a rated match here in season { $season } yet.
stats-line = { $player }, season { $season }: rating { $rating } ± { $spread }; { $games ->
    [one] { $games } game
   *[other] { $games } games
}: { $won } won, { $drawn } drawn, { $lost } lost; longest winning streak { $streak }.
stats-line-provisional = { $player }, season { $season }: rating { $rating } ± { $spread } (provisional); { $games ->
    [one] { $games } game
   *[other] { $games } games
}: { $won } won, { $drawn } drawn, { $lost } lost; longest winning streak { $streak }.
# Under the rating chart.
stats-chart-caption = Season { $season } · { $games ->
    [one] { $games } game
   *[other] { $games } games
}: { $won } won, { $drawn } drawn, { $lost } lost; longest winning streak { $streak }
stats-chart-caption-partial = Season { $season } · { $games ->
    [one] { $games } game
   *[other] { $games } games
}: { $won } won, { $drawn } drawn, { $lost } lost; longest winning streak { $streak } (charted: the last { $charted })

## The everywhere rating: matches outside the servers that invited the bot (a group DM, a DM between
## players, a server where only players installed the app), rated apart from every server's ratings.
# Told as changes only: the place may hold people who never met the players, and a player's everywhere
# rating is shown only to them and the players they met ($stats: the stats command, where each sees theirs).
match-ratings-everywhere = Everywhere ratings: { $south } { $south_change }, { $north } { $north_change } (your own: { $stats }).
# leaderboard outside servers: privately, the asker among the players they met there.
leaderboard-everywhere-heading = Everywhere ratings (matches outside the servers that invited me): you and the players you met, page { $page } of { $pages }:
leaderboard-everywhere-place = You are number { $rank } of { $count }.
leaderboard-everywhere-none = You have no everywhere rating yet: your matches against people outside the servers that invited me (group DMs, DMs, servers where only players installed me) count for it. Here you see only the players you met.
stats-everywhere-line = { $player }, everywhere: rating { $rating } ± { $spread }; { $games ->
    [one] { $games } game
   *[other] { $games } games
}: { $won } won, { $drawn } drawn, { $lost } lost; longest winning streak { $streak }.
stats-everywhere-line-provisional = { $player }, everywhere: rating { $rating } ± { $spread } (provisional); { $games ->
    [one] { $games } game
   *[other] { $games } games
}: { $won } won, { $drawn } drawn, { $lost } lost; longest winning streak { $streak }.
stats-everywhere-none = You have no everywhere rating yet: your matches against people outside the servers that invited me (group DMs, DMs, servers where only players installed me) count for it.
stats-everywhere-unmet = You have not met { $player } in a rated match outside servers: an everywhere rating is shown only to its player and to the players they met.
# Under the everywhere rating's chart.
stats-everywhere-caption = Everywhere · { $games ->
    [one] { $games } game
   *[other] { $games } games
}: { $won } won, { $drawn } drawn, { $lost } lost; longest winning streak { $streak }

## help and rules: the console's (its command names are the same in every language).
help-console =
    Commands (options are name:value):
      learn [stage:N] [house:N]       new to Nam-nam? short lessons, one rule at a time (learn match: the last one)
      challenge [opponent:NAME] [endgame:capturer|starter] [chain:yes|no] [first:challenger|challenged|random]
    {"            ["}target:7-12|none] [rounds:1-99] [clock:5m-7d]   offer a match (defaults: capturer, no chain,
                                                                random first, target 10, no round limit, 24h)
                                      (challenge without an opponent: open to anyone here, the first to accept plays)
      challenge-menu NAME [rounds:1-99] [clock:5m-7d] [first:challenger|challenged|random]
                                      a private draft of a challenge to NAME, as Discord's member menu makes
      accept | decline | cancel       answer or withdraw the open challenge in this channel
      move house:N [match:N]          sow house N (1-12) of yours (match:N when you have several matches here)
      board [match:N]                 the match in this channel
      draw                            offer a draw, or accept your opponent's offer
      takeback [decline:yes]          ask to take back your last move (until your opponent moves), or accept
                                      your opponent's request (decline:yes declines it, or withdraws yours)
      resign                          give up the match (asks you to confirm: resign confirm:yes)
      rematch [match:N]               play your last finished match here again, same terms (or match N)
      matches                         your active matches in this server, and where it is your turn
      history [match:N]               the rounds and moves of your match in this channel (or of match N)
      replay match:N [move:M]         step through match N from move M (public:yes shows it to the channel)
      analyse match:N                 the computer's verdict on a match that is over: each player's mistakes that mattered most
      export match:N                  the record of match N as a file (a .nnr record: namnam replay FILE)
      leaderboard [page:N] [season:N] ratings in this server (season:N: an ended season's final standings);
                                      elsewhere (guest#, private#, dm): you and the players you met outside servers
      stats [player:NAME]             a player's rating chart and record in this season, and their everywhere rating
      notify on|off                   a DM when it becomes your turn (none while you are at the board)
      puzzle [play]                   a puzzle: find the move that wins the most (your waiting one, else a new one)
      puzzle answer house:N           answer it: judged at once, your puzzle rating moves (one for every server)
      puzzle stats                    your puzzle rating, puzzles solved and streaks
      daily [day:N]                   this server's daily puzzle (or an earlier day's), when an admin set one
      rules                           the rules of Nam-nam
      help                            these commands
      tournament create NAME [format:swiss|round-robin] [rounds:N] [target:7-12|none] [match_rounds:N]
    {"            ["}clock:5m-7d] [round_days:N] [start:in2d|2026-12-24T18:00] [limit:N]   a tournament here
      tournament join|leave|start|standings|pairings|withdraw|cancel [tournament:N]
      admin abort [match:N] | admin settings [channels:#a,#b|all] [clock:24h] [target:10|none] [thread:yes|no]
    {"            ["}language:en|fr] [web:yes|new-link|no] [daily-puzzle:#channel|off]
      admin season [news:#channel] [monthly:yes|no] [start:no]
                                      a new season now: ratings start fresh, the old standings are kept
## The rules, in short: one message per part of docs/rules.md §1–§7 (the test `the_rules_tell_every_section`
## checks that every section has its part, by these ids).
rules-intro = Nam-nam, the roaming Oware of Ghana:
rules-board = - Twelve houses in a ring, four seeds each. You own one stretch of houses (at first South 1-6, North 7-12).
rules-sowing = - A move: lift all the seeds of one of your houses and sow them one per house anticlockwise (after 12 comes 1), even into the one you emptied.
rules-fours = - Fours: a seed that makes a house hold exactly four takes the four, in either player's move: with seeds still in hand, for the house's owner (maybe your opponent); with your last seed, for you, and the move ends.
rules-laps = - Laps: a last seed in a house that had seeds lifts them all and sows on; in an empty house, the move ends.
rules-endless = - A move that would lap for ever is not allowed: the board marks its house endless.
rules-feeding = - If your opponent has no seeds when your turn begins, your move must give them some.
rules-passing = - A move that leaves your opponent no seeds makes them pass: you move again.
rules-stuck = - Stuck: if the player to move has seeds but no allowed move, the round ends and each house's seeds go to its owner.
rules-last-seeds = - When a capture leaves 4 seeds or fewer in play, the round ends and they go to that capture's taker (or, if the match was set so, to the round's first player).
rules-stall = - Stall: 100 moves without a capture end the round, each house's seeds to its owner. The board counts them from 80.
rules-chain = - Chain (an option): a four made by your last seed in an opponent's house also takes their houses just before it that hold 2 or 3, five houses at most in all (a longer run: the four alone).
rules-territory = - Every 4 seeds won buy a house for the next round. The leftovers (1-3 each) give the twelfth house to the larger remainder, or with 2 and 2 to whoever won more seeds: 23 seeds to 25 is six houses each.
rules-next-round = - More houses wins the round (six each: a draw). The next round starts with four seeds per house; the first move alternates.
rules-match-end = - The match ends when a player owns no house, reaches the target of houses, or at the round limit (more houses wins; six each is a draw). Resign or agree a draw at any time; run out of time on a move and you lose.

## The server's settings, as its admins see them.
settings = Settings: matches in { $channels }; default clock { $clock } per move; default target { $target }; a thread per match: { $thread }; language: { $language }; web page: { $web }; daily puzzle: { $daily }.
settings-every-channel = every channel
settings-target = { $houses } houses
settings-no-target = none
settings-yes = yes
settings-no = no
settings-language = { $language }
settings-language-discord = as Discord says ({ $language })
settings-web-on = on
settings-web-off = off (`web:yes` turns it on)
settings-daily-puzzle = in { $channel }
settings-no-daily-puzzle = none (`daily-puzzle:#channel` posts one there each day)
# The server's page, told privately to the admin who turned it on or gave it a new link.
web-page-link = This server's web page: { $link } (whoever has the link can read it; `web:new-link` gives it a new one and the old one stops, `web:no` turns it off).
web-page-path = This server's web page is on, at { $link } on the bot's web server (the bot does not know that server's address: its operator sets NAMNAM_WEB_URL).
