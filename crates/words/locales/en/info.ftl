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
history-move-took = { $ply }. round { $round }: { $player } sowed house { $house } ({ $laps ->
    [one] { $laps } lap
   *[other] { $laps } laps
}, took { $seeds ->
    [one] { $seeds } seed
   *[other] { $seeds } seeds
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

## help and rules: the console's (its command names are the same in every language).
help-console =
    Commands (options are name:value):
      challenge opponent:NAME [endgame:capturer|starter] [chain:yes|no] [first:challenger|challenged|random]
    {"            ["}target:7-12|none] [rounds:1-99] [clock:5m-7d]   offer a match (defaults: capturer, no chain,
                                                                random first, target 10, no round limit, 24h)
      accept | decline | cancel       answer or withdraw the open challenge in this channel
      move house:N [match:N]          sow house N (1-12) of yours (match:N when you have several matches here)
      board [match:N]                 the match in this channel
      draw                            offer a draw, or accept your opponent's offer
      takeback [decline:yes]          ask to take back your last move (until your opponent moves), or accept
                                      your opponent's request (decline:yes declines it, or withdraws yours)
      resign                          give up the match (asks you to confirm: resign confirm:yes)
      rematch [match:N]               play your last finished match here again, same terms (or match N)
      matches                         your active matches in this server, and where it is your turn
      history                         the rounds and moves of the match in this channel
      replay match:N [move:M]         step through match N from move M (public:yes shows it to the channel)
      analyse match:N                 the computer's verdict on a match that is over: each player's worst moves
      export match:N                  the record of match N as a file (a .nnr record: namnam replay FILE)
      leaderboard [page:N] [season:N] ratings in this server (season:N: an ended season's final standings)
      stats [player:NAME]             a player's rating chart and record in this season
      notify on|off                   a DM when it becomes your turn (none while you are at the board)
      puzzle [play]                   a puzzle: find the move that wins the most (your waiting one, else a new one)
      puzzle answer house:N           answer it: judged at once, your puzzle rating moves (one for every server)
      puzzle stats                    your puzzle rating, puzzles solved and streaks
      rules                           the rules of Nam-nam
      tournament create NAME [format:swiss|round-robin] [rounds:N] [target:7-12|none] [match_rounds:N]
    {"            ["}clock:5m-7d] [round_days:N] [start:in2d|2026-12-24T18:00] [limit:N]   a tournament here
      tournament join|leave|start|standings|pairings|withdraw|cancel [tournament:N]
      admin abort [match:N] | admin settings [channels:#a,#b|all] [clock:24h] [target:10|none] [thread:yes|no]
    {"            ["}language:en|fr]
      admin season [news:#channel] [monthly:yes|no] [start:no]
                                      a new season now: ratings start fresh, the old standings are kept
## The rules, in short: one message per part of docs/rules.md §1–§7 (the test `the_rules_tell_every_section`
## checks that every section has its part, by these ids).
rules-intro = Nam-nam, the roaming Oware of Ghana, in short:
rules-board = - Board: twelve houses in a ring, four seeds in each. You own one unbroken stretch of houses (at the start South owns 1-6, North 7-12): what counts is who owns a house, not its row.
rules-sowing = - A move: lift all the seeds of one of your houses and sow them one by one anticlockwise (1 to 12, then 1), into every house, yours or not, even the one you emptied.
rules-fours = - Fours: whenever a seed makes a house hold exactly four, the four are taken at once, in either player's move. With seeds still in hand, the house's owner takes them (even if that is your opponent) and you sow on; with your last seed, you take them, wherever the house is, and your move ends.
rules-laps = - Laps: if your last seed lands in a house that had seeds (and makes no four), lift them all and sow on from the next house: a new lap. In an empty house, your move ends.
rules-endless = - Endless moves: a move whose laps would come round for ever is not allowed; the board marks its house as endless.
rules-feeding = - Feeding: if your opponent has no seeds when your turn begins, your move must leave them some.
rules-passing = - Passing: if your move leaves your opponent no seeds, they pass and you move again (and must then feed them).
rules-stuck = - Stuck: if the player to move has seeds but no allowed move, the round ends and the seeds in each house go to its owner.
rules-last-seeds = - Last seeds: when a capture leaves four seeds or fewer in play, the round ends there and they go to whoever made that capture (or, if the match was set up so, to the player who began the round).
rules-stall = - Stall: 100 moves in a row without a capture end the round, and the seeds in each house go to its owner. The board counts those moves from 80 on.
rules-chain = - Chain (a match option): a four made by your last seed in a house of your opponent's also takes the houses just before it that hold 2 or 3 seeds and are theirs, five houses at most in all; a longer run leaves the four alone.
rules-territory = - Between rounds: every four seeds you won buy one house for the next round. The seeds left over (1 to 3 each) give the twelfth house to the larger remainder, or with 2 and 2 to whoever won more seeds: 23 seeds to 25 is six houses each.
rules-next-round = - The round's winner is whoever will own more houses (six each: a drawn round). The next round starts with four seeds in every house, and the first move alternates.
rules-match-end = - The match ends when a player owns no house, when someone reaches the agreed target of houses, or after the agreed number of rounds (more houses wins; six each is a draw). You may resign or agree a draw at any time; run out of time on a move and you lose.

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
