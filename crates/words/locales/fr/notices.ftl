# What the clock, takebacks, seasons and direct messages say.

# The buttons under a takeback's request.
button-accept-takeback = Accepter la reprise
button-decline-takeback = Refuser
