# The console's own words (`namnam console`, and `namnam replay`). Its command names stay as they are.

console-line-shape = Write `[#channel] user command [name:value …]`, for example `alice help`.
console-unreadable-line = That line is not UTF-8 text (an invalid byte at byte { $at }): it was skipped.
console-bad-name = Names are letters, digits, `_`, `-` and `.`: not { $user } in #{ $channel }.
console-only-sees = (only { $user } sees this)
console-dm-to = DM to { $user }
console-picture = picture: { $path }
console-animation = animation: { $path }
console-file = file: { $path }
console-file-end = end of { $name }
console-thread = (a thread would open here: { $name })
console-next = next: { $moves }

# `namnam replay FILE`: each move of a record.
replay-step = round { $round }, move { $in_round }: { $player } sowed house { $house }
console-time-left = ({ $left } left to move)
replay-result = Result: { $result }
replay-in-progress = the match is still in progress.
replay-aborted = the match was stopped by an admin.
console-hello = Namnam console on { $database }. Type `alice help` for the commands; Ctrl-D to leave.
console-link = { $label }: { $url }
