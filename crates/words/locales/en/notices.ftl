# What the clock, takebacks, seasons and direct messages say.

# The buttons under a takeback's request.
button-accept-takeback = Accept the takeback
button-decline-takeback = Decline
