# Words shared by every area.

# Only for the tests of the resources themselves.
test-seeds = { $count ->
    [one] { $count } seed
   *[other] { $count } seeds
}

# One match among several: "#12 alice vs bob".
match-pair = #{ $id } { $south } vs { $north }

# A length of time, to the minute.
span-minutes = { $minutes } min
span-hours = { $hours } h
span-hours-minutes = { $hours } h { $minutes } min
span-days = { $days } d
span-days-hours = { $days } d { $hours } h

# Between two clauses of one sentence ("alice sowed house 3: 2 laps; alice takes 4 seeds").
clause-separator = {"; "}

# Buttons that open a server's web page.
link-server-page = Server page
link-player-page = Player page
link-match-page = Match page
link-tournament-page = Tournament page
