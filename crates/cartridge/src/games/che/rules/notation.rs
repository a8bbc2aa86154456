//! Text for positions and tiles (H10): `0,0,WL;1,0,BR B 1` and `1,0,BR`. Tiles are
//! written in reading order (north to south, west to east), so a position has one
//! text; to-move and placed follow from the number of tiles (H4) and must agree.

use core::fmt;
use core::str::FromStr;

use arrayvec::ArrayVec;
use chek_engine::Notation;

use super::state::{turn_of, Illegal, State};
use super::tile::{Cell, Kind, Side, Tile};
use super::tiling::TILES;

/// What is wrong with a position's text.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum PositionError {
    /// Not three fields separated by single spaces.
    Fields,
    /// Entry `n` (from 1) is not `x,y,KIND` with whole numbers written plainly.
    Entry(usize),
    /// Entry `n` is out of reading order.
    Order(usize),
    /// More than 64 entries.
    TooMany,
    /// The side to move is not `W` or `B`.
    ToMove,
    /// The count placed is not `0` or `1`.
    Placed,
    /// To-move and placed disagree with the number of tiles (H4).
    Turn {
        /// Tiles on the board.
        tiles: usize,
        /// Who is to move after them.
        side: Side,
        /// How many of that move are down.
        placed: u8,
    },
    /// The tiles cannot arise in a game.
    Illegal(Illegal),
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            PositionError::Fields => {
                f.write_str("position: expected the tiles (or -), the side to move (W or B) and placed (0 or 1)")
            }
            PositionError::Entry(n) => write!(f, "tiles: entry {n} is not x,y,KIND (KIND one of WL WR BL BR)"),
            PositionError::Order(n) => {
                write!(f, "tiles: entry {n} is out of order (write tiles north to south, west to east)")
            }
            PositionError::TooMany => write!(f, "tiles: more than the pool's {TILES}"),
            PositionError::ToMove => f.write_str("to-move: expected W (White) or B (Blue)"),
            PositionError::Placed => f.write_str("placed: expected 0 or 1"),
            PositionError::Turn { tiles, side, placed } => write!(
                f,
                "to-move: after {tiles} tiles {} is to move with {placed} placed ({} {placed})",
                side.name(),
                side.letter()
            ),
            PositionError::Illegal(why) => match why {
                Illegal::TooMany => write!(f, "tiles: more than the pool's {TILES}"),
                Illegal::Twice(c) => write!(f, "tiles: two tiles on {c}"),
                Illegal::Mismatch(c) => write!(f, "tiles: the tile on {c} does not match a neighbour's edge colours"),
                Illegal::NoOrigin => f.write_str("tiles: the first tile is at 0,0, and there is none"),
                Illegal::Apart(c) => write!(f, "tiles: the tile on {c} is not joined to the others"),
            },
        }
    }
}

/// What is wrong with a tile's text.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum TileError {
    /// Not `x,y,KIND`.
    Syntax,
    /// Not a legal tile here.
    Illegal,
}

impl fmt::Display for TileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TileError::Syntax => f.write_str("tile: expected x,y,KIND such as 1,0,BR (KIND one of WL WR BL BR)"),
            TileError::Illegal => f.write_str("tile: not legal here (an empty cell beside the tiling, edges matching)"),
        }
    }
}

/// A whole number written plainly: no `+`, no leading zero, no `-0`.
fn number(text: &str) -> Option<i32> {
    let digits = text.strip_prefix('-').unwrap_or(text);
    let plain = !digits.is_empty()
        && digits.bytes().all(|b| b.is_ascii_digit())
        && (digits == "0" || !digits.starts_with('0'))
        && text != "-0"
        && digits.len() <= 3;
    plain.then(|| text.parse().ok()).flatten()
}

/// `x,y,KIND`.
fn tile(text: &str) -> Option<Tile> {
    let mut parts = text.split(',');
    let (x, y, kind) = (parts.next()?, parts.next()?, parts.next()?);
    if parts.next().is_some() {
        return None;
    }
    let cell = Cell::at(number(x)?, number(y)?)?;
    Some(Tile::new(cell, Kind::from_name(kind)?))
}

impl FromStr for Tile {
    type Err = TileError;

    fn from_str(text: &str) -> Result<Tile, TileError> {
        tile(text).ok_or(TileError::Syntax)
    }
}

impl fmt::Display for State {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut tiles: ArrayVec<Tile, TILES> = self.tiling().tiles().iter().copied().collect();
        chek_ai::sort_by_key(&mut tiles, |t| t.cell.reading_rank());
        if tiles.is_empty() {
            f.write_str("-")?;
        }
        for (i, t) in tiles.iter().enumerate() {
            if i > 0 {
                f.write_str(";")?;
            }
            write!(f, "{t}")?;
        }
        write!(f, " {} {}", self.to_move().letter(), self.placed())
    }
}

impl FromStr for State {
    type Err = PositionError;

    fn from_str(text: &str) -> Result<State, PositionError> {
        let mut fields = text.split(' ');
        let (Some(list), Some(side), Some(placed), None) = (fields.next(), fields.next(), fields.next(), fields.next())
        else {
            return Err(PositionError::Fields);
        };
        let mut tiles: ArrayVec<Tile, TILES> = ArrayVec::new();
        if list != "-" {
            for (i, entry) in list.split(';').enumerate() {
                let t = tile(entry).ok_or(PositionError::Entry(i + 1))?;
                if tiles.last().is_some_and(|last: &Tile| last.cell.reading_rank() >= t.cell.reading_rank()) {
                    return Err(if tiles.iter().any(|o| o.cell == t.cell) {
                        PositionError::Illegal(Illegal::Twice(t.cell))
                    } else {
                        PositionError::Order(i + 1)
                    });
                }
                tiles.try_push(t).map_err(|_| PositionError::TooMany)?;
            }
        }
        let side = match side {
            "W" => Side::White,
            "B" => Side::Blue,
            _ => return Err(PositionError::ToMove),
        };
        let placed = match placed {
            "0" => 0,
            "1" => 1,
            _ => return Err(PositionError::Placed),
        };
        let (want, want_placed) = turn_of(tiles.len());
        if (side, placed) != (want, want_placed) {
            return Err(PositionError::Turn { tiles: tiles.len(), side: want, placed: want_placed });
        }
        State::from_tiles(&tiles).map_err(PositionError::Illegal)
    }
}

impl Notation for State {
    type ActionError = TileError;

    /// A resignation is not in the text (a save keeps it apart).
    fn printable(&self) -> bool {
        !matches!(self.end(), Some(super::state::End::Resigned { .. }))
    }

    fn parse_action(&self, text: &str) -> Result<Tile, TileError> {
        let t: Tile = text.parse()?;
        if self.is_legal(t) {
            Ok(t)
        } else {
            Err(TileError::Illegal)
        }
    }
}
