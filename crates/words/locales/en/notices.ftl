# What the clock, takebacks, seasons and direct messages say.

# The buttons under a takeback's request.
button-accept-takeback = Accept the takeback
button-decline-takeback = Decline

## Takebacks.
takeback-asked = { $player } asks to take back their move (house { $house }). { $opponent }: { $accept } to accept, { $decline } to decline; the request lapses with the next move.
takeback-withdrawn = { $player } withdraws the request to take back their move.
takeback-declined = { $player } declines: { $asker }'s move stands.
takeback-accepted = { $player } accepts: { $asker }'s move (house { $house }) is taken back.

## Turn DMs.
notify-on = I will send you a DM when it becomes your turn in a match, unless you played in it within the last few minutes. To stop: { $off }. (Discord delivers them only if we share a server whose members your privacy settings let DM you.)
notify-off = No DMs when it is your turn. To have them: { $on }.
notify-turn = Your turn in match #{ $id } against { $opponent }, in { $channel }: move by { $deadline }. To stop these DMs: { $off }.
notify-refused = I could not send you a DM on your turn (Discord did not let me: your privacy settings, or we share no server), so turn DMs are now off. To have them again, allow DMs from the members of a server we share, then: { $on }.
notify-notice = Match #{ $id }, in { $channel }: { $notice }
notify-challenge-notice = Your challenge, in { $channel }: { $notice }

## The clock.
clock-reminder = { $player }: a quarter of your time is left in match #{ $id }. { $turn }
clock-paused-offline = The clock was paused for { $span } while the bot was offline.
clock-paused-unreachable = The clock was paused for { $span } while Discord was unreachable.
clock-paused-unavailable = The clock was paused for { $span } while Discord had this server unavailable.

## Threads and admins.
thread-closed = Match #{ $id }: its thread was closed, so the match goes on here with the buttons below.
admin-aborted = { $admin } stopped match #{ $id } between { $south } and { $north }. It is unrated.

## Seasons.
season-monthly = A new season starts by itself on the first of each month (UTC).
season-is = This is season { $season }. Season news goes to { $channel }.
season-is-no-news = This is season { $season }. Season news goes where a season is started.
season-over-posted = Season { $season } is over and season { $next } begins: ratings start fresh. Its final top three are posted in { $channel }.
season-over = Season { $season } is over (it began { $began }).
season-over-undated = Season { $season } is over.
season-nobody = Nobody finished a rated match in it.
season-top = Final top three: { $podium }.
season-begins = Season { $season } begins now: everyone's rating starts fresh. The old standings: { $command }.
