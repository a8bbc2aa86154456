//! The rules of Chek, a board game of dice-driven conflict for 2 or 4 players.
//!
//! The rule ids (C1–C19) are those of `docs/rules.md`. The crate is `no_std` without
//! `alloc` and never panics on any input: bad text gives an error value.
//!
//! ```
//! use chek_rules::{Game, Outcome, Next, Position, Setup};
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
//! // ...a game rolls the dice.
//! let mut game = Game::new(pos, 42);
//! let played = game.play(attack).unwrap();
//! assert!(played.conflict.is_some());
//! assert!(game.is_over());
//! ```
#![no_std]
#![deny(missing_docs, missing_debug_implementations, unsafe_code)]

#[cfg(test)]
extern crate std;

mod action;
mod audit;
mod code;
mod conflict;
mod dice;
mod game;
mod notation;
mod perft;
mod position;
mod seat;
mod setup;
mod square;

pub use action::{Action, ActionList, Bonus, MAX_ACTIONS};
pub use audit::{audited_playout, check_position, Audit, Playout, Violation};
pub use code::{grouped, CodeChars, CodeError, GROUP};
pub use conflict::{Conflict, Outcome};
pub use dice::{Dice, DiceState, Roll};
pub use game::{Game, Played};
pub use notation::{ActionError, PositionError, MAX_CAPTURED};
pub use perft::perft;
pub use position::{Chain, End, IllegalAction, Next, Position, RawPosition, QUIET_END_TURNS};
pub use seat::{BySeat, Seat, Seating};
pub use setup::Setup;
pub use square::{ParseSquareError, Square, SquareIter, SquareSet};
