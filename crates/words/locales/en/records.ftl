# Records, replays, analyses and a player's history.

# A replay's button that jumps to the end of the round shown.
button-next-round = Next round
