//! Share codes of Che positions: the game's symbol, whether any tile is down, the
//! origin's kind, then the tiling's shape read outward from the origin (each new cell
//! met: one bit, tiled or not; a tiled one adds one bit, L or R). A tile's colour needs
//! no bit: beside the tiling each orientation fits in exactly one colour (H9's note).
//! To-move and placed follow from the count (H4). A compact 64-tile tiling takes
//! about 35 characters; a straight line of 64, the longest shape, 57.

use arrayvec::ArrayVec;
use chek_engine::code::{self, Bits, CodeChars, CodeError, Reader};

use super::state::State;
use super::tile::{Cell, Dir, Kind, Orientation, Tile};
use super::tiling::{Tiling, MAX_FRONTIER, TILES};

/// The first symbol of every Che code (`T`, for Truchet).
pub const CODE_SYMBOL: u8 = 26;

/// Every cell the walk meets: the tiles and the empty cells beside them.
type Seen = ArrayVec<Cell, { TILES + MAX_FRONTIER }>;

impl State {
    /// The share code of this position, without group separators.
    ///
    /// # Errors
    /// [`CodeError::Unavailable`] once the game is over.
    pub fn share_code(&self) -> Result<CodeChars, CodeError> {
        if self.end().is_some() {
            return Err(CodeError::Unavailable("the game is over"));
        }
        let tiling = self.tiling();
        let mut bits = Bits::new();
        bits.push(CODE_SYMBOL as u32, 5)?;
        let Some(origin) = tiling.at(Cell::ORIGIN) else {
            bits.push(0, 1)?;
            return code::encode(&bits.finish()?);
        };
        bits.push(1, 1)?;
        bits.push(origin as u32, 2)?;
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
                seen.try_push(n).map_err(|_| CodeError::TooLarge)?;
                match tiling.at(n) {
                    Some(kind) => bits.push(2 | (kind.orientation() == Orientation::R) as u32, 2)?,
                    None => bits.push(0, 1)?,
                }
            }
        }
        code::encode(&bits.finish()?)
    }

    /// The position a share code holds.
    ///
    /// # Errors
    /// What is wrong with the code.
    pub fn from_share_code(text: &str) -> Result<State, CodeError> {
        let data = code::decode(text)?;
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
