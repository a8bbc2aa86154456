//! The rules of Chak as this cartridge plays them (A1–A9 of `docs/chak.md`): a 9×9
//! board split by a river, pieces that take their + form as they cross it, check and
//! checkmate, and the temple victory. `no_std` and without heap.

pub mod board;
mod piece;
mod square;
pub mod code;
pub mod moves;
pub mod notation;
pub mod state;

pub use self::board::{Board, Kind, Piece, Side, Square};
pub use self::code::{CODE_HEAD, CODE_SYMBOL};
pub use self::moves::{Move, MoveList};
pub use self::notation::{MoveError, PositionError};
pub use self::state::{Draw, End, History, Illegal, State, Win, QUIET_DRAW_PLIES, REPETITION_DRAW};
