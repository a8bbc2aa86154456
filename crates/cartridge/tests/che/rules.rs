//! One test (or a few) per rule of `docs/che.md`.

use chek_cartridge::games::che::rules::{
    turn_of, Across, Cell, Dir, End, Kind, Orientation, Part, Side, State, Tile, TILES,
};
use chek_engine::{Game, Notation, Payoffs, ToAct};

use super::{after, moves, pos, random_positions, tile, BOTH, CAP};

#[test]
fn h1_a_kind_is_an_orientation_and_a_band_colour() {
    assert_eq!(Kind::WL.band(), Side::White);
    assert_eq!(Kind::BR.band(), Side::Blue);
    assert_eq!(Kind::WL.orientation(), Orientation::L);
    assert_eq!(Kind::BR.orientation(), Orientation::R);
    for kind in Kind::ALL {
        assert_eq!(Kind::from_name(kind.name()), Some(kind));
        assert_eq!(Kind::new(kind.band(), kind.orientation()), kind);
    }
}

#[test]
fn h2_edge_halves_of_wl_are_as_the_rules_say() {
    // North: west half W, east half B; east: north B, south W; south: west B, east W;
    // west: north W, south B.
    let (w, b) = (Side::White, Side::Blue);
    let want = [(Dir::N, [w, b]), (Dir::E, [b, w]), (Dir::S, [b, w]), (Dir::W, [w, b])];
    for (dir, halves) in want {
        assert_eq!([Kind::WL.half_colour(dir, 0), Kind::WL.half_colour(dir, 1)], halves, "{dir:?}");
    }
    // The back of a tile swaps the colours: BL is WL's negative.
    for dir in Dir::ALL {
        for h in 0..2 {
            assert_eq!(Kind::BL.half_colour(dir, h), Kind::WL.half_colour(dir, h).other());
        }
    }
}

#[test]
fn h3_white_moves_first_from_a_pool_of_64() {
    let start = State::start();
    assert_eq!(start.to_move(), Side::White);
    assert_eq!(start.tiles_left(), 64);
    assert_eq!(TILES, 64);
    assert_eq!(start.to_act(), ToAct::Seat(chek_engine::Seat::FIRST));
}

#[test]
fn h4_one_tile_at_the_origin_then_two_a_move() {
    assert_eq!(moves(&State::start()), ["0,0,BL", "0,0,BR", "0,0,WL", "0,0,WR"]);
    let sides: Vec<(Side, u8)> = (0..7).map(turn_of).collect();
    use Side::{Blue, White};
    assert_eq!(sides, [(White, 0), (Blue, 0), (Blue, 1), (White, 0), (White, 1), (Blue, 0), (Blue, 1)]);
    let one = after(&State::start(), "0,0,WL");
    assert_eq!((one.to_move(), one.placed(), one.tiles_this_move()), (Blue, 0, 2));
    let two = after(&one, "1,0,WR");
    assert_eq!((two.to_move(), two.placed(), two.tiles_this_move()), (Blue, 1, 1));
    let three = after(&two, "-1,0,WR");
    assert_eq!((three.to_move(), three.placed()), (White, 0));
    // With one tile left the last move is one tile.
    let last = random_positions(40, 3).into_iter().find(|s| s.tiling().len() == 63 && s.end().is_none());
    if let Some(s) = last {
        assert_eq!(s.tiles_this_move(), 1);
    }
}

#[test]
fn h5_a_tile_goes_beside_the_tiling_matching_every_shared_edge() {
    let one = after(&State::start(), "0,0,WL");
    // Each neighbour takes exactly two kinds; nothing else is legal.
    assert_eq!(moves(&one), ["-1,0,BL", "-1,0,WR", "0,-1,BL", "0,-1,WR", "0,1,BL", "0,1,WR", "1,0,BL", "1,0,WR"]);
    assert!(one.parse_action("2,0,WL").is_err(), "not beside the tiling");
    assert!(one.parse_action("0,0,WL").is_err(), "not empty");
    assert!(one.parse_action("1,0,WL").is_err(), "edges do not match");
    // The two tiles of a move need not touch; the second may lean on the first.
    let apart = after(&one, "1,0,WR -1,0,WR");
    assert_eq!(apart.tiling().len(), 3);
    let leaning = after(&one, "1,0,WR 2,0,WL");
    assert_eq!(leaning.tiling().at(Cell { x: 2, y: 0 }), Some(Kind::WL));
}

#[test]
fn h6_regions_close_when_every_bounding_half_has_a_tile_beyond() {
    let state = pos(CAP);
    let open_before: Vec<u8> = state.tiling().regions().map(|(_, open, _)| open).collect();
    assert!(open_before.iter().all(|&o| o > 0), "nothing closed yet");
    let t = tile(&state, "0,-1,BL");
    let probe = state.tiling().probe(t.cell, t.kind);
    assert!(probe.closes(Side::White) && !probe.closes(Side::Blue));
    let closed = after(&state, "0,-1,BL");
    let regions: Vec<(Side, u8, u8)> = closed.tiling().regions().filter(|r| r.1 == 0).collect();
    // The four White caps around the corner 1,0's south-west: a closed region of caps
    // alone, no band in it.
    assert_eq!(regions, [(Side::White, 0, 0)]);
}

#[test]
fn h6_a_probe_tells_what_placing_the_tile_does_to_its_regions() {
    let mut tiles = 0;
    for state in random_positions(12, 6).iter().filter(|s| s.end().is_none() && !s.tiling().is_empty()) {
        for &t in state.legal().iter() {
            let mut placed = *state.tiling();
            placed.place(t);
            let group = |part: Part| {
                let root = placed.region_of(t.cell, part).unwrap_or(usize::MAX);
                (root, (t.kind.colour(part), placed.open_of(root), placed.bands_of(root)))
            };
            let (band, cap_a, cap_b) = (group(Part::Band), group(Part::CapA), group(Part::CapB));
            let mut want = vec![band.1, cap_a.1];
            if cap_a.0 != cap_b.0 {
                want.push(cap_b.1);
            }
            let probe: Vec<(Side, u8, u8)> = state.tiling().probe(t.cell, t.kind).groups().collect();
            assert_eq!(probe, want, "{t} in {state}");
            tiles += 1;
        }
    }
    assert!(tiles > 5_000, "{tiles} tiles");
}

#[test]
fn h6_the_rules_pages_example_is_a_closed_cap_region() {
    let example = chek_cartridge::games::che::art::example();
    assert_eq!(example.tiling().len(), 4, "the example's tiles fit together");
    let closed: Vec<(Side, u8, u8)> = example.tiling().regions().filter(|r| r.1 == 0).collect();
    assert_eq!(closed, [(Side::White, 0, 0)]);
}

#[test]
fn h7_closing_your_colour_wins() {
    let won = after(&pos(CAP), "0,-1,BL");
    assert_eq!(won.end(), Some(End::Closed { winner: Side::White, both: false }));
    assert_eq!(won.payoffs(), Some(Payoffs::winner(chek_engine::Seat::ALL[0])));
    assert!(won.legal().is_empty());
}

#[test]
fn h7_closing_the_other_colour_makes_its_player_win() {
    // Two tiles far from the cap ring hand the move to Blue; Blue then closes White's
    // cap region, and White wins.
    let state = after(&pos(CAP), "2,0,BR 3,0,BL");
    assert_eq!((state.to_move(), state.end()), (Side::Blue, None));
    let closed = after(&state, "0,-1,BL");
    assert_eq!(closed.end(), Some(End::Closed { winner: Side::White, both: false }));
}

#[test]
fn h7_closing_both_colours_at_once_loses() {
    let state = pos(BOTH);
    assert_eq!(state.to_move(), Side::Blue);
    let closed = after(&state, "1,1,BL");
    assert_eq!(closed.end(), Some(End::Closed { winner: Side::White, both: true }));
    let colours: Vec<Side> = closed.tiling().regions().filter(|r| r.1 == 0).map(|r| r.0).collect();
    assert!(colours.contains(&Side::White) && colours.contains(&Side::Blue));
}

#[test]
fn h8_when_the_tiles_run_out_the_largest_region_wins() {
    let full =
        random_positions(60, 8).into_iter().find(|s| s.tiling().len() == TILES).expect("a game that used every tile");
    let Some(End::Largest { white, blue, stuck: false }) = full.end() else { panic!("{:?}", full.end()) };
    assert_eq!(white, full.tiling().largest(Side::White));
    assert_eq!(blue, full.tiling().largest(Side::Blue));
    let bands: u32 = full.tiling().regions().map(|r| r.2 as u32).sum();
    assert_eq!(bands, 64, "every band lies in one region");
    let want = match white.cmp(&blue) {
        std::cmp::Ordering::Greater => Some(Side::White),
        std::cmp::Ordering::Less => Some(Side::Blue),
        std::cmp::Ordering::Equal => None,
    };
    assert_eq!(full.winner(), want);
}

#[test]
fn h9_every_free_cell_takes_exactly_one_l_and_one_r_kind() {
    let mut cells = 0;
    for state in random_positions(30, 9).iter().filter(|s| s.end().is_none() && !s.tiling().is_empty()) {
        for (k, &cell) in state.tiling().frontier().iter().enumerate() {
            let kinds: Vec<Kind> = state.tiling().kinds_fitting(cell).collect();
            let ls = kinds.iter().filter(|k| k.orientation() == Orientation::L).count();
            assert_eq!((kinds.len(), ls), (2, 1), "{cell} in {state}");
            // What the tiling keeps for the search agrees: the kinds from the cell's
            // corners, and its neighbours kept beside the frontier.
            assert_eq!(state.tiling().kinds_at(cell).to_vec(), kinds, "{cell} in {state}");
            assert_eq!(
                state.tiling().across_frontier(k),
                Across::from(&state.tiling().around(cell)),
                "{cell} in {state}"
            );
            cells += 1;
        }
    }
    assert!(cells > 10_000, "{cells} cells");
}

#[test]
fn h10_notation_prints_in_reading_order_and_parses_back() {
    assert_eq!(State::start().to_string(), "- W 0");
    let state = after(&State::start(), "0,0,WL 0,-1,WR 1,0,WR");
    assert_eq!(state.to_string(), "0,0,WL;1,0,WR;0,-1,WR W 0");
    assert_eq!(pos(&state.to_string()), state);
    assert_eq!(Tile::new(Cell { x: 1, y: 0 }, Kind::BR).to_string(), "1,0,BR");
}

#[test]
fn h10_bad_positions_name_their_field() {
    let cases = [
        ("0,0,WL B", "position:"),
        ("0,0,XX B 0", "tiles: entry 1"),
        ("0,-1,WR;0,0,WL B 0", "out of order"),
        ("0,0,WL W 0", "to-move: after 1 tiles Blue is to move with 0 placed"),
        ("0,0,WL B 2", "placed:"),
        ("0,0,WL;1,0,WL B 1", "does not match"),
        ("0,0,WL;2,0,WL B 1", "not joined"),
        ("1,0,WL B 0", "0,0"),
        ("0,0,WL;01,0,WR B 1", "tiles: entry 2"),
        ("0,0,WL;0,0,WL B 1", "two tiles on 0,0"),
    ];
    for (text, want) in cases {
        let e = State::parse(text).expect_err(text).to_string();
        assert!(e.contains(want) && !e.contains('\n'), "{text}: {e}");
    }
}
