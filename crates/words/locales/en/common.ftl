# Words shared by every area.

# Only for the tests of the resources themselves.
test-seeds = { $count ->
    [one] { $count } seed
   *[other] { $count } seeds
}

# One match among several: "#12 alice vs bob".
match-pair = #{ $id } { $south } vs { $north }
