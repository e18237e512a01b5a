# Lessons (`learn`): a path of short stages, each a staged position with one task, shown privately; then a
# first match against the computer. Each stage has a title, an explanation, a task, a hint (after a try
# that does not meet the task) and what was just learnt (once it is met); docs/learn.md lists them.

## Around every stage.
lesson-heading = **Lesson { $number } of { $count }: { $title }**
lesson-task = **Your task:** { $task }
lesson-passed = **Passed!** Your move: { $move }.
lesson-not-yet = **Not yet.** Your move: { $move }.
# `learn` with no stage: every stage, then the first one not passed.
lesson-overview = **Lessons**: { $passed } of { $count } passed. Take any of them again with { $learn } and its number.
    { $stages }
lesson-list-passed = ✓ { $number }. { $title }
lesson-list-open = · { $number }. { $title }
# In `stats`.
lesson-stats = Lessons: { $passed } of { $count } passed ({ $learn }).
# Under the match that passed the last stage.
lesson-first-win = **You won your first match against the computer: every lesson is passed!** Its next level is waiting, and so are the people here: challenge someone.
button-lesson-next = Next lesson
button-lesson-again = Again
button-lesson-retry = Try again
button-lesson-previous = ◀ Previous
button-lesson-skip = Skip ▶
button-lesson-match = Play the computer (level 1)

## 1. Sowing.
lesson-sowing-title = Sowing
lesson-sowing-explain = Twelve houses: yours, South's, are 1–6 along the bottom; North's are 7–12 along the top. To move, pick one of your houses with seeds, lift them all, and drop them one at a time into the houses that follow, anticlockwise (1, 2 … 12, then 1 again). If your last seed falls into an **empty** house, your move is over.
lesson-sowing-task = play a move whose last seed falls into an empty house, so that it ends after one lap.
lesson-sowing-hint = A house with 2 seeds drops its last one 2 houses further on. Find a house whose last seed lands in an empty house.
lesson-sowing-done = Your last seed fell into an empty house: one lap, and your move was over.

## 2. The relay.
lesson-relay-title = The relay
lesson-relay-explain = If your last seed falls into a house that already holds seeds, you lift them all (the seed you just dropped too) and sow on from the next house: a new **lap**. A move goes on, lap after lap, until its last seed falls into an empty house — or makes a four, as the next lessons show.
lesson-relay-task = play a move that runs at least 3 laps.
lesson-relay-hint = Follow each lap: where its last seed falls, if that house had seeds, the move goes on. Look for the house whose relay lasts longest.
lesson-relay-done = Three laps or more: the relay carried your seeds round the board.

## 3. A four on your own side.
lesson-four-own-title = A four on your own side
lesson-four-own-explain = After every seed, look at the house it fell into: if that seed made it hold **exactly four**, the four seeds are captured at once. While seeds are still in your hand, a four goes to the **owner of that house** — so a four made in one of your own houses is yours, and you sow on.
lesson-four-own-task = capture a four in one of your own houses.
lesson-four-own-hint = Find a house of yours with 3 seeds that your sowing passes through with seeds still in hand.
lesson-four-own-done = Your seed made four in your own house with seeds still in hand: they went to your store.

## 4. A four for the other side.
lesson-four-given-title = A four for the other side
lesson-four-given-explain = A four made while seeds are still in hand belongs to the house's owner, **whoever is sowing**. A four you make that way in one of North's houses goes to North — and when North's sowing makes four in one of your houses, those seeds are yours.
lesson-four-given-task = play a move that gives North nothing: no four of theirs during your move.
lesson-four-given-hint = Watch North's houses with 3 seeds: a seed of yours dropped there with more still in hand makes a four for North.
lesson-four-given-done = No four for North: you gave nothing away.

## 5. A four with your last seed.
lesson-four-last-title = A four with your last seed
lesson-four-last-explain = Your **last** seed is different: if it makes a four, **you** take it, in your houses or in North's, and your move is over.
lesson-four-last-task = capture four seeds with your last seed, in one of North's houses.
lesson-four-last-hint = Look for a house of North's with 3 seeds, exactly as many houses away as the seeds you would lift.
lesson-four-last-done = Your last seed made four in North's house: the four are yours, and the move ended there.

## 6. Feeding.
lesson-feeding-title = Feeding
lesson-feeding-explain = If North owns no seeds when your turn begins, you must **feed** them: your move has to leave at least one seed in North's houses, and a move that does not is refused. (When a move leaves North with no seeds and the round goes on, North passes and you move again, and must then feed them.)
lesson-feeding-task = North has no seeds: play a move that feeds them.
lesson-feeding-hint = Pick a house with enough seeds to reach North's row, house 7 or beyond.
lesson-feeding-done = North has seeds again: you fed them, as the rule asks.

## 7. Chain captures.
lesson-chain-title = Chain captures
lesson-chain-explain = An option, chosen with the challenge (`chain:yes`), and on in this lesson. When your **last** seed makes a four in one of North's houses, the houses just before it, going back clockwise, join the capture while they are North's and hold 2 or 3 seeds. The four and its run together may be at most **five houses**: a longer run takes nothing, and you get the four alone.
lesson-chain-task = capture at least 6 seeds in one move.
lesson-chain-hint = Behind a four, a run of 2s and 3s longer than four houses takes nothing. Look for a four with a shorter run behind it.
lesson-chain-done = A four with a short run behind it: a chain capture.

## 8. The last seeds.
lesson-last-seeds-title = The last seeds
lesson-last-seeds-explain = How a round ends, first: after every capture, count the seeds still in play, on the board and in hand. If **four or fewer** are left, the round ends at once, and with the usual end-game option they go to **whoever made that capture**.
lesson-last-seeds-task = end the round with a capture that leaves four seeds or fewer.
lesson-last-seeds-hint = Look for a four with seeds still in hand in one of your houses: after it, only a few seeds are left.
lesson-last-seeds-done = Four seeds or fewer were left after your capture: the round ended, and the capturer took them.

## 9. The last seeds to the starter.
lesson-last-seeds-starter-title = The last seeds to the starter
lesson-last-seeds-starter-explain = The other end-game option, chosen with the challenge (`endgame:starter`): the last seeds go to **whoever started the round**, whoever made the capture. Here you started it.
lesson-last-seeds-starter-task = end the round: the last seeds are yours as the round's starter, even when the capture is North's.
lesson-last-seeds-starter-hint = Make a capture happen that leaves four seeds or fewer, even one of North's: a four in their house with seeds still in your hand.
lesson-last-seeds-starter-done = The capture was North's, but you started the round: the last seeds went to you.

## 10. The stall.
lesson-stall-title = The stall
lesson-stall-explain = How a round ends, second: when **100 moves** in a row capture nothing, the round ends, and the seeds in each house go to **that house's owner**. Here 99 moves have gone by without a capture.
lesson-stall-task = make the hundredth move without a capture, so that the round ends.
lesson-stall-hint = Any capture, even one of North's during your move, starts the count again. Play a quiet move.
lesson-stall-done = A hundred moves without a capture: the round ended, and each house's seeds went to its owner.

## 11. A stuck player.
lesson-stuck-title = A stuck player
lesson-stuck-explain = How a round ends, third: when the player to move has seeds but **no legal move** (for instance, none of their moves can feed you), the round ends at once, and again the seeds in each house go to its owner.
lesson-stuck-task = leave North stuck: after your move they must feed you, and cannot.
lesson-stuck-hint = Leave no seeds in your own houses, and North's seeds where none of their moves reaches your row.
lesson-stuck-done = North had to feed you and could not: the round ended, each house's seeds to its owner.

## 12. Territory.
lesson-territory-title = Territory
lesson-territory-explain = At a round's end, every **four seeds** in your store buy **one house** for the next round; whoever will own more houses won the round. The match goes on, round after round, until one player owns the whole board (or reaches the match's target). Here 99 moves have gone by without a capture, and your store holds 22 seeds.
lesson-territory-task = end the round owning at least 7 houses for the next one: 28 seeds or more.
lesson-territory-hint = When the round ends by the stall, the seeds on the board go to their houses' owners: keep yours on your side of the board.
lesson-territory-done = 28 seeds or more: seven houses next round. Win houses round after round, and the whole board is yours.

## 13. A first match.
lesson-first-match-title = Your first match
lesson-first-match-explain = You know every rule. Now play a whole round against the computer at its beginner's level: whoever owns more houses at the end wins. The match is played here, where everyone can see it.
lesson-first-match-task = win a match against the computer at level 1: press the button below to start it.
