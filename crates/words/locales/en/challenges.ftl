# Challenges: the offer with its terms, and its acceptance.

challenge = { $challenger } challenges { $challenged } to a match of Nam-nam: { $terms }; { $first }. { $challenged }: { $accept } or { $decline } within { $ttl }.
terms-target = target { $houses } houses
terms-no-target = no target
terms-rounds = { $rounds ->
    [one] one round
   *[other] at most { $rounds } rounds
}
terms-no-round-limit = no round limit
terms-clock = { $clock } per move
terms-endgame-capturer = last seeds to the capturer
terms-endgame-starter = last seeds to the round's starter
terms-chain-on = chain captures on
terms-chain-off = no chain captures
first-player = { $name } moves first
first-random = the first move is drawn by lot
first-taker = whoever accepts moves first
challenge-accepted = { $name } accepts. Match #{ $id }: { $sides }.
challenge-open = { $challenger } offers a match of Nam-nam to anyone here: { $terms }; { $first }. The first to { $accept } plays, within { $ttl }.

button-challenge-accept = Accept
button-challenge-decline = Decline
button-challenge-cancel = Cancel

challenge-expired = { $challenger }'s challenge to { $challenged } has expired.
challenge-declined = { $challenged } declines { $challenger }'s challenge.
challenge-withdrawn = { $challenger } withdraws the challenge to { $challenged }.
challenge-open-expired = { $challenger }'s open challenge has expired.
challenge-open-withdrawn = { $challenger } withdraws the open challenge.

# A challenge drafted from a member's menu, which only its challenger sees until it is sent.
challenge-draft = Challenge { $challenged } to Nam-nam: { $terms }; { $first }. Change the terms with the buttons, then press Send: { $challenged } sees nothing until then.
button-draft-rounds = Rounds: { $rounds }
button-draft-no-round-limit = Rounds: no limit
button-draft-clock = Clock: { $clock }
button-draft-first-random = First: by lot
button-draft-first-me = First: me
button-draft-first-them = First: { $name }
button-draft-send = Send
error-not-your-draft = This draft is someone else's: use the menu on a member (Apps → Challenge to Nam-nam) to draft your own challenge.
error-only-us-here = Only you and I are in this DM: nobody else could answer a challenge here. Challenge someone where you both are (a server's channel, a DM or group DM with them), or play me here: { $challenge } with me as the opponent.
