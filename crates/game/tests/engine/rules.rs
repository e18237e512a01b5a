//! The rules of docs/rules.md, one behaviour a test: the worked examples of §9 first, then each rule and
//! ending.

use crate::common::{pos, pos_with, CHAIN, STARTER};
use namnam_game::{
    replay, CaptureKind, EndReason, House, IllegalMove, Match, MatchEnd, MatchOptions, MoveEvent,
    Player::{North, South},
    Position, Rules, Territory,
};

fn h(index: usize) -> House {
    House::new(index).unwrap()
}

fn board(p: &Position) -> [u8; 12] {
    p.board()
}

fn b(s: &str) -> [u8; 12] {
    crate::common::parse_board(s)
}

// ---- rules.md §9: the worked examples ----

#[test]
fn example_1_opening_south_house_0_runs_five_laps() {
    let p = Position::opening(South, Rules::default());
    let m = p.play(h(0)).unwrap();
    assert_eq!(m.laps(), 5);
    assert_eq!(m.captures().count(), 0);
    assert_eq!(board(&m.after), b("2,7,1,6,1,6 | 6,6,0,1,6,6"));
    let m = p.play(h(2)).unwrap();
    assert_eq!(board(&m.after), b("6,6,2,7,1,6 | 1,6,6,6,0,1"));
}

#[test]
fn example_2_then_north_plays_house_6() {
    let p = Position::opening(South, Rules::default());
    let after_south = p.play(h(2)).unwrap().after;
    let m = after_south.play(h(6)).unwrap();
    assert_eq!(board(&m.after), b("1,9,2,10,0,0 | 3,0,1,10,0,0"));
    assert_eq!(m.after.stores().south, 4);
    assert_eq!(m.after.stores().north, 8);
}

#[test]
fn example_3_north_first() {
    let p = Position::opening(North, Rules::default());
    let p = p.play(h(6)).unwrap().after;
    assert_eq!(board(&p), b("6,6,0,1,6,6 | 2,7,1,6,1,6"));
    let p = p.play(h(5)).unwrap().after;
    assert_eq!(board(&p), b("7,7,1,2,7,1 | 0,8,2,7,2,0"));
    assert_eq!([p.stores().south, p.stores().north], [4, 0]);
    let p = p.play(h(9)).unwrap().after;
    assert_eq!(board(&p), b("1,10,0,0,1,3 | 2,10,0,0,1,0"));
    assert_eq!([p.stores().south, p.stores().north], [8, 12]);
}

#[test]
fn example_4_an_endless_move_is_not_legal() {
    let p = pos("2,0,1,0,2,1 | 0,2,1,0,2,1", [18, 18], 6, South, South);
    assert_eq!(p.play(h(0)).unwrap_err(), IllegalMove::Endless);
    assert!(!p.legal_moves().contains(h(0)));
    assert!(!p.legal_moves().is_empty());
}

#[test]
fn example_5_last_seeds_go_to_the_capturer_or_the_starter() {
    let p = pos("3,0,1,0,0,0 | 1,0,0,1,2,0", [20, 20], 6, North, South);
    let m = p.play(h(9)).unwrap();
    assert_eq!(m.round_end(), Some(EndReason::LastSeeds));
    // House 0 became four mid-lap: its owner, South, took it.
    let c: Vec<_> = m.captures().collect();
    assert_eq!(c.len(), 1);
    assert_eq!(
        (c[0].player, c[0].houses.clone(), c[0].kind),
        (South, vec![h(0)], CaptureKind::MidLap)
    );
    assert!(m.after.is_round_over());
    assert_eq!([m.after.stores().south, m.after.stores().north], [28, 20]);

    let p = pos_with(
        "3,0,1,0,0,0 | 1,0,0,1,2,0",
        [20, 20],
        6,
        North,
        North,
        STARTER,
    );
    let m = p.play(h(9)).unwrap();
    assert_eq!([m.after.stores().south, m.after.stores().north], [24, 24]);
}

#[test]
fn example_6_chain_capture_takes_the_run_behind_the_four() {
    let p = pos_with(
        "1,2,1,3,0,0 | 0,0,2,0,0,4",
        [17, 18],
        8,
        North,
        North,
        CHAIN,
    );
    let m = p.play(h(11)).unwrap();
    let c: Vec<_> = m.captures().collect();
    assert_eq!(c.len(), 1);
    assert_eq!(c[0].player, North);
    assert_eq!(c[0].houses, vec![h(3), h(2), h(1), h(0)]);
    assert_eq!((c[0].seeds, c[0].kind), (11, CaptureKind::Chain));
    assert_eq!(m.round_end(), Some(EndReason::LastSeeds));
    assert_eq!([m.after.stores().south, m.after.stores().north], [17, 31]);
}

#[test]
fn example_6_a_run_longer_than_five_houses_is_not_taken() {
    let p = pos_with(
        "1,2,1,2,1,3 | 0,0,0,0,0,6",
        [16, 16],
        9,
        North,
        North,
        CHAIN,
    );
    let m = p.play(h(11)).unwrap();
    let c: Vec<_> = m.captures().collect();
    assert_eq!(c.len(), 1);
    assert_eq!(
        (c[0].houses.clone(), c[0].seeds, c[0].kind),
        (vec![h(5)], 4, CaptureKind::LastSeed)
    );
}

// ---- rules.md §2: the move ----

#[test]
fn a_player_moves_only_from_an_owned_non_empty_house() {
    let p = pos("0,4,4,4,4,4 | 4,4,4,4,4,8", [0, 0], 6, South, South);
    assert_eq!(p.play(h(6)).unwrap_err(), IllegalMove::NotOwner);
    assert_eq!(p.play(h(0)).unwrap_err(), IllegalMove::EmptyHouse);
    // With k = 7 South owns house 6.
    let p = pos("4,4,4,4,4,4 | 4,4,4,4,4,4", [0, 0], 7, South, South);
    assert!(p.play(h(6)).is_ok());
    assert_eq!(p.play(h(7)).unwrap_err(), IllegalMove::NotOwner);
}

#[test]
fn sowing_does_not_skip_the_emptied_house() {
    // 12 seeds from house 0 go round once and the last lands in house 0 itself, which was emptied: one seed,
    // the move ends there.
    let p = pos("12,0,1,0,1,0 | 1,0,1,0,1,0", [16, 15], 6, South, South);
    let m = p.play(h(0)).unwrap();
    assert_eq!(m.laps(), 1);
    assert_eq!(board(&m.after)[0], 1);
}

#[test]
fn mid_lap_four_goes_to_the_house_owner_even_on_the_movers_turn() {
    // South sows 3 from house 4: house 5 (South's) 1→2, house 6 (North's) 3→4 mid-lap → North's, house 7 ends.
    let p = pos("0,0,1,0,3,1 | 3,0,1,1,1,1", [18, 18], 6, South, South);
    let m = p.play(h(4)).unwrap();
    let c: Vec<_> = m.captures().collect();
    assert_eq!(
        (c[0].player, c[0].houses.clone(), c[0].kind),
        (North, vec![h(6)], CaptureKind::MidLap)
    );
    assert_eq!(m.after.stores().north, 22);
    assert_eq!(board(&m.after)[7], 1);
}

#[test]
fn last_seed_four_on_far_side_goes_to_mover() {
    // South sows 2 from house 5: house 6 → 1, house 7 (North's) 3 → 4 with the last seed: South takes it.
    let p = pos("1,1,1,1,1,2 | 0,3,1,1,1,1", [17, 17], 6, South, South);
    let m = p.play(h(5)).unwrap();
    let c: Vec<_> = m.captures().collect();
    assert_eq!(
        (c[0].player, c[0].houses.clone(), c[0].kind),
        (South, vec![h(7)], CaptureKind::LastSeed)
    );
    assert_eq!(m.after.stores().south, 21);
    assert_eq!(m.after.to_move(), North);
}

#[test]
fn five_is_never_a_capture_and_the_relay_goes_on() {
    // The last seed makes five in house 1: lift five, sow on.
    let p = pos("1,4,0,0,0,0 | 1,1,1,1,1,1", [18, 19], 6, South, South);
    let m = p.play(h(0)).unwrap();
    assert_eq!(m.captures().count(), 0);
    assert!(
        m.events.contains(&MoveEvent::Lap {
            house: h(1),
            seeds: 5
        }),
        "house 1 made five and was lifted"
    );
    assert!(m.laps() >= 2);
}

#[test]
fn a_relay_lifts_the_last_house_and_sows_again() {
    let p = Position::opening(South, Rules::default());
    let m = p.play(h(0)).unwrap();
    let laps: Vec<_> = m
        .events
        .iter()
        .filter_map(|e| match e {
            MoveEvent::Lap { house, seeds } => Some((house.index(), *seeds)),
            _ => None,
        })
        .collect();
    assert_eq!(laps[0], (0, 4));
    assert_eq!(
        laps[1],
        (4, 5),
        "the last seed fell in house 4, which held 4 + 1"
    );
}

// ---- rules.md §3: feeding, passing, stuck ----

#[test]
fn a_starving_opponent_must_be_fed() {
    // North owns no seeds. South's house 1 (1 seed) stays home; house 4 (2 seeds) reaches house 6.
    let p = pos("0,1,0,0,2,0 | 0,0,0,0,0,0", [22, 23], 6, South, South);
    assert_eq!(p.play(h(1)).unwrap_err(), IllegalMove::MustFeed);
    assert!(p.play(h(4)).is_ok());
    assert_eq!(p.legal_moves().iter().collect::<Vec<_>>(), vec![h(4)]);
}

#[test]
fn a_player_with_no_seeds_passes_and_the_mover_goes_again() {
    // South's last seed makes four in house 6, North's only seeds: North owns nothing and passes.
    let p = pos("7,0,0,0,0,1 | 3,0,0,0,0,0", [18, 19], 6, South, South);
    let m = p.play(h(5)).unwrap();
    assert_eq!(m.passes().collect::<Vec<_>>(), vec![North]);
    assert_eq!(m.after.to_move(), South);
    assert!(!m.after.is_round_over());
    // ... and South must now feed: house 0's seven seeds reach North's row.
    assert_eq!(m.after.legal_moves().iter().collect::<Vec<_>>(), vec![h(0)]);
}

#[test]
fn stuck_player_ends_the_round_and_houses_go_to_their_owners() {
    // As above, but South's five seeds cannot reach North after the pass: South is stuck, the round ends and
    // South's five go to South.
    let p = pos("5,0,0,0,0,1 | 3,0,0,0,0,0", [19, 20], 6, South, South);
    let m = p.play(h(5)).unwrap();
    assert_eq!(m.passes().collect::<Vec<_>>(), vec![North]);
    assert_eq!(m.round_end(), Some(EndReason::Stuck));
    assert!(m.after.is_round_over());
    assert_eq!([m.after.stores().south, m.after.stores().north], [28, 20]);
    // The fast path leaves the stuck player to move; `end_stuck` settles it the same way.
    let fast = p.apply(h(5)).unwrap();
    assert!(fast.legal_moves().is_empty());
    assert_eq!(fast.end_stuck().stores(), m.after.stores());
}

#[test]
fn play_ends_the_round_when_the_next_player_is_stuck() {
    // South's last seed crosses to house 6 (now 2): South owns nothing, and North's only seeds sow within
    // North's row, so North cannot feed South: stuck, and North's two seeds go to North.
    let p = pos("0,0,0,0,0,1 | 1,0,0,0,0,0", [23, 23], 6, South, South);
    let m = p.play(h(5)).unwrap();
    assert_eq!(m.round_end(), Some(EndReason::Stuck));
    assert_eq!([m.after.stores().south, m.after.stores().north], [23, 25]);
    // With a seed in house 11 North can feed South (11 → 0): the round goes on.
    let p = pos("0,0,0,0,0,1 | 0,0,0,0,0,1", [23, 23], 6, South, South);
    let m = p.play(h(5)).unwrap();
    assert_eq!(m.round_end(), None);
    assert_eq!(
        m.after.legal_moves().iter().collect::<Vec<_>>(),
        vec![h(11)]
    );
}

// ---- rules.md §4: the endings ----

#[test]
fn last_seeds_can_end_a_round_in_the_middle_of_a_lap_with_seeds_in_hand() {
    // North sows 3 from house 9: house 10 → 2... build: seeds in hand when house 0 becomes four.
    let p = pos("3,0,0,0,0,0 | 0,0,0,0,0,3", [21, 21], 6, North, North);
    let m = p.play(h(11)).unwrap();
    // house 0: 3 → 4 with two seeds still in hand: South takes it; 2 seeds left in play (hand) ≤ 4.
    assert_eq!(m.round_end(), Some(EndReason::LastSeeds));
    assert_eq!([m.after.stores().south, m.after.stores().north], [27, 21]);
}

#[test]
fn stall_after_one_hundred_moves_without_capture() {
    let p = pos("0,1,0,1,0,1 | 0,1,0,1,0,1", [21, 21], 6, South, South)
        .with_since_capture(99)
        .unwrap();
    let m = p.play(h(1)).unwrap();
    assert_eq!(m.round_end(), Some(EndReason::Stall));
    // Every house's seeds went to its owner: South 3, North 3.
    assert_eq!([m.after.stores().south, m.after.stores().north], [24, 24]);
    let p = p.with_since_capture(98).unwrap();
    let m = p.play(h(1)).unwrap();
    assert_eq!(m.round_end(), None);
    assert_eq!(m.after.since_capture(), 99);
}

#[test]
fn illegal_moves_report_the_first_code_that_applies() {
    let over = pos("0,0,0,0,0,0 | 0,0,0,0,0,0", [24, 24], 6, South, South);
    assert_eq!(over.play(h(7)).unwrap_err(), IllegalMove::RoundOver);
    assert!(over.legal_moves().is_empty());
    let p = pos("0,4,4,4,4,4 | 0,4,4,4,4,12", [0, 0], 6, South, South);
    assert_eq!(
        p.play(h(6)).unwrap_err(),
        IllegalMove::NotOwner,
        "not-owner before empty-house"
    );
    let codes: Vec<_> = [
        IllegalMove::RoundOver,
        IllegalMove::NotOwner,
        IllegalMove::EmptyHouse,
        IllegalMove::Endless,
        IllegalMove::MustFeed,
    ]
    .iter()
    .map(|e| e.code())
    .collect();
    assert_eq!(
        codes,
        [
            "round-over",
            "not-owner",
            "empty-house",
            "endless",
            "must-feed"
        ]
    );
}

#[test]
fn events_replay_to_the_position_after_the_move() {
    let p = Position::opening(South, Rules::default());
    let m = p.play(h(0)).unwrap();
    assert_eq!(replay(&p, &m.events).unwrap(), m.after);
    let mut wrong = m.events.clone();
    wrong.pop();
    assert!(replay(&p, &wrong).is_err() || replay(&p, &wrong).unwrap() != m.after);
}

// ---- rules.md §6–7: rounds and matches ----

#[test]
fn next_round_territory_and_starter_alternate() {
    let options = MatchOptions::new(Rules::default(), North, None, None).unwrap();
    let mut m = Match::new(options);
    let mut seed = 7u64;
    while m.rounds().is_empty() {
        let moves = m.position().legal_moves();
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let house = moves.get((seed >> 33) as usize % moves.len());
        m.play(house).unwrap();
    }
    let r = m.rounds()[0];
    assert_eq!(r.starter, North);
    assert_eq!(r.territory_after, Territory::from_stores(r.stores).unwrap());
    assert_eq!(m.round(), 2);
    assert_eq!(m.position().starter(), South, "the first move alternates");
    assert_eq!(m.position().territory(), r.territory_after);
    assert_eq!(m.position().board(), [4; 12]);
}

#[test]
fn a_match_ends_with_a_target_or_a_round_limit_or_a_resignation() {
    for (target, rounds) in [(Some(7), None), (None, Some(2))] {
        let options = MatchOptions::new(Rules::default(), South, target, rounds).unwrap();
        let mut m = Match::new(options);
        let mut i = 0usize;
        while !m.is_over() {
            let moves = m.position().legal_moves();
            i = i.wrapping_mul(31).wrapping_add(17);
            m.play(moves.get(i % moves.len())).unwrap();
        }
        let result = m.result().unwrap();
        let last = m.rounds().last().unwrap();
        match result.reason {
            MatchEnd::Target => {
                assert!(last.territory_after.houses_of(result.winner.unwrap()) >= 7)
            }
            MatchEnd::RoundLimit => assert_eq!(m.rounds().len(), 2),
            MatchEnd::WholeBoard => assert!(last.territory_after.is_whole_board()),
            other => panic!("unexpected end {other:?}"),
        }
        assert!(m.play(h(0)).is_err(), "a finished match takes no moves");
    }
    let mut m = Match::new(MatchOptions::default());
    let r = m.resign(South).unwrap();
    assert_eq!((r.winner, r.reason), (Some(North), MatchEnd::Resignation));
    assert!(m.resign(North).is_err());
}

#[test]
fn positions_are_validated_when_built() {
    use namnam_game::RawPosition;
    let raw = |k: i64, board: Vec<i64>, stores: Vec<i64>, since: i64| RawPosition {
        territory: k,
        board,
        stores,
        to_move: South,
        starter: South,
        since_capture: since,
        rules: Rules::default(),
    };
    assert!(Position::try_from(raw(6, vec![4; 12], vec![0, 0], 0)).is_ok());
    let err = Position::try_from(raw(12, vec![4; 11], vec![0, 0], 100)).unwrap_err();
    assert_eq!(err.0.len(), 4, "every reason at once: {err}");
    assert!(Position::try_from(raw(6, vec![4; 12], vec![1, 0], 0)).is_err());
    assert!(Position::try_from(raw(0, vec![4; 12], vec![0, 0], 0)).is_err());
    let mut negative = vec![4; 12];
    negative[0] = -1;
    negative[1] = 5;
    assert!(Position::try_from(raw(6, negative, vec![0, 0], 0)).is_err());
}
