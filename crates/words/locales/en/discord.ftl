# The Discord layer's own words: /help, what a player is told when a command cannot be done, and the
# words it adds to the core's replies. (The slash commands' names are in commands.ftl.)

# The answer to /help: one Discord message, at most 2000 characters. It names the commands as this
# language's clients show them.
discord-help = **Playing Nam-nam here**
    `/learn` — new to Nam-nam? Short private lessons, one rule at a time, ending in a first match against me
    `/challenge opponent:@someone` — invite someone (options: endgame, chain, first, target, rounds, clock)
    `/challenge opponent:@Namnam level:1` — play me, the computer: level 1 (beginner) to 6 (strongest)
    `/accept`, `/decline`, `/cancel` — answer or withdraw the open challenge in this channel (or use its buttons)
    `/move house:3` — play a house (start typing: only your legal houses are offered); or press a house button
    `/board` — show the board again · `/resign` · `/draw` — offer or accept a draw · `/rematch` — play again
    `/takeback` — ask to take back your last move before your opponent moves, or accept their request (`decline:yes` declines)
    `/matches` — your matches here · `/history` — the moves of this channel's match
    `/replay match:12` — step through a match (options: move, public) · `/analyse match:12` — the computer's verdict on a match that is over · `/export match:12` — its record as a file
    `/leaderboard` · `/stats` — ratings on this server and your chart (`season:3`: an ended season's standings); elsewhere: you and your opponents
    `/notify on` — a DM when it becomes your turn, unless you are at the board · `/notify off`
    `/puzzle play` — a private puzzle: find the best move with its buttons · `/puzzle stats` — your puzzle rating and streaks
    `/tournament create` — a Swiss or round-robin tournament here; `join`, `start`, `standings`, `pairings`, `withdraw`
    Several matches of yours in one channel? Add `match:` to a command (your matches are offered as you type)
    `/rules` — the rules in brief · `/admin` — abort a match, server settings, a new season (Manage Server)
    No Discord at hand? `namnam console` plays the same game in a terminal.

## Told privately to the one who asked

discord-use-slash-command = Use the slash command.
discord-server-only = That command belongs to a server that invited me: ask for it in one of its channels.
discord-managers-only = Only members who may manage this server can use this command.
discord-bad-option = I couldn't read that option; `/help` lists what each command takes.
# Discord sent a command whose options are not the ones the bot registered (a registration still on its way).
discord-command-changed = This command has just changed: try again in a minute.
discord-unknown-button = I don't recognise this button.
discord-restarting = I'm restarting: try again in a minute.
discord-apology = Sorry, something went wrong on my side. Nothing was changed; please try again.
discord-menu-unseen = They cannot see this channel: challenge someone who can, or play them where you both are.
discord-level-range = The level must be 1 to 6.
discord-no-such-house = There is no house { $house }: houses are numbered 1 to 12.
discord-no-such-lesson = There is no lesson { $stage }: the lessons are numbered 1 to 13.
discord-channel-unknown = Discord did not say where that channel is: try again in a moment.
discord-channel-foreign = That is not a channel of this server that I can see: pick one with # from this server.
discord-start-unreadable = I can't read that start: write a time to wait, like `in 2d`, or a UTC time like `2026-12-24 18:00`.
discord-missing-permission = I can't post in this channel: I need the View Channel, Send Messages and Attach Files permissions here (and Create Public Threads and Send Messages in Threads when matches get their own thread). Ask a server admin.
discord-move-recorded = Your move was recorded, but Discord did not take my answer: the board will appear in the channel in a moment.
discord-external-apps-off = This server does not let members' apps answer in public here (the Use External Apps permission), so only you would see the board. Play with me in my DMs instead: open { $bot } and send a command there, or ask the server's moderators to allow it.
discord-move-kept-here = Your move was recorded, but Discord did not take my answer: the board will follow the next command or button press here.
discord-done-kept-here = Done, but Discord did not take my answer: it will follow the next command or button press here.
discord-done-recorded = Done, but Discord did not take my answer: it will appear in the channel in a moment.
discord-answer-lost = Discord may not have taken my answer: if you do not see it, please ask again.
# Added to /admin settings' answer where the bot may not read the channel's history.
discord-no-history = I may not read this channel's message history (the Read Message History permission): after a dropped connection I cannot see whether a board was shown, and may show it twice. Please grant it to my role (the invite link in my README asks for it).

# A legal house offered while typing `/move house:` (at most 100 characters).
discord-house-choice = House { $house } — { $count ->
    [one] { $count } seed
   *[other] { $count } seeds
}

## Added to what everyone sees

discord-thread-announcement = The match is played in its own thread: **{ $thread }**.
discord-no-threads = (I could not open a thread for this match: I need the Create Public Threads and Send Messages in Threads permissions here. The match is played in this channel.)
discord-thread-closed = (This match's thread is locked or gone, so its board is posted here; its buttons work here.)
