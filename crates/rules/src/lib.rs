//! The rules of Chek, a board game of dice-driven conflict for 2 or 4 players, and of
//! its designer's variants Chek Basic, Chek Simple and Chek Nights.
//!
//! The rule ids (C1–C19, V1–V3, N1–N6) are those of `docs/rules.md`. The crate is `no_std`
//! without `alloc` and never panics on any input: bad text gives an error value.
//! [`State`] puts Chek on the cartridge's game interface (`chek_engine::Game`).
//!
//! ```
//! use chek_rules::{Outcome, Next, Position, Record, Setup};
//!
//! let start = Setup::Duel.start();
//! let actions = start.legal_actions();
//! // Six pieces step forward; the four at the ends of the rows also step sideways.
//! assert_eq!(actions.len(), 10);
//!
//! // A search resolves conflicts by choosing the outcome...
//! let pos: Position = "8/8/8/3N4/3S4/8/8/8 SN S 0,0".parse().unwrap();
//! let attack = pos.parse_action("d4xd5 +0").unwrap();
//! let Ok(Next::Conflict(conflict)) = pos.play(attack) else { unreachable!() };
//! assert_eq!(conflict.attacker_wins_in_36(), 15);
//! assert_eq!(conflict.resolve(Outcome::AttackerWins).to_string(), "8/8/8/3S4/8/8/8/8 SN S 1,0");
//!
//! // ...a game record rolls the dice.
//! let mut game = Record::new(pos, 42);
//! let played = game.play(attack).unwrap();
//! assert!(played.conflict.is_some());
//! assert!(game.is_over());
//!
//! // Chek Simple (V2) has no dice: an attack with more support always wins. South's
//! // c4, d4 and e4 (3) outnumber North's d5 and d6 (2). North is left with one piece,
//! // which retires as a point for North; South alone stands, and the game is over.
//! let simple: Position = "8/8/3N4/3N4/2SSS3/8/8/8 SN S 0,0 rules:simple".parse().unwrap();
//! let take = simple.parse_action("d4xd5").unwrap();
//! let Ok(Next::Position(after)) = simple.play(take) else { unreachable!() };
//! assert_eq!(after.to_string(), "8/8/8/3S4/2S1S3/8/8/8 SN S 1,1 rules:simple");
//! assert!(after.is_over());
//! ```
#![no_std]
#![deny(missing_docs, missing_debug_implementations, unsafe_code)]

#[cfg(test)]
extern crate std;

mod action;
mod cards;
mod chain;
mod code;
mod conflict;
mod dice;
mod notation;
mod perft;
mod position;
mod record;
mod seat;
mod setup;
mod square;
mod state;
mod turn;
mod variant;

pub use action::{Action, ActionList, Bonus, MAX_ACTIONS};
pub use cards::{Cards, Edge, Rank, Suit};
pub use code::{CODE_HEAD, CODE_SYMBOLS};
pub use conflict::{Conflict, Outcome};
pub use dice::{Dice, DiceState, Roll};
pub use notation::{ActionError, PositionError, MAX_CAPTURED};
pub use perft::perft;
pub use position::{
    Chain, End, FirstStep, IllegalAction, Next, Position, RawPosition, QUIET_END_TURNS, QUIET_SHOWN_FROM,
};
pub use record::{Played, Record};
pub use seat::{BySeat, Seat, Seating};
pub use setup::Setup;
pub use square::{ParseSquareError, Square, SquareIter, SquareSet};
pub use state::State;
pub use turn::{PieceActions, MAX_PIECE_ACTIONS};
pub use variant::Variant;
