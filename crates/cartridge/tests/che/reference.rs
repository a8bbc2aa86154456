//! An independent reading of H1–H8, slow and plain: tiles by their corner colours,
//! placements by trying every cell around the tiling, regions by flood fill from
//! scratch. The rules' incremental union-find and frontier must agree with it.

use std::collections::{BTreeMap, BTreeSet};

use chek_cartridge::games::che::rules::{End, Kind, Side, State, TILES};
use chek_engine::Game;

type Cells = BTreeMap<(i32, i32), Kind>;

/// Corner colours NE, SE, SW, NW (H1: caps at NE+SW for L, NW+SE for R).
fn corners(kind: Kind) -> [Side; 4] {
    let band = kind.band();
    let cap = band.other();
    match kind {
        Kind::WL | Kind::BL => [cap, band, cap, band],
        Kind::WR | Kind::BR => [band, cap, band, cap],
    }
}

/// The neighbours' offsets with, for each half of the shared edge, my corner and the
/// neighbour's corner at the same point (indices into [`corners`]).
/// An edge: the offset to the neighbour and the corners meeting along its two halves.
type Edge = ((i32, i32), [(usize, usize); 2]);

const EDGES: [Edge; 4] = [
    ((0, 1), [(3, 2), (0, 1)]),  // north: my NW meets its SW, my NE its SE
    ((1, 0), [(0, 3), (1, 2)]),  // east: NE–NW, SE–SW
    ((0, -1), [(2, 3), (1, 0)]), // south: SW–NW, SE–NE
    ((-1, 0), [(3, 0), (2, 1)]), // west: NW–NE, SW–SE
];

fn cells(state: &State) -> Cells {
    state.tiling().tiles().iter().map(|t| ((t.cell.x as i32, t.cell.y as i32), t.kind)).collect()
}

/// The legal tiles, as sorted text.
pub fn moves(cells: &Cells) -> Vec<String> {
    if cells.is_empty() {
        let mut all: Vec<String> = Kind::ALL.iter().map(|k| format!("0,0,{k}")).collect();
        all.sort();
        return all;
    }
    let mut out = Vec::new();
    let candidates: BTreeSet<(i32, i32)> = cells
        .keys()
        .flat_map(|&(x, y)| EDGES.iter().map(move |((dx, dy), _)| (x + dx, y + dy)))
        .filter(|c| !cells.contains_key(c))
        .collect();
    for (x, y) in candidates {
        for kind in Kind::ALL {
            let fits = EDGES.iter().all(|((dx, dy), pairs)| match cells.get(&(x + dx, y + dy)) {
                None => true,
                Some(&other) => pairs.iter().all(|&(mine, theirs)| corners(kind)[mine] == corners(other)[theirs]),
            });
            if fits {
                out.push(format!("{x},{y},{kind}"));
            }
        }
    }
    out.sort();
    out
}

/// A tile's area holding `corner`: 0 the band, 1 the cap there (caps are told apart
/// by their corner).
fn area(kind: Kind, corner: usize) -> usize {
    if corners(kind)[corner] == kind.band() {
        0
    } else {
        1 + corner
    }
}

/// Every region: (colour, closed, bands), by flood fill.
pub fn regions(cells: &Cells) -> Vec<(Side, bool, u32)> {
    let mut seen: BTreeSet<((i32, i32), usize)> = BTreeSet::new();
    let mut out = Vec::new();
    for (&cell, &kind) in cells {
        for corner in 0..4 {
            let start = (cell, area(kind, corner));
            if seen.contains(&start) {
                continue;
            }
            let colour = corners(kind)[corner];
            let (mut closed, mut bands) = (true, 0);
            let mut stack = vec![start];
            seen.insert(start);
            while let Some(((x, y), a)) = stack.pop() {
                let k = cells[&(x, y)];
                bands += (a == 0) as u32;
                for ((dx, dy), pairs) in EDGES {
                    for (mine, theirs) in pairs {
                        if area(k, mine) != a {
                            continue;
                        }
                        match cells.get(&(x + dx, y + dy)) {
                            None => closed = false,
                            Some(&other) => {
                                let next = ((x + dx, y + dy), area(other, theirs));
                                if seen.insert(next) {
                                    stack.push(next);
                                }
                            }
                        }
                    }
                }
            }
            out.push((colour, closed, bands));
        }
    }
    out.sort();
    out
}

/// How the tiling ends after a tile placed by `mover` (H7, H8).
pub fn end(cells: &Cells, mover: Side) -> Option<End> {
    let regions = regions(cells);
    let closed = |c: Side| regions.iter().any(|&(colour, closed, _)| colour == c && closed);
    match (closed(Side::White), closed(Side::Blue)) {
        (true, true) => return Some(End::Closed { winner: mover.other(), both: true }),
        (true, false) => return Some(End::Closed { winner: Side::White, both: false }),
        (false, true) => return Some(End::Closed { winner: Side::Blue, both: false }),
        _ => {}
    }
    let largest = |c: Side| regions.iter().filter(|r| r.0 == c).map(|r| r.2 as u8).max().unwrap_or(0);
    (cells.len() == TILES).then(|| End::Largest {
        white: largest(Side::White),
        blue: largest(Side::Blue),
        stuck: false,
    })
}

/// Perft by the reference: sequences of `depth` tiles (a finished game one leaf).
pub fn perft(cells: &mut Cells, mover_of: &dyn Fn(usize) -> Side, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut total = 0;
    for text in moves(cells) {
        let mut parts = text.split(',');
        let (x, y) = (parts.next().unwrap().parse().unwrap(), parts.next().unwrap().parse().unwrap());
        let kind = Kind::from_name(parts.next().unwrap()).unwrap();
        let mover = mover_of(cells.len());
        cells.insert((x, y), kind);
        total += if end(cells, mover).is_some() { 1 } else { perft(cells, mover_of, depth - 1) };
        cells.remove(&(x, y));
    }
    total
}

#[test]
fn the_rules_agree_with_the_reference_over_random_games() {
    let positions = super::random_positions(25, 2026);
    let mut children = 0;
    for state in positions.iter().filter(|s| s.end().is_none()) {
        let cells = cells(state);
        assert_eq!(super::moves(state), moves(&cells), "{state}");
        let mut fresh = regions(&cells);
        fresh.retain(|r| !r.1);
        let mut kept: Vec<(Side, bool, u32)> =
            state.tiling().regions().map(|(c, open, bands)| (c, open == 0, bands as u32)).collect();
        kept.sort();
        assert_eq!(kept, regions(&cells), "{state}");
        for t in state.legal().iter().copied() {
            let mut child = state.clone();
            child.play(t);
            let mut c = cells.clone();
            c.insert((t.cell.x as i32, t.cell.y as i32), t.kind);
            assert_eq!(child.end(), end(&c, state.to_move()), "{t} in {state}");
            children += 1;
        }
    }
    assert!(children > 50_000, "{children} children");
}

#[test]
fn perft_records_agree_with_the_reference() {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/perft/che.perft")).unwrap();
    let mover_of = |n: usize| chek_cartridge::games::che::rules::turn_of(n).0;
    let mut checked = 0;
    let mut position = None;
    for line in text.lines() {
        if let Some(p) = line.strip_prefix("pos ") {
            position = Some(super::pos(p));
        }
        if let (Some(rest), Some(state)) = (line.strip_prefix("perft "), &position) {
            let (depth, count) = rest.split_once(' ').unwrap();
            let (depth, count): (u32, u64) = (depth.parse().unwrap(), count.parse().unwrap());
            if count > 20_000 {
                continue;
            }
            assert_eq!(perft(&mut cells(state), &mover_of, depth), count, "{state} perft {depth}");
            checked += 1;
        }
    }
    assert!(checked >= 10, "{checked}");
}
