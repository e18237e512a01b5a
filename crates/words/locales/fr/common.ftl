# Les mots communs à tous les domaines.

# Seulement pour les tests des ressources elles-mêmes.
test-seeds = { $count ->
    [one] { $count } graine
   *[other] { $count } graines
}

# Une partie parmi d'autres : « #12 alice contre bob ».
match-pair = #{ $id } { $south } contre { $north }

# A length of time, to the minute.
span-minutes = { $minutes } min
span-hours = { $hours } h
span-hours-minutes = { $hours } h { $minutes } min
span-days = { $days } j
span-days-hours = { $days } j { $hours } h

# Between two clauses of one sentence ("alice a semé la case 3 : 2 semis ; alice prend 4 graines").
clause-separator = {" ; "}

# Buttons that open a server's web page.
link-server-page = Page du serveur
link-player-page = Page du joueur
link-match-page = Page de la partie
link-tournament-page = Page du tournoi
