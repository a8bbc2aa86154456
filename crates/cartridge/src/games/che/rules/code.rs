//! Share codes of Che positions (head `Z`): whether any tile is down, the origin's
//! kind, then the tiling's shape read outward from the origin: each new cell met is
//! tiled or not, and a tiled one is an L or an R. Each decision is coded with a model
//! by how many of the cell's neighbours are already tiled, so a compact tiling costs
//! little. A tile's colour needs no bit: beside the tiling each orientation fits in
//! exactly one colour (H9's note). To-move and placed follow from the count (H4).
//!
//! Codes of the first release (first character `T`) still read.

use arrayvec::ArrayVec;
use chek_engine::code::arith::{Decoder, Encoder, Model};
use chek_engine::code::{self, legacy, CodeChars, CodeError, Reader, Symbols};

use super::state::State;
use super::tile::{Cell, Dir, Kind, Orientation, Tile};
use super::tiling::{Tiling, MAX_FRONTIER, TILES};

/// The head of every Che code (`Z`).
pub const CODE_HEAD: u8 = 31;
/// The first symbol of the first release's Che codes (`T`, for Truchet).
pub const CODE_SYMBOL: u8 = 26;

/// Every cell the walk meets: the tiles and the empty cells beside them.
type Seen = ArrayVec<Cell, { TILES + MAX_FRONTIER }>;

/// The models of one payload: whether a cell is tiled, and whether a tile is an R, by
/// how many of the cell's neighbours are tiled so far. Steady ones (the counts fit a
/// compact tiling, and learn slowly) or quick ones (they learn the shape as they go:
/// a long or straggling tiling); the encoder takes whichever codes shorter.
struct Models {
    tiled: [Model<2>; 10],
    right: [Model<2>; 10],
}

impl Models {
    fn new(quick: bool) -> Models {
        let step = if quick { 24 } else { 3 };
        Models {
            tiled: [
                Model::new([8, 8], step),
                Model::new([10, 6], step),
                Model::new([6, 10], step),
                Model::new([3, 12], step),
                Model::new([2, 14], step),
                Model::new([8, 8], step),
                Model::new([8, 8], step),
                Model::new([6, 10], step),
                Model::new([3, 12], step),
                Model::new([2, 14], step),
            ],
            right: [Model::new([8, 8], step); 10],
        }
    }
}

/// The context of a cell `n` met from the tile on `cell` (in direction `d`): how many
/// of its neighbours are tiled so far, and whether it goes straight on (the cell behind
/// `cell` is tiled too), as a line or a band does.
fn context_of(tiling: &Tiling, cell: Cell, d: Dir, n: Cell) -> usize {
    let tiled = Dir::ALL.into_iter().filter_map(|d| n.step(d)).filter(|&m| tiling.at(m).is_some()).count().min(4);
    let straight = cell.step(d.opposite()).is_some_and(|behind| tiling.at(behind).is_some());
    tiled + 5 * straight as usize
}

/// The payload: with the steady models or the quick ones, whichever is shorter (the
/// steady on a tie); its first decision says which, or that no tile is down.
fn payload(tiling: &Tiling) -> Result<Symbols, CodeError> {
    let steady = walk(tiling, false)?;
    let quick = walk(tiling, true)?;
    Ok(if quick.len() < steady.len() { quick } else { steady })
}

/// The walk of [`State::from_payload`], coding what it meets. `placed` is the tiling
/// built so far in the walk's order, for the models' contexts.
#[inline(never)]
fn walk(tiling: &Tiling, quick: bool) -> Result<Symbols, CodeError> {
    let mut enc = Encoder::new();
    let Some(origin) = tiling.at(Cell::ORIGIN) else {
        enc.uniform(0, 3);
        return enc.finish();
    };
    enc.uniform(1 + quick as u32, 3);
    enc.uniform(origin as u32, 4);
    let mut m = Models::new(quick);
    let mut placed: alloc::boxed::Box<Tiling> = alloc::boxed::Box::default();
    placed.place(Tile::new(Cell::ORIGIN, origin));
    let mut seen = Seen::new();
    seen.push(Cell::ORIGIN);
    let mut next = 0;
    while let Some(&cell) = seen.get(next) {
        next += 1;
        if tiling.at(cell).is_none() {
            continue;
        }
        for (d, n) in Dir::ALL.into_iter().filter_map(|d| cell.step(d).map(|n| (d, n))) {
            if seen.contains(&n) {
                continue;
            }
            seen.try_push(n).map_err(|_| CodeError::TooLarge)?;
            let context = context_of(&placed, cell, d, n);
            match tiling.at(n) {
                Some(kind) => {
                    enc.symbol(1, &mut m.tiled[context]);
                    enc.symbol((kind.orientation() == Orientation::R) as usize, &mut m.right[context]);
                    placed.place(Tile::new(n, kind));
                }
                None => enc.symbol(0, &mut m.tiled[context]),
            }
        }
    }
    enc.finish()
}

impl State {
    /// The share code of this position, without group separators.
    ///
    /// # Errors
    /// [`CodeError::Unavailable`] once the game is over.
    pub fn share_code(&self) -> Result<CodeChars, CodeError> {
        if self.end().is_some() {
            return Err(CodeError::Unavailable("the game is over"));
        }
        code::encode(CODE_HEAD, &payload(self.tiling())?)
    }

    /// The position a code's payload holds.
    ///
    /// # Errors
    /// [`CodeError::Position`] unless the payload is exactly the code of a position
    /// whose game goes on.
    pub fn from_payload(data: &[u8]) -> Result<State, CodeError> {
        let mut dec = Decoder::new(data);
        let mut tiling: alloc::boxed::Box<Tiling> = alloc::boxed::Box::default();
        let form = dec.uniform(3);
        if form > 0 {
            let origin = Kind::of_index(dec.uniform(4) as u8).ok_or(CodeError::Position)?;
            tiling.place(Tile::new(Cell::ORIGIN, origin));
            let mut m = Models::new(form == 2);
            let mut seen = Seen::new();
            seen.push(Cell::ORIGIN);
            let mut next = 0;
            while let Some(&cell) = seen.get(next) {
                next += 1;
                if tiling.at(cell).is_none() {
                    continue;
                }
                for (d, n) in Dir::ALL.into_iter().filter_map(|d| cell.step(d).map(|n| (d, n))) {
                    if seen.contains(&n) {
                        continue;
                    }
                    seen.try_push(n).map_err(|_| CodeError::Position)?;
                    let context = context_of(&tiling, cell, d, n);
                    if dec.symbol(&mut m.tiled[context]) == 0 {
                        continue;
                    }
                    let orientation =
                        if dec.symbol(&mut m.right[context]) == 1 { Orientation::R } else { Orientation::L };
                    let kind = Kind::ALL
                        .into_iter()
                        .find(|&k| k.orientation() == orientation && tiling.fits(n, k))
                        .ok_or(CodeError::Position)?;
                    if tiling.len() >= TILES {
                        return Err(CodeError::Position);
                    }
                    tiling.place(Tile::new(n, kind));
                }
            }
        }
        let state = State::from_tiles(tiling.tiles()).map_err(|_| CodeError::Position)?;
        if state.end().is_some() || payload(state.tiling())?.as_slice() != data {
            return Err(CodeError::Position);
        }
        Ok(state)
    }

    /// Reads a first-release code (`T…`), exactly as typed.
    ///
    /// # Errors
    /// What is wrong with the code.
    pub fn from_legacy_code(text: &str) -> Result<State, CodeError> {
        let data = legacy::decode(text)?;
        let mut r = Reader::new(&data);
        let first = r.take(5)? as u8;
        if first != CODE_SYMBOL {
            return Err(CodeError::Game(code::char_of(first)));
        }
        let mut tiling: alloc::boxed::Box<Tiling> = alloc::boxed::Box::default();
        if r.take(1)? == 1 {
            let origin = Kind::of_index(r.take(2)? as u8).ok_or(CodeError::Position)?;
            tiling.place(Tile::new(Cell::ORIGIN, origin));
            let mut seen = Seen::new();
            seen.push(Cell::ORIGIN);
            let mut next = 0;
            while let Some(&cell) = seen.get(next) {
                next += 1;
                if tiling.at(cell).is_none() {
                    continue;
                }
                for n in Dir::ALL.into_iter().filter_map(|d| cell.step(d)) {
                    if seen.contains(&n) {
                        continue;
                    }
                    seen.try_push(n).map_err(|_| CodeError::Position)?;
                    if r.take(1)? == 0 {
                        continue;
                    }
                    let orientation = if r.take(1)? == 1 { Orientation::R } else { Orientation::L };
                    let kind = Kind::ALL
                        .into_iter()
                        .find(|&k| k.orientation() == orientation && tiling.fits(n, k))
                        .ok_or(CodeError::Position)?;
                    if tiling.len() >= TILES {
                        return Err(CodeError::Position);
                    }
                    tiling.place(Tile::new(n, kind));
                }
            }
        }
        if !r.at_end() {
            return Err(CodeError::Position);
        }
        let state = State::from_tiles(tiling.tiles()).map_err(|_| CodeError::Position)?;
        if state.end().is_some() {
            return Err(CodeError::Position);
        }
        Ok(state)
    }
}
