//! The rules of Che as this cartridge plays them (H1–H10 of `docs/che.md`): two-colour
//! Truchet tiles laid edge to edge on an open plane, two a move, until a tile closes a
//! region. `no_std` and without heap.

pub mod code;
pub mod notation;
pub mod state;
pub mod tile;
pub mod tiling;

pub use self::code::{CODE_HEAD, CODE_SYMBOL};
pub use self::notation::{PositionError, TileError};
pub use self::state::{turn_of, End, Illegal, State, TileList, MAX_ACTIONS};
pub use self::tile::{Cell, Dir, Kind, Orientation, Part, Side, Tile};
pub use self::tiling::{Across, Probe, Tiling, TILES};
