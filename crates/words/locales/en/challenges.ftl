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
challenge-from-menu = Sent on this place's usual terms. For others, withdraw it with { $cancel } (or its Cancel button) and use { $challenge } with the terms you want.
challenge-open = { $challenger } offers a match of Nam-nam to anyone here: { $terms }; { $first }. The first to { $accept } plays, within { $ttl }.

button-challenge-accept = Accept
button-challenge-decline = Decline
button-challenge-cancel = Cancel

challenge-expired = { $challenger }'s challenge to { $challenged } has expired.
challenge-declined = { $challenged } declines { $challenger }'s challenge.
challenge-withdrawn = { $challenger } withdraws the challenge to { $challenged }.
challenge-open-expired = { $challenger }'s open challenge has expired.
challenge-open-withdrawn = { $challenger } withdraws the open challenge.
