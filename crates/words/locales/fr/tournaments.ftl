# A tournament's sign-up, rounds, pairings, standings and news.

# The buttons under a tournament's sign-up.
button-join = Rejoindre
button-leave = Quitter
