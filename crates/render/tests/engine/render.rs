//! The pictures, drawn for real and decoded again: size, territory tints, move marks, the GIF's frames and
//! its last frame against the PNG, text drawn with the embedded font, and the rating chart.

use crate::common::pos;
use namnam_game::{
    ByPlayer, House, Match, MatchOptions, MoveRecord, Player, Position, Rules, Territory,
};
use namnam_render::{
    board_png, board_rgba, house_centre, house_rect, move_gif, rating_chart, strong, tint,
    GifPalette, Language, MatchView, Picture, RatingChart, RatingPoint, Rgb, CHART_HEIGHT,
    CHART_WIDTH, FONT_BYTES, HEIGHT, MAX_BYTES, WIDTH,
};

const NAMES: ByPlayer<&str> = ByPlayer::new("Ama", "Kofi");

fn view<'a>(position: &'a Position, last_move: Option<&'a MoveRecord>) -> MatchView<'a> {
    MatchView {
        language: Language::English,
        names: NAMES,
        heading: namnam_render::Heading::Round(1),
        position,
        last_move,
        round_summary: None,
        result: None,
        note: None,
    }
}

/// The decoded picture as rows of RGB pixels.
struct Image {
    width: u32,
    rgb: Vec<u8>,
}

impl Image {
    fn at(&self, x: u32, y: u32) -> Rgb {
        let i = ((y * self.width + x) * 3) as usize;
        Rgb(self.rgb[i], self.rgb[i + 1], self.rgb[i + 2])
    }

    /// Every pixel of a rectangle, with `margin` pixels around it.
    fn region(&self, [x, y, w, h]: [u32; 4], margin: u32) -> Vec<Rgb> {
        let mut out = Vec::new();
        for yy in y - margin..y + h + margin {
            for xx in x - margin..x + w + margin {
                out.push(self.at(xx, yy));
            }
        }
        out
    }
}

fn decode_png(picture: &Picture) -> Image {
    let img = image::load_from_memory_with_format(&picture.bytes, image::ImageFormat::Png)
        .expect("the PNG decodes")
        .to_rgb8();
    Image {
        width: img.width(),
        rgb: img.into_raw(),
    }
}

fn close(a: Rgb, b: Rgb, tolerance: u8) -> bool {
    a.0.abs_diff(b.0) <= tolerance
        && a.1.abs_diff(b.1) <= tolerance
        && a.2.abs_diff(b.2) <= tolerance
}

/// North's house 11 here sows four laps and makes three captures (one for North, two for South).
fn busy_move() -> MoveRecord {
    let before = pos(
        "1,10,2,9,0,2 | 0,0,9,1,3,3",
        [0, 8],
        6,
        Player::North,
        Player::South,
    );
    let record = before.play(House::from_label(11).unwrap()).unwrap();
    assert_eq!(record.laps(), 4);
    assert_eq!(record.captures().count(), 3);
    record
}

#[test]
fn png_decodes_at_the_documented_size_and_stays_small() {
    let record = busy_move();
    let picture = board_png(&view(&record.after, Some(&record)));
    let img = image::load_from_memory(&picture.bytes).expect("decodes");
    assert_eq!((img.width(), img.height()), (WIDTH, HEIGHT));
    assert_eq!((picture.width, picture.height), (WIDTH, HEIGHT));
    assert!(
        picture.bytes.len() <= 40 * 1024,
        "board PNG is {} bytes",
        picture.bytes.len()
    );
}

/// The 40 KB bound holds on boards the PNG's Huffman code was not trained on: every board of a few
/// matches played at random (seeded), through three rounds, each with its last move marked.
#[test]
fn boards_of_random_matches_stay_under_the_bound() {
    let mut seed = 0x9E37_79B9_7F4A_7C15u64;
    let mut next = move |n: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % n as u64) as usize
    };
    let (mut boards, mut largest, mut moves_played) = (0, 0, 0);
    for _ in 0..2 {
        let mut m = Match::new(MatchOptions::default());
        while !m.is_over() && m.round() <= 3 {
            let moves: Vec<House> = m.position().legal_moves().iter().collect();
            let played = m.play(moves[next(moves.len())]).expect("a legal move");
            moves_played += 1;
            // Every third board is enough to meet every stage of a round.
            if played.round_summary.is_some() || moves_played % 3 != 0 {
                continue;
            }
            let picture = board_png(&MatchView {
                heading: namnam_render::Heading::Round(played.round),
                ..view(&played.record.after, Some(&played.record))
            });
            boards += 1;
            largest = largest.max(picture.bytes.len());
        }
    }
    println!("{boards} boards of random matches, the largest {largest} bytes");
    assert!(boards > 30, "only {boards} boards");
    assert!(
        largest <= 40 * 1024,
        "the largest board PNG is {largest} bytes"
    );
}

/// The board PNG is 8-bit indexed with the GIF palette, at most 40 KB for a busy mid-round board, and decodes
/// to the drawn pixels within the palette's tolerance: exactly-drawn colours (house centres, the card,
/// the ink of text) within 8 a channel, and the whole picture within 2 a channel on average.
#[test]
fn board_png_is_indexed_small_and_keeps_the_drawn_colours() {
    let record = busy_move();
    let v = view(&record.after, Some(&record));
    let picture = board_png(&v);
    assert!(
        picture.bytes.len() <= 40 * 1024,
        "board PNG is {} bytes",
        picture.bytes.len()
    );
    let decoder = png::Decoder::new(std::io::Cursor::new(&picture.bytes[..]));
    let reader = decoder.read_info().expect("the PNG header decodes");
    let info = reader.info();
    assert_eq!(info.color_type, png::ColorType::Indexed);
    assert_eq!(info.bit_depth, png::BitDepth::Eight);
    let palette = info.palette.as_deref().expect("a palette").to_vec();
    assert_eq!(palette, GifPalette::get().rgb_bytes());

    let drawn = board_rgba(&v);
    assert_eq!(drawn.len(), (WIDTH * HEIGHT * 4) as usize);
    let drawn_at = |x: u32, y: u32| {
        let i = ((y * WIDTH + x) * 4) as usize;
        Rgb(drawn[i], drawn[i + 1], drawn[i + 2])
    };
    let img = decode_png(&picture);
    // House centres: their owner's tint, as drawn.
    for h in House::all() {
        let (x, y) = house_centre(h);
        assert!(close(img.at(x, y), drawn_at(x, y), 8), "house {h}");
        assert!(
            close(img.at(x, y), tint(record.after.owner(h)), 8),
            "house {h}"
        );
    }
    // The card, just inside the rim at the corners and edges.
    for (x, y) in [
        (12, 12),
        (WIDTH - 13, 12),
        (WIDTH / 2, 12),
        (12, HEIGHT / 2),
    ] {
        assert!(close(img.at(x, y), drawn_at(x, y), 8), "card at ({x}, {y})");
    }
    // Text: the "Round N" heading, pixel by pixel: solid ink within 8 a channel, and the dark pixels of
    // its anti-aliased edges still dark.
    const INK: Rgb = Rgb(0x1E, 0x1B, 0x18);
    let (mut solid, mut dark) = (0, 0);
    for y in 20..60 {
        for x in 20..200 {
            let (d, got) = (drawn_at(x, y), img.at(x, y));
            if close(d, INK, 2) {
                solid += 1;
                assert!(close(got, d, 8), "heading ink at ({x}, {y}): {got:?}");
            } else if d.0 < 80 && d.1 < 80 && d.2 < 80 {
                dark += 1;
                let still_dark = got.0 < 120 && got.1 < 120 && got.2 < 120;
                assert!(still_dark, "heading edge at ({x}, {y}): {d:?} → {got:?}");
            }
        }
    }
    assert!(solid > 100, "only {solid} solid ink pixels in the heading");
    assert!(
        solid + dark > 300,
        "only {} dark pixels in the heading",
        solid + dark
    );
    // Everywhere else, anti-aliased edges included: close on average.
    let mut total = 0u64;
    for y in 0..HEIGHT {
        for x in 0..WIDTH {
            let (a, b) = (img.at(x, y), drawn_at(x, y));
            total += (a.0.abs_diff(b.0) + a.1.abs_diff(b.1) + a.2.abs_diff(b.2)) as u64;
        }
    }
    let mean = total as f64 / (WIDTH * HEIGHT * 3) as f64;
    assert!(mean < 2.0, "mean difference {mean:.2} a channel");
}

/// The board put together from cached tiles is the board drawn whole, pixel for pixel, on every kind of
/// board: an opening, a busy move, a round's end with its map, and the same boards again from the cache.
#[test]
fn tiled_board_equals_the_board_drawn_whole() {
    let busy = busy_move();
    let opening = Position::opening(Player::South, Rules::default());
    let before = pos(
        "3,0,1,0,0,0 | 1,0,0,1,2,0",
        [20, 20],
        6,
        Player::North,
        Player::South,
    );
    let record = before.play(House::from_label(10).unwrap()).unwrap();
    let (summary, result) = namnam_game::conclude_round(
        &record.after,
        3,
        &MatchOptions::default(),
        record.round_end().unwrap(),
    );
    let ended = MatchView {
        round_summary: Some(&summary),
        result,
        ..view(&record.after, Some(&record))
    };
    let views = [view(&busy.after, Some(&busy)), view(&opening, None), ended];
    for _ in 0..2 {
        for v in &views {
            let tiled = decode_png(&board_png(v));
            let whole = decode_png(&namnam_render::board_png_untiled(v, false));
            assert!(tiled.rgb == whole.rgb, "{:?}", v.heading);
        }
    }
}

#[test]
fn house_centres_carry_their_owners_tint_and_follow_the_territory() {
    let even = Position::opening(Player::South, Rules::default());
    let nine = Position::new_round(Territory::new(9).unwrap(), Player::North, Rules::default());
    let three = Position::new_round(Territory::new(3).unwrap(), Player::North, Rules::default());
    let images: Vec<(Position, Image)> = [even, nine, three]
        .into_iter()
        .map(|p| (p, decode_png(&board_png(&view(&p, None)))))
        .collect();
    for (position, img) in &images {
        for h in House::all() {
            let (x, y) = house_centre(h);
            let want = tint(position.owner(h));
            assert!(
                close(img.at(x, y), want, 2),
                "house {h} with k={}: {:?}, want {want:?}",
                position.territory().south_houses(),
                img.at(x, y)
            );
        }
    }
    // Houses 7–9 change hands between six each and nine to three; their pixels change with them.
    let (even_img, nine_img) = (&images[0].1, &images[1].1);
    for label in 7..=9 {
        let (x, y) = house_centre(House::from_label(label).unwrap());
        assert_ne!(even_img.at(x, y), nine_img.at(x, y), "house {label}");
    }
    // With three houses South keeps 4–6, and North's tint covers 1–3.
    let three_img = &images[2].1;
    let (x, y) = house_centre(House::from_label(1).unwrap());
    assert!(close(three_img.at(x, y), tint(Player::North), 2));
}

#[test]
fn the_last_moves_houses_are_marked_and_the_others_are_not() {
    let record = busy_move();
    let marked = decode_png(&board_png(&view(&record.after, Some(&record))));
    let plain = decode_png(&board_png(&view(&record.after, None)));
    let differs = |label: i64| {
        let rect = house_rect(House::from_label(label).unwrap());
        marked.region(rect, 8) != plain.region(rect, 8)
    };
    // Start house 11, the end house and the captured houses (12 by North; 3 and 6 by South).
    let end = record
        .events
        .iter()
        .rev()
        .find_map(|e| match e {
            namnam_game::MoveEvent::Sow { house, .. } => Some(house.label() as i64),
            _ => None,
        })
        .unwrap();
    let captured: Vec<i64> = record
        .captures()
        .flat_map(|c| c.houses.iter().map(|h| h.label() as i64))
        .collect();
    let mut involved = vec![11, end];
    involved.extend(&captured);
    for &label in &involved {
        assert!(differs(label), "house {label} should be marked");
    }
    // Houses the move did not mark, away from the marked ones' rings, look the same.
    let far: Vec<i64> = (1..=12)
        .filter(|l| !involved.iter().any(|i| (i - l).abs() <= 1))
        .collect();
    assert!(!far.is_empty());
    for &label in &far {
        assert!(!differs(label), "house {label} should look plain");
    }
    // The marks are left out when the board shown is not the move's (next round's territory).
    let next = Position::new_round(Territory::new(8).unwrap(), Player::North, Rules::default());
    let with = decode_png(&board_png(&view(&next, Some(&record))));
    let without = decode_png(&board_png(&view(&next, None)));
    for h in House::all() {
        assert_eq!(
            with.region(house_rect(h), 8),
            without.region(house_rect(h), 8),
            "house {h}"
        );
    }
}

/// The GIF's frames composed onto the canvas, as a viewer shows them.
fn decode_gif(bytes: &[u8]) -> (usize, Image, Vec<u16>) {
    let mut options = gif::DecodeOptions::new();
    options.set_color_output(gif::ColorOutput::Indexed);
    let mut decoder = options.read_info(bytes).expect("the GIF decodes");
    assert_eq!(
        (decoder.width() as u32, decoder.height() as u32),
        (WIDTH, HEIGHT)
    );
    let palette = decoder.global_palette().expect("a global palette").to_vec();
    let mut canvas = vec![0u8; (WIDTH * HEIGHT * 3) as usize];
    let mut frames = 0;
    let mut delays = Vec::new();
    while let Some(frame) = decoder.read_next_frame().expect("frames decode") {
        assert!(frame.palette.is_none(), "frames use the global palette");
        if frames == 0 {
            assert_eq!(
                (frame.width as u32, frame.height as u32),
                (WIDTH, HEIGHT),
                "the first frame is whole"
            );
        }
        for y in 0..frame.height as usize {
            for x in 0..frame.width as usize {
                let index = frame.buffer[y * frame.width as usize + x] as usize;
                if frame.transparent == Some(index as u8) {
                    continue; // unchanged: the frame below shows through
                }
                let (cx, cy) = (frame.left as usize + x, frame.top as usize + y);
                let o = (cy * WIDTH as usize + cx) * 3;
                canvas[o..o + 3].copy_from_slice(&palette[index * 3..index * 3 + 3]);
            }
        }
        delays.push(frame.delay);
        frames += 1;
    }
    (
        frames,
        Image {
            width: WIDTH,
            rgb: canvas,
        },
        delays,
    )
}

/// The last GIF frame equals the board PNG: both are the drawn board mapped through the GIF palette.
fn assert_ends_on_the_board(gif: &Image, png: &Image) {
    for y in 0..HEIGHT {
        for x in 0..WIDTH {
            assert_eq!(gif.at(x, y), png.at(x, y), "pixel ({x}, {y})");
        }
    }
}

#[test]
fn gif_of_a_five_lap_move_has_a_frame_per_lap_and_ends_on_the_board() {
    let record = Position::opening(Player::South, Rules::default())
        .play(House::from_label(1).unwrap())
        .unwrap();
    assert_eq!((record.laps(), record.captures().count()), (5, 0));
    let v = view(&record.after, Some(&record));
    let gif = move_gif(&v, &record);
    let (frames, last, delays) = decode_gif(&gif.bytes);
    // The board before, the end of laps 1–4, and the final board.
    assert_eq!(frames, 6, "delays {delays:?}");
    assert!(delays.iter().all(|&d| d > 0));
    assert_ends_on_the_board(&last, &decode_png(&board_png(&v)));
    assert!(gif.description.contains("5 laps"), "{}", gif.description);
}

#[test]
fn gif_shows_every_capture() {
    let record = busy_move();
    let v = view(&record.after, Some(&record));
    let (frames, last, _) = decode_gif(&move_gif(&v, &record).bytes);
    // The start, three lap ends, three captures and the final board.
    assert_eq!(frames, 1 + 3 + 3 + 1);
    assert_ends_on_the_board(&last, &decode_png(&board_png(&v)));
}

#[test]
fn a_round_end_draws_on_both_boards_the_caller_may_pass() {
    // A whole round, the first legal move each time, up to the move that ends it (rules.md §4).
    let options = MatchOptions::new(Rules::default(), Player::South, None, None).unwrap();
    let mut m = Match::new(options);
    // Play the opening round through, always the first legal move, until a move ends it.
    let played = loop {
        let house = m.position().legal_moves().get(0);
        let mv = m.play(house).unwrap();
        if mv.round_summary.is_some() {
            break mv;
        }
    };
    let summary = played.round_summary.unwrap();
    let emptied = decode_png(&board_png(&MatchView {
        language: Language::English,
        names: NAMES,
        heading: namnam_render::Heading::Round(played.round),
        position: &played.record.after,
        last_move: Some(&played.record),
        round_summary: Some(&summary),
        result: played.result,
        note: None,
    }));
    let next = m.position();
    let opening = board_png(&MatchView {
        language: Language::English,
        names: NAMES,
        heading: namnam_render::Heading::Round(m.round()),
        position: next,
        last_move: Some(&played.record),
        round_summary: Some(&summary),
        result: played.result,
        note: None,
    });
    assert!(
        opening.description.contains("Next:") || played.result.is_some(),
        "{}",
        opening.description
    );
    let opening_img = decode_png(&opening);
    for h in House::all() {
        let (x, y) = house_centre(h);
        assert!(close(
            emptied.at(x, y),
            tint(summary.territory_before.owner(h)),
            2
        ));
        assert!(close(
            opening_img.at(x, y),
            tint(summary.territory_after.owner(h)),
            2
        ));
    }
}

#[test]
fn text_renders_with_the_embedded_font() {
    assert_eq!(&FONT_BYTES[..4], &[0, 1, 0, 0], "a TrueType font");
    let p = Position::opening(Player::South, Rules::default());
    let draw = |names: ByPlayer<&str>, round| {
        decode_png(&board_png(&MatchView {
            language: Language::English,
            names,
            heading: namnam_render::Heading::Round(round),
            position: &p,
            last_move: None,
            round_summary: None,
            result: None,
            note: None,
        }))
    };
    let a = draw(NAMES, 1);
    let b = draw(ByPlayer::new("Ama", "Yaw Boateng"), 12);
    // The "Round N" heading, top left: dark ink on the light card, and it changes with the number.
    let heading = [20, 20, 180, 40];
    let dark = a
        .region(heading, 0)
        .iter()
        .filter(|c| c.0 < 80 && c.1 < 80 && c.2 < 80)
        .count();
    assert!(dark > 300, "only {dark} dark pixels in the heading");
    assert_ne!(a.region(heading, 0), b.region(heading, 0));
    // North's name pill changes with the name.
    let north_bar = [24, 66, 400, 40];
    assert_ne!(a.region(north_bar, 0), b.region(north_bar, 0));
}

/// Names as people write them: emoji from the embedded emoji font, in colour; other scripts from a font
/// of the host's when it has one; and a character that no font has left out, never drawn as a box.
#[test]
fn names_with_emoji_and_other_scripts_draw_without_boxes() {
    use namnam_render::fonts_of;
    let p = Position::opening(Player::South, Rules::default());
    let draw = |south: &str, north: &str| {
        let names = ByPlayer::new(south, north);
        decode_png(&board_png(&MatchView {
            names,
            ..view(&p, None)
        }))
    };
    let emoji = |s: &str| fonts_of(s)[0].1.is_some_and(|f| f.contains("Emoji"));
    for s in ["🎲", "✨", "😀", "🔥", "👑", "❤\u{FE0F}"] {
        assert!(emoji(s), "{s}");
    }
    // A flag's halves need the font's ligatures: not drawn as emoji.
    assert!(!emoji("🇬"));
    assert_eq!(fonts_of("A")[0].1.map(|f| f.contains("DejaVu")), Some(true));
    // A character no font has: the board is the same as without it (no box, no gap).
    assert_eq!(fonts_of("\u{10FFFD}")[0].1, None);
    assert!(draw("Ama \u{10FFFD}", "Kofi").rgb == draw("Ama ", "Kofi").rgb);
    // The parts of emoji sequences that only change their neighbour (a skin tone, a joiner) draw
    // nothing either.
    assert!(draw("Ama 👍\u{1F3FD}\u{200D}", "Kofi").rgb == draw("Ama 👍", "Kofi").rgb);
    // An emoji draws in its own colours: colours that the board without it does not have.
    let colours = |img: &Image| {
        img.rgb
            .chunks_exact(3)
            .map(|c| (c[0], c[1], c[2]))
            .collect::<std::collections::HashSet<_>>()
    };
    let plain = colours(&draw("Ama", "Kofi"));
    let with = draw("Ama 🎲", "Kofi");
    let new: usize = with
        .rgb
        .chunks_exact(3)
        .filter(|c| !plain.contains(&(c[0], c[1], c[2])))
        .count();
    assert!(new > 30, "only {new} pixels of the die's own colours");
    // CJK: from the host's fonts where it has one (a box never), otherwise left out.
    let cjk = draw("Ama", "小明 ✨");
    let without = draw("Ama", " ✨");
    let north_bar = [24, 62, 560, 44];
    // A host with Noto CJK installed (`fonts-noto-cjk`) draws it, whatever was looked up before.
    let noto_cjk = std::path::Path::new("/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc");
    // CI installs it and says so, so that there the host's fonts are always tried.
    if std::env::var_os("NAMNAM_REQUIRE_HOST_CJK").is_some() {
        assert!(
            noto_cjk.exists(),
            "NAMNAM_REQUIRE_HOST_CJK is set but {noto_cjk:?} is missing"
        );
    }
    if noto_cjk.exists() {
        assert!(fonts_of("小")[0].1.is_some_and(|f| f.contains("CJK")));
    }
    match fonts_of("小")[0].1 {
        Some(font) => {
            assert!(font.contains("(host)"), "{font}");
            assert_ne!(cjk.region(north_bar, 0), without.region(north_bar, 0));
        }
        None => assert!(cjk.rgb == without.rgb, "CJK left out when no font has it"),
    }
    // The description keeps the names as written.
    let d = board_png(&MatchView {
        names: ByPlayer::new("Ama 🎲", "小明 ✨"),
        ..view(&p, None)
    })
    .description;
    assert!(
        d.contains("Ama 🎲 (south") && d.contains("小明 ✨ (north"),
        "{d}"
    );
}

/// A name the fonts have nothing of is drawn as its side's name, never as an empty pill; characters
/// left out take their spaces with them.
#[test]
fn a_name_no_font_draws_shows_its_side_and_left_out_characters_leave_no_gap() {
    let p = Position::opening(Player::South, Rules::default());
    let draw = |south: &str, north: &str| {
        decode_png(&board_png(&MatchView {
            names: ByPlayer::new(south, north),
            ..view(&p, None)
        }))
        .rgb
    };
    let nothing = "\u{10FFFD}\u{10FFFE}";
    assert!(draw("Ama", nothing) == draw("Ama", "North"));
    assert!(draw(nothing, "Kofi") == draw("South", "Kofi"));
    assert!(draw("Ama", "\u{10FFFD} Kofi \u{10FFFD}") == draw("Ama", "Kofi"));
    assert!(draw("Ama", "Kofi") != draw("Ama", "North"));
    // The description still has the name as written.
    let d = board_png(&MatchView {
        names: ByPlayer::new("Ama", nothing),
        ..view(&p, None)
    })
    .description;
    assert!(d.contains(&format!("{nothing} (north")), "{d}");
}

/// A round's end with long names: the status lines shrink to fit beside the next round's map, pills'
/// padding included, so no ink reaches the 16 px left free before the map.
#[test]
fn long_names_at_a_rounds_end_keep_clear_of_the_map() {
    let before = pos(
        "3,0,1,0,0,0 | 1,0,0,1,2,0",
        [20, 20],
        6,
        Player::North,
        Player::South,
    );
    let record = before.play(House::from_label(10).unwrap()).unwrap();
    let (summary, result) = namnam_game::conclude_round(
        &record.after,
        7,
        &MatchOptions::default(),
        record.round_end().unwrap(),
    );
    let draw = |south: &str, north: &str| {
        decode_png(&board_png(&MatchView {
            names: ByPlayer::new(south, north),
            heading: namnam_render::Heading::Round(7),
            round_summary: Some(&summary),
            result,
            ..view(&record.after, Some(&record))
        }))
    };
    let short = draw("Ama", "Kofi");
    let long = draw(&"W".repeat(32), &"Wm".repeat(16));
    // The map's left edge is 32 + 140 px from the right; the 16 px before it stay as the short names
    // leave them.
    let gap = [WIDTH - 172 - 16, 390, 16, 105];
    assert!(
        long.region(gap, 0) == short.region(gap, 0),
        "ink in the gap before the map"
    );
    // And the long names did change the lines (they are drawn, shrunk).
    let lines = [32, 390, 400, 105];
    assert!(long.region(lines, 0) != short.region(lines, 0));
}

#[test]
fn descriptions_name_the_players_territory_and_turn() {
    let p = Position::new_round(Territory::new(9).unwrap(), Player::North, Rules::default());
    let d = board_png(&view(&p, None)).description;
    assert!(d.contains("Ama (south, blue) owns houses 1–9"), "{d}");
    assert!(d.contains("Kofi (north, orange) owns houses 10–12"), "{d}");
    assert!(d.contains("Kofi starts"), "{d}");
    let three = Position::new_round(Territory::new(3).unwrap(), Player::North, Rules::default());
    let d = board_png(&view(&three, None)).description;
    assert!(d.contains("owns houses 7–12, 1–3"), "{d}");
    let long = "ꙮ".repeat(2000);
    let d = board_png(&MatchView {
        names: ByPlayer::new(&long, "Kofi"),
        ..view(&three, None)
    })
    .description;
    assert_eq!(d.chars().count(), namnam_render::MAX_DESCRIPTION);
}

#[test]
fn a_long_move_keeps_every_lap_and_capture_and_stays_small() {
    // The longest move a random search found: 26 laps and 8 captures.
    let before = pos(
        "6,1,4,8,2,5 | 2,3,0,5,5,4",
        [1, 2],
        6,
        Player::South,
        Player::South,
    );
    let record = before.play(House::from_label(5).unwrap()).unwrap();
    assert_eq!((record.laps(), record.captures().count()), (26, 8));
    let v = view(&record.after, Some(&record));
    let gif = move_gif(&v, &record);
    assert!(gif.bytes.len() < MAX_BYTES);
    let (frames, last, _) = decode_gif(&gif.bytes);
    assert_eq!(frames, 1 + 25 + 8 + 1);
    assert_ends_on_the_board(&last, &decode_png(&board_png(&v)));
}

/// A rating history with one point per entry, a day apart.
fn history(ratings: impl IntoIterator<Item = f64>) -> Vec<RatingPoint> {
    ratings
        .into_iter()
        .enumerate()
        .map(|(i, rating)| RatingPoint {
            at_ms: 1_700_000_000_000 + i as i64 * 86_400_000,
            rating,
        })
        .collect()
}

fn chart(name: &str, points: &[RatingPoint]) -> (Picture, Image) {
    let picture = rating_chart(&RatingChart {
        language: Language::English,
        name,
        points,
        caption: "12 games: 7 won, 1 drawn, 4 lost · longest streak 4 wins",
    });
    let img = image::load_from_memory_with_format(&picture.bytes, image::ImageFormat::Png)
        .expect("the chart decodes as a PNG");
    assert_eq!((img.width(), img.height()), (CHART_WIDTH, CHART_HEIGHT));
    assert_eq!((picture.width, picture.height), (CHART_WIDTH, CHART_HEIGHT));
    let decoded = decode_png(&picture);
    (picture, decoded)
}

/// The rows of the pixels drawn in the line's colour, in columns `xs`.
fn line_rows(img: &Image, xs: std::ops::Range<u32>) -> Vec<u32> {
    let blue = strong(Player::South);
    xs.flat_map(|x| (0..CHART_HEIGHT).map(move |y| (x, y)))
        .filter(|&(x, y)| close(img.at(x, y), blue, 12))
        .map(|(_, y)| y)
        .collect()
}

fn mean(rows: &[u32]) -> f64 {
    rows.iter().map(|&y| y as f64).sum::<f64>() / rows.len() as f64
}

#[test]
fn a_rising_rating_is_drawn_in_souths_colour_higher_on_the_right() {
    let points = history((0..=12).map(|i| 1500.0 + i as f64 * 10.0));
    let (picture, img) = chart("Ama", &points);
    // The left and right fifths of the picture, where the plot begins and ends.
    let left = line_rows(&img, 70..190);
    let right = line_rows(&img, 450..570);
    assert!(left.len() > 100, "{} blue pixels on the left", left.len());
    assert!(
        right.len() > 100,
        "{} blue pixels on the right",
        right.len()
    );
    // Nothing blue in the heading: the line stays in the plot, below the caption.
    assert!(line_rows(&img, 0..CHART_WIDTH).iter().all(|&y| y > 80));
    assert!(
        mean(&right) + 60.0 < mean(&left),
        "right at y≈{:.0}, left at y≈{:.0}",
        mean(&right),
        mean(&left)
    );
    assert!(
        picture.description.contains("Ama"),
        "{}",
        picture.description
    );
    assert!(
        picture
            .description
            .contains("from 1500 to 1620 over 12 games"),
        "{}",
        picture.description
    );
    assert!(
        picture.description.contains("highest 1620, lowest 1500"),
        "{}",
        picture.description
    );

    // And a falling one the other way round.
    let falling = history((0..=12).map(|i| 1500.0 - i as f64 * 10.0));
    let (picture, img) = chart("Kofi", &falling);
    let (left, right) = (line_rows(&img, 70..190), line_rows(&img, 450..570));
    assert!(mean(&right) > mean(&left) + 60.0);
    assert!(
        picture.description.contains("to 1380"),
        "{}",
        picture.description
    );
}

#[test]
fn a_flat_rating_sits_in_the_middle_of_the_plot() {
    let (_, img) = chart("Ama", &history([1500.0; 6]));
    let rows = line_rows(&img, 100..500);
    assert!(rows.len() > 400, "{} blue pixels", rows.len());
    let (top, bottom) = (*rows.iter().min().unwrap(), *rows.iter().max().unwrap());
    assert!(
        bottom - top <= 4,
        "a flat line is flat: rows {top}–{bottom}"
    );
    assert!(
        (150..=210).contains(&top),
        "a flat line is near the middle, not at an edge: row {top}"
    );
}

#[test]
fn a_single_point_draws_a_valid_chart() {
    let (picture, img) = chart("Ama", &history([1500.0]));
    // The dot at game 0, and no line beyond it.
    assert!(!line_rows(&img, 70..110).is_empty(), "the dot is drawn");
    assert!(line_rows(&img, 120..CHART_WIDTH).is_empty(), "no line");
    assert!(
        picture.description.contains("Ama") && picture.description.contains("1500"),
        "{}",
        picture.description
    );
    assert!(
        picture.description.contains("no rated games yet"),
        "{}",
        picture.description
    );
}

#[test]
fn two_thousand_points_draw_as_a_line() {
    // Thinned to a few points a pixel column (its speed is a benchmark's business, not a test's).
    let points =
        history((0..=2000).map(|i| 1500.0 + (i as f64 / 40.0).sin() * 150.0 + i as f64 / 20.0));
    let (picture, img) = chart("Ama", &points);
    assert!(line_rows(&img, 70..570).len() > 1000);
    let last = points.last().unwrap().rating.round();
    assert!(
        picture
            .description
            .contains(&format!("to {last} over 2000 games")),
        "{}",
        picture.description
    );
}

#[test]
fn a_long_name_is_shortened_in_the_picture_and_clipped_in_the_description() {
    let long = "ꙮ".repeat(2000);
    let (picture, _) = chart(&long, &history([1500.0, 1516.0]));
    assert_eq!(
        picture.description.chars().count(),
        namnam_render::MAX_DESCRIPTION
    );
    // A name with no glyph in the font still draws.
    let (picture, _) = chart("名前 🎲", &history([1500.0, 1484.0]));
    assert!(picture
        .description
        .starts_with("Rating chart of 名前 🎲: from 1500 to 1484 over 1 game;"));
}

/// Not a check but the generator of the pictures in `docs/` (and a few more in the temp dir to look at):
/// `cargo test --test engine -- --ignored write_pictures`.
#[test]
#[ignore]
fn write_pictures() {
    let docs = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs");
    let tmp = std::env::temp_dir().join("namnam-pictures");
    std::fs::create_dir_all(&tmp).unwrap();
    let write = |path: std::path::PathBuf, picture: &Picture| {
        std::fs::write(&path, &picture.bytes).unwrap();
        println!(
            "{} ({} bytes): {}",
            path.display(),
            picture.bytes.len(),
            picture.description
        );
    };
    let busy = busy_move();
    write(
        docs.join("board-mid-round.png"),
        &board_png(&view(&busy.after, Some(&busy))),
    );
    write(
        tmp.join("mid-round.gif"),
        &move_gif(&view(&busy.after, Some(&busy)), &busy),
    );

    // rules.md §9.5: North's house 10 ends round 3 by last seeds.
    let before = pos(
        "3,0,1,0,0,0 | 1,0,0,1,2,0",
        [20, 20],
        6,
        Player::North,
        Player::South,
    );
    let record = before.play(House::from_label(10).unwrap()).unwrap();
    let options = MatchOptions::default();
    let reason = record.round_end().unwrap();
    let (summary, result) = namnam_game::conclude_round(&record.after, 3, &options, reason);
    let ended = MatchView {
        language: Language::English,
        names: NAMES,
        heading: namnam_render::Heading::Round(3),
        position: &record.after,
        last_move: Some(&record),
        round_summary: Some(&summary),
        result,
        note: None,
    };
    write(docs.join("board-round-end.png"), &board_png(&ended));
    write(tmp.join("round-end.gif"), &move_gif(&ended, &record));
    let next = Position::new_round(summary.territory_after, Player::North, Rules::default());
    write(
        tmp.join("next-round-opening.png"),
        &board_png(&MatchView {
            heading: namnam_render::Heading::Round(4),
            position: &next,
            ..ended
        }),
    );
    let ratings = [
        1500.0, 1516.0, 1531.0, 1518.0, 1534.0, 1549.0, 1562.0, 1548.0, 1561.0, 1575.0, 1560.0,
        1588.0, 1612.0,
    ];
    write(
        tmp.join("rating-chart.png"),
        &rating_chart(&RatingChart {
            language: Language::English,
            name: "Ama",
            points: &history(ratings),
            caption: "12 games: 8 won, 0 drawn, 4 lost · longest streak 3 wins",
        }),
    );
    let opening = Position::opening(Player::South, Rules::default());
    // README's picture of the bot: Ama opens with house 3 (five laps).
    let first = opening.play(House::from_label(3).unwrap()).unwrap();
    write(
        docs.join("discord-first-move.png"),
        &board_png(&view(&first.after, Some(&first))),
    );
    write(
        tmp.join("names.png"),
        &board_png(&MatchView {
            names: ByPlayer::new("Ama 🎲", "小明 ✨"),
            ..view(&opening, None)
        }),
    );
    let over = namnam_game::MatchResult {
        winner: Some(Player::South),
        reason: namnam_game::MatchEnd::Target,
    };
    write(
        tmp.join("match-over.png"),
        &board_png(&MatchView {
            result: Some(over),
            ..ended
        }),
    );
}

/// The same board in French and in English: the French picture's words and description come from the
/// French resources, and wherever no word is drawn (a house without a tag) the pixels are the same. Drawing
/// one language never hands the other its tiles with words.
#[test]
fn a_french_board_speaks_french_and_differs_only_in_its_words() {
    let record = busy_move();
    let english_view = view(&record.after, Some(&record));
    let french_view = MatchView {
        language: Language::French,
        ..english_view
    };
    let english = board_png(&english_view);
    let french = board_png(&french_view);
    let d = &french.description;
    assert!(d.starts_with("Plateau de Nam-nam, manche 1. "), "{d}");
    assert!(
        d.contains("Kofi (nord, orange) possède les cases 7–12, grenier 12"),
        "{d}"
    );
    assert!(
        d.contains("Kofi a semé la case 11 : 4 semis, prend 4 · Ama prend 8."),
        "{d}"
    );
    assert!(!d.contains(" house") && !d.contains("store"), "{d}");
    assert!(english.description.starts_with("Nam-nam board, round 1. "));
    assert_eq!(
        board_png(&english_view).bytes,
        english.bytes,
        "no French tile"
    );
    assert_eq!(
        board_png(&french_view).bytes,
        french.bytes,
        "no English tile"
    );

    let (en, fr) = (decode_png(&english), decode_png(&french));
    let tagged: Vec<House> = House::all()
        .filter(|&h| en.region(house_rect(h), 0) != fr.region(house_rect(h), 0))
        .collect();
    let end = record.events.iter().rev().find_map(|e| match e {
        namnam_game::MoveEvent::Sow { house, .. } => Some(*house),
        _ => None,
    });
    let rings = [Some(record.house), end];
    assert!(
        tagged.iter().all(|h| rings.contains(&Some(*h))),
        "only the houses with a tag differ: {tagged:?}"
    );
    let heading = [0, 0, WIDTH, 60];
    assert!(
        en.region(heading, 0) != fr.region(heading, 0),
        "Manche, not Round"
    );
}

#[test]
fn a_french_animation_is_described_in_french_and_ends_on_the_french_board() {
    let record = busy_move();
    let v = MatchView {
        language: Language::French,
        ..view(&record.after, Some(&record))
    };
    let gif = move_gif(&v, &record);
    let d = &gif.description;
    assert!(
        d.starts_with("Animation en 8 images : Kofi a semé la case 11 : 4 semis"),
        "{d}"
    );
    assert!(d.contains("Plateau de Nam-nam"), "{d}");
    let (_, last, _) = decode_gif(&gif.bytes);
    assert_ends_on_the_board(&last, &decode_png(&board_png(&v)));
}

#[test]
fn a_french_rating_chart_speaks_french() {
    let points = history([1500.0, 1516.0, 1530.0]);
    let draw = |language| {
        rating_chart(&RatingChart {
            language,
            name: "Ama",
            points: &points,
            caption: "",
        })
    };
    let (english, french) = (draw(Language::English), draw(Language::French));
    assert_eq!(
        french.description,
        "Courbe de cote de Ama : de 1500 à 1530 en 2 parties ; au plus haut 1530, au plus bas 1500."
    );
    assert!(english
        .description
        .starts_with("Rating chart of Ama: from 1500 to 1530 over 2 games"));
    assert!(decode_png(&english).rgb != decode_png(&french).rgb);
}

#[test]
fn the_board_counts_the_moves_without_a_capture_once_the_stall_is_near() {
    let quiet = Position::opening(Player::South, Rules::default());
    let before = board_png(&view(&quiet.with_since_capture(79).unwrap(), None)).description;
    assert!(!before.contains("without a capture"), "{before}");
    let near = quiet.with_since_capture(87).unwrap();
    let shown = board_png(&view(&near, None)).description;
    assert!(
        shown.contains("87 moves without a capture: at 100 the round ends"),
        "{shown}"
    );
    let mut french = view(&near, None);
    french.language = Language::French;
    let shown = board_png(&french).description;
    assert!(shown.contains("87 coups sans prise"), "{shown}");
}
