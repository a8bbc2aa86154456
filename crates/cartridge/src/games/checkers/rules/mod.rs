//! The rules of Checkers as this cartridge plays them (K1–K10 of `docs/checkers.md`):
//! light moves first, captures are compulsory, English multi-jumps, and the seed's
//! third win, all of a side's pieces on the opponent's back row; and English draughts
//! by tournament rules (KE1–KE3), the same game with Dark first and without the third
//! win. `no_std` and without heap: bit sets for the board, an explicit stack for
//! multi-jumps.

pub mod board;
pub mod code;
pub mod moves;
pub mod notation;
pub mod state;

pub use self::board::{Bits, Board, Dir, Side, Square};
pub use self::code::{CODE_HEAD, CODE_SYMBOL, ENGLISH_CODE_SYMBOL};
pub use self::moves::{Move, MoveList};
pub use self::notation::{MoveError, PositionError};
pub use self::state::{Draw, End, History, Rules, State, Win, QUIET_DRAW_PLIES, REPETITION_DRAW};
