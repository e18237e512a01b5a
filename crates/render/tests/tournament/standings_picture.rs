//! The standings picture, drawn for real and decoded again: its size, how it grows with the table and
//! the pairings, its description, and a withdrawn player drawn differently.

use namnam_render::{standings_png, Language, Picture, StandingsLine, StandingsTable};

fn line(rank: &str, name: &str, points: &str, tiebreaks: [&str; 2], played: u32) -> StandingsLine {
    StandingsLine {
        rank: rank.into(),
        name: name.into(),
        points: points.into(),
        tiebreaks: tiebreaks.iter().map(|t| t.to_string()).collect(),
        played,
        withdrawn: false,
    }
}

/// A 9-player Swiss after round 3 of 5, with round 4's pairings.
fn swiss() -> StandingsTable {
    StandingsTable {
        title: "Winter cup — standings after round 3 of 5".into(),
        subtitle: "Swiss · 9 players · 24h clock".into(),
        tiebreaks: vec!["Buchholz".into(), "SB".into()],
        lines: vec![
            line("1", "alice", "3", ["7.5", "6.5"], 3),
            line("2", "bob", "2.5", ["8", "5.25"], 3),
            line("3=", "carol", "2", ["6.5", "3.5"], 3),
            line(
                "3=",
                "Kwame Nkrumah-Asante the Younger of Kumasi",
                "2",
                ["6.5", "3.5"],
                3,
            ),
            line("5", "Ama", "1.5", ["7", "2.75"], 3),
            line("6=", "Kofi", "1.5", ["5", "2"], 3),
            line("6=", "Зоя", "1.5", ["5", "2"], 2),
            line("8", "erin", "1", ["4.5", "1"], 3),
            line("9", "dave", "0", ["6", "0"], 3),
        ],
        pairings_title: "Round 4 pairings".into(),
        pairings: vec![
            "alice – bob".into(),
            "carol – Kwame Nkrumah-Asante the Younger of Kumasi".into(),
            "Ama – Kofi".into(),
            "Зоя – erin".into(),
            "dave: bye".into(),
        ],
    }
}

/// The decoded picture: its size and RGB pixels.
fn decode(picture: &Picture) -> (u32, u32, Vec<u8>) {
    let img = image::load_from_memory_with_format(&picture.bytes, image::ImageFormat::Png)
        .expect("the standings decode as a PNG")
        .to_rgb8();
    (img.width(), img.height(), img.into_raw())
}

#[test]
fn the_picture_is_640_wide_and_says_what_it_says_in_its_size() {
    let picture = standings_png(&swiss(), Language::English);
    let (width, height, _) = decode(&picture);
    assert_eq!((width, height), (640, picture.height));
    assert_eq!(picture.width, 640);
    // Title, headings, nine rows of 26 px and six lines of pairings: neither cramped nor padded out.
    assert!((400..700).contains(&height), "height {height}");
}

#[test]
fn more_lines_make_a_taller_picture() {
    let small = swiss();
    let mut more_players = small.clone();
    more_players
        .lines
        .push(line("10", "frank", "0", ["3", "0"], 3));
    let mut more_pairings = small.clone();
    more_pairings.pairings.push("frank: bye".into());
    let mut no_pairings = small.clone();
    no_pairings.pairings.clear();
    no_pairings.pairings_title.clear();

    let h = |t: &StandingsTable| decode(&standings_png(t, Language::English)).1;
    assert!(h(&more_players) > h(&small));
    assert!(h(&more_pairings) > h(&small));
    assert!(h(&no_pairings) < h(&small));
}

#[test]
fn a_full_tournament_stays_a_readable_size() {
    let mut full = swiss();
    full.lines = (1..=64)
        .map(|i| {
            line(
                &i.to_string(),
                &format!("player {i}"),
                "3",
                ["10", "8.5"],
                5,
            )
        })
        .collect();
    full.pairings = (0..32)
        .map(|i| format!("player {} – player {}", 2 * i + 1, 2 * i + 2))
        .collect();
    let picture = standings_png(&full, Language::English);
    let (width, height, _) = decode(&picture);
    assert_eq!(width, 640);
    // 64 rows of 26 px, and the 32 pairings in two columns of 16.
    assert!(height < 64 * 26 + 16 * 26 + 300, "height {height}");
    assert!(picture.description.chars().count() <= 1024);
    // Both lists cut at a whole entry, the leaders first.
    let d = &picture.description;
    assert!(d.contains("1 player 1 3 points, 2 player 2 3"), "{d}");
    assert!(
        d.contains("more. Round 4 pairings: player 1 – player 2; "),
        "{d}"
    );
    assert!(d.ends_with("more."), "{d}");
}

#[test]
fn the_description_names_the_leader_and_the_pairings() {
    let d = standings_png(&swiss(), Language::English).description;
    assert!(
        d.starts_with("Winter cup — standings after round 3 of 5."),
        "{d}"
    );
    assert!(d.contains("1 alice 3 points, 2 bob 2.5"), "{d}");
    assert!(d.contains("Round 4 pairings: alice – bob; "), "{d}");
    assert!(d.contains("dave: bye"), "{d}");
}

#[test]
fn a_withdrawn_player_is_drawn_differently() {
    let table = swiss();
    let mut withdrawn = table.clone();
    withdrawn.lines[7].withdrawn = true;
    let (plain, marked) = (
        standings_png(&table, Language::English),
        standings_png(&withdrawn, Language::English),
    );
    assert_eq!(plain.height, marked.height);
    assert_ne!(decode(&plain).2, decode(&marked).2);
    assert!(
        marked.description.contains("erin 1 (withdrawn)"),
        "{}",
        marked.description
    );
    assert!(!plain.description.contains("withdrawn"));
}

#[test]
fn an_empty_table_still_draws() {
    let empty = StandingsTable {
        title: "Spring cup".into(),
        subtitle: String::new(),
        tiebreaks: vec![],
        lines: vec![],
        pairings_title: String::new(),
        pairings: vec![],
    };
    let picture = standings_png(&empty, Language::English);
    assert_eq!(decode(&picture).0, 640);
    assert!(picture.description.contains("No players yet"));
}

/// Writes the 9-player example to `/tmp/standings.png` to look at:
/// `cargo test --test tournament -- --ignored write_standings_picture`.
#[test]
#[ignore = "writes a file to look at"]
fn write_standings_picture() {
    let picture = standings_png(&swiss(), Language::English);
    std::fs::write("/tmp/standings.png", &picture.bytes).expect("writes /tmp/standings.png");
    let mut full = swiss();
    full.lines[3].withdrawn = true;
    full.pairings = (0..12)
        .map(|i| format!("player {} – player {}", 2 * i + 1, 2 * i + 2))
        .collect();
    std::fs::write(
        "/tmp/standings-two-columns.png",
        standings_png(&full, Language::English).bytes,
    )
    .expect("writes /tmp/standings-two-columns.png");
    let mut big = swiss();
    big.lines = (1..=64)
        .map(|i| {
            line(
                &i.to_string(),
                &format!("player {i}"),
                "3",
                ["10.5", "8.25"],
                5,
            )
        })
        .collect();
    big.lines[5].withdrawn = true;
    big.pairings = (0..32)
        .map(|i| format!("player {} – player {}", 2 * i + 1, 2 * i + 2))
        .collect();
    std::fs::write(
        "/tmp/standings-full.png",
        standings_png(&big, Language::English).bytes,
    )
    .expect("writes /tmp/standings-full.png");
    println!("{}", picture.description);
}

#[test]
fn french_standings_have_french_headings_and_description() {
    let mut table = swiss();
    table.lines[2].withdrawn = true;
    table.pairings_title = String::new();
    let french = standings_png(&table, Language::French);
    let english = standings_png(&table, Language::English);
    let d = &french.description;
    assert!(
        d.contains(". 1 alice 3 points, 2 bob 2.5, 3= carol 2 (forfait), "),
        "{d}"
    );
    assert!(d.contains(" Appariements : alice – bob; "), "{d}");
    assert!(english.description.contains(" Pairings: alice – bob; "));
    assert!(english.description.contains("3= carol 2 (withdrawn)"));
    let (w, h, french_rgb) = decode(&french);
    assert_eq!((w, h), (english.width, english.height));
    assert!(french_rgb != decode(&english).2, "Joueur, Parties, forfait");
}
