# Records, replays, analyses and a player's history.

# A replay's button that jumps to the end of the round shown.
button-next-round = Next round

## export: a match's record as a file.
export = The record of match #{ $id }, in Namnam's record format (.{ $extension }): `namnam replay FILE` steps through it in a terminal, and { $replay } does here.
export-description = The record of match #{ $id }

## replay: a match stepped move by move.
replay-headline = Replay of match #{ $id }: { $south } (South) against { $north } (North). { $how }
replay-stopped = It was stopped by an admin.
replay-live = Still being played.
replay-before = Before the first move ({ $moves } in all). ▶ steps through the match.
replay-move = Move { $ply } of { $moves } (round { $round }, move { $in_round }): { $move }
replay-move-mistake = Move { $ply } of { $moves } (round { $round }, move { $in_round }) ⚠: { $move }
replay-mistake = ⚠ A mistake, says the computer: house { $best } was better; house { $played }: { $cost }.
# The line under a replay's picture (its font has no ⚠).
replay-picture-mistake = Mistake: house { $best } was better ({ $cost })

## analyse: the computer's verdict on a finished match.
analysis-heading = The computer's analysis of match #{ $id }: { $south } against { $north }, { $moves } moves.
analysis-no-mistake = { $player }: no move that gave away a seed or more while the match could still turn.
analysis-mistakes = { $player }'s mistakes that mattered most:
analysis-mistake = - move { $ply } (round { $round }, move { $in_round }): house { $played }; house { $best } was better: { $cost }.
# Why a mistake was one, after it (as a puzzle's answer is explained): the better move and the best
# replies, as far as it first shows itself ahead in seeds, then the move played and the best replies to
# it as far, and how far behind it is then. The mistake's mover's own moves are "house 9", the other
# player's "bob's 7"; $what is puzzle-line-takes (", taking 4 seeds").
analysis-why = Why: { $line }.
analysis-punished = As played, with the best replies: { $line } — { $plies } moves on, { $seeds ->
    [one] { $seeds } seed
   *[other] { $seeds } seeds
} worse off.
# When the lines do not show the difference in seeds within their moves.
analysis-why-later = Why: { $plies } moves of best play do not show it in seeds yet; the computer sees it further on.
# Moves of the played line that take nothing, left out.
analysis-line-quiet = …
analysis-line-own = house { $house }{ $what }{ $ends ->
    [1] , ending the round
   *[0] {""}
}
analysis-line-other = { $player }'s { $house }{ $what }{ $ends ->
    [1] , ending the round
   *[0] {""}
}

## What a mistake cost.
cost-won-turned-lost = it turned a won match into a lost one
cost-win-slipped = it let a won match slip
cost-match-lost = it lost the match
# A match the mover did not lose in the end: the opponent missed what best play would have done.
cost-match-lost-unpunished = against best play it lost the match (the opponent missed it)
cost-won-turned-lost-unpunished = against best play it turned a won match into a lost one (the opponent missed it)
# Houses given away in a match's last round (its round limit): they count at its end.
cost-houses-last-round = it gave away about { $houses ->
    [one] { $houses } house
   *[other] { $houses } houses
} at the match's end
cost-houses = it gave away about { $houses ->
    [one] { $houses } house
   *[other] { $houses } houses
} for the next round
cost-seeds = it gave away about { $seeds ->
    [one] { $seeds } seed
   *[other] { $seeds } seeds
}
cost-about-houses = about { $houses ->
    [one] { $houses } house
   *[other] { $houses } houses
}
cost-about-seeds = about { $seeds ->
    [one] { $seeds } seed
   *[other] { $seeds } seeds
}
analysis-queued = The computer is looking at the { $moves } moves of match #{ $id }: its verdict will be posted in this channel in a moment.
