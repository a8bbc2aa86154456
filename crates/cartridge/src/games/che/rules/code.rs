//! Share codes of Che positions (head `Z`). An empty tiling is the empty payload.
//! Otherwise: the form (which models), the origin's kind, then the tiling's shape
//! read outward from the origin: each new cell met is tiled or not, coded with a model
//! by how many of the cell's neighbours are already tiled, so a compact tiling costs
//! little. A tiled cell's orientation is one even choice, and only where both may go;
//! a colour never costs anything: beside the tiling each orientation fits in exactly
//! one colour (H9's note). A tile that would close a region is no open game's (H7), so
//! a cell where neither orientation may go costs nothing. To-move and placed follow
//! from the count (H4).
//!
//! Codes of the first release (first character `T`) still read.

use arrayvec::ArrayVec;
use chek_engine::code::arith::{Decoder, Encoder, Model};
use chek_engine::code::{legacy, CodeError, Reader, Symbols};

use super::state::State;
use super::tile::{Cell, Dir, Kind, Orientation, Side, Tile};
use super::tiling::{Tiling, MAX_FRONTIER, TILES};

/// The head of every Che code (`Z`).
pub const CODE_HEAD: u8 = 31;
/// The first symbol of the first release's Che codes (`T`, for Truchet).
pub const CODE_SYMBOL: u8 = 26;

/// Every cell the walk meets: the tiles and the empty cells beside them.
type Seen = ArrayVec<Cell, { TILES + MAX_FRONTIER }>;

/// The models of one payload: whether a cell is tiled, by how many of the cell's
/// neighbours are tiled so far. Steady ones (the counts fit a compact tiling, and
/// learn slowly) or quick ones (they learn the shape as they go: a long or straggling
/// tiling); the encoder takes whichever codes shorter.
struct Models {
    tiled: [Model<2>; 10],
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

/// Which orientations a tile on a cell may have in a position whose game goes on,
/// judged from the tiles the walk has placed so far: its orientation's one fitting
/// kind (H9's note), and no region closed by it (H7: a closed region stays closed,
/// so the game would be over). Only a free choice of two costs a decision; a cell
/// where neither may go is known to be empty.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Open {
    l: bool,
    r: bool,
}

impl Open {
    fn at(placed: &Tiling, cell: Cell) -> Open {
        let around = placed.around(cell);
        let open = |o: Orientation| {
            Kind::ALL.into_iter().find(|&k| k.orientation() == o && around.fits(k)).is_some_and(|k| {
                let probe = placed.probe_around(&around, k);
                !probe.closes(Side::White) && !probe.closes(Side::Blue)
            })
        };
        Open { l: open(Orientation::L), r: open(Orientation::R) }
    }

    /// The orientations open here: none, one, or both.
    fn count(self) -> usize {
        self.l as usize + self.r as usize
    }
}

/// The forms of a payload, its first decision: the steady models, the quick ones. An
/// empty tiling is the empty payload.
const FORMS: u32 = 2;

/// The payload: with the steady models or the quick ones, whichever is shorter (the
/// steady on a tie).
fn payload(tiling: &Tiling) -> Result<Symbols, CodeError> {
    if tiling.at(Cell::ORIGIN).is_none() {
        return Ok(Symbols::new());
    }
    let mut best: Option<Symbols> = None;
    for form in 0..FORMS {
        let symbols = encode(tiling, form)?;
        if best.as_ref().is_none_or(|b| symbols.len() < b.len()) {
            best = Some(symbols);
        }
    }
    best.ok_or(CodeError::Position)
}

/// `tiling` coded in `form` (the walk of [`State::from_payload`]).
#[inline(never)]
fn encode(tiling: &Tiling, form: u32) -> Result<Symbols, CodeError> {
    let mut enc = Encoder::new();
    let origin = tiling.at(Cell::ORIGIN).ok_or(CodeError::Position)?;
    enc.uniform(form, FORMS);
    enc.uniform(origin as u32, 4);
    let mut m = Models::new(form == 1);
    let mut placed: alloc::boxed::Box<Tiling> = alloc::boxed::Box::default();
    walk(&mut placed, origin, |context, open, n| {
        let orientation = tiling.at(n).map(Kind::orientation);
        if open.count() > 0 {
            enc.symbol(orientation.is_some() as usize, &mut m.tiled[context]);
        }
        match (orientation, open.l, open.r) {
            (None, _, _) => {}
            (Some(o), true, true) => enc.uniform((o == Orientation::R) as u32, 2),
            (Some(Orientation::L), true, false) | (Some(Orientation::R), false, true) => {}
            // A tile no open game can hold (H7).
            (Some(_), _, _) => return Err(CodeError::Position),
        }
        Ok(orientation)
    })?;
    enc.finish()
}

/// The walk every code reads its shape with: from `origin` on the origin cell, each
/// tile in the order placed looks at its neighbours in `Dir::ALL` order, and each cell
/// not met before is asked about once, `decide(context, open, cell)`: tiled (and
/// which way round) or not. A tile goes down in the one kind of that orientation that fits (H9);
/// none fitting, or more than the pool, is no position.
fn walk(
    placed: &mut Tiling,
    origin: Kind,
    mut decide: impl FnMut(usize, Open, Cell) -> Result<Option<Orientation>, CodeError>,
) -> Result<(), CodeError> {
    placed.place(Tile::new(Cell::ORIGIN, origin));
    let mut seen = Seen::new();
    seen.push(Cell::ORIGIN);
    let mut next = 0;
    while let Some(&cell) = seen.get(next) {
        next += 1;
        if placed.at(cell).is_none() {
            continue;
        }
        for (d, n) in Dir::ALL.into_iter().filter_map(|d| cell.step(d).map(|n| (d, n))) {
            if seen.contains(&n) {
                continue;
            }
            seen.try_push(n).map_err(|_| CodeError::Position)?;
            let Some(orientation) = decide(context_of(placed, cell, d, n), Open::at(placed, n), n)? else { continue };
            let kind = Kind::ALL
                .into_iter()
                .find(|&k| k.orientation() == orientation && placed.fits(n, k))
                .ok_or(CodeError::Position)?;
            if placed.len() >= TILES {
                return Err(CodeError::Position);
            }
            placed.place(Tile::new(n, kind));
        }
    }
    Ok(())
}

impl crate::duel::Coded for State {
    const CODE_HEAD: u8 = CODE_HEAD;
    const LEGACY_SYMBOLS: &'static [u8] = &[CODE_SYMBOL];

    fn payload(&self) -> Result<Symbols, CodeError> {
        payload(self.tiling())
    }

    /// The position a code's payload writes.
    ///
    /// # Errors
    /// [`CodeError::Position`] unless the payload writes a position.
    fn read_payload(data: &[u8]) -> Result<State, CodeError> {
        let mut dec = Decoder::new(data);
        let mut tiling: alloc::boxed::Box<Tiling> = alloc::boxed::Box::default();
        if !data.is_empty() {
            let form = dec.uniform(FORMS);
            let origin = Kind::of_index(dec.uniform(4) as u8).ok_or(CodeError::Position)?;
            let mut m = Models::new(form == 1);
            walk(&mut tiling, origin, |context, open, _| {
                if open.count() == 0 || dec.symbol(&mut m.tiled[context]) == 0 {
                    return Ok(None);
                }
                Ok(Some(match (open.l, open.r) {
                    (true, false) => Orientation::L,
                    (false, true) => Orientation::R,
                    _ if dec.uniform(2) == 1 => Orientation::R,
                    _ => Orientation::L,
                }))
            })?;
        }
        State::from_tiles(tiling.tiles()).map_err(|_| CodeError::Position)
    }

    /// Reads a first-release code (`T…`), exactly as typed.
    ///
    /// # Errors
    /// What is wrong with the code.
    fn from_legacy_code(text: &str) -> Result<State, CodeError> {
        let data = legacy::decode(text)?;
        let mut r = Reader::new(&data);
        r.game(Self::LEGACY_SYMBOLS)?;
        let mut tiling: alloc::boxed::Box<Tiling> = alloc::boxed::Box::default();
        if r.take(1)? == 1 {
            let origin = Kind::of_index(r.take(2)? as u8).ok_or(CodeError::Position)?;
            walk(&mut tiling, origin, |_, _, _| {
                if r.take(1)? == 0 {
                    return Ok(None);
                }
                Ok(Some(if r.take(1)? == 1 { Orientation::R } else { Orientation::L }))
            })?;
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
