//! The seam between the cartridge's games and everything that plays them.
//!
//! A game implements [`Game`]: who is to act ([`ToAct`]), the legal decisions, the
//! chance outcomes with exact integer weights, one [`Game::apply`] path for both, and
//! the result per seat ([`Payoffs`]). [`Notation`] parses and prints its positions and
//! actions. Everything generic is written against these two traits once: [`perft`], the
//! step-by-step [`audit`] of random games, the CPU's search (`chek-ai`), the App's
//! screens (`chek-ui`) and the desktop tools.
//!
//! The crate is `no_std` without `alloc` and never panics on any input.
//!
//! ```
//! use chek_engine::{Game, Payoffs, Seat, Step, ToAct, Outcomes, List};
//! use arrayvec::ArrayVec;
//!
//! /// Two seats take turns removing 1 or 2 stones; whoever takes the last one wins.
//! #[derive(Clone, PartialEq, Debug)]
//! struct Nim { stones: u8, to_move: u8 }
//!
//! impl Game for Nim {
//!     type Action = u8;
//!     type Outcome = ();
//!     type Actions = ArrayVec<u8, 2>;
//!     fn to_act(&self) -> ToAct {
//!         if self.stones == 0 { ToAct::Over } else { ToAct::Seat(Seat::ALL[self.to_move as usize]) }
//!     }
//!     fn legal(&self) -> ArrayVec<u8, 2> { (1..=self.stones.min(2)).collect() }
//!     fn outcomes(&self) -> Outcomes<()> { Outcomes::new() }
//!     fn apply(&mut self, step: Step<u8, ()>) {
//!         if let Step::Act(n) = step {
//!             self.stones = self.stones.saturating_sub(n);
//!             self.to_move ^= 1;
//!         }
//!     }
//!     fn payoffs(&self) -> Option<Payoffs> {
//!         // The seat that just moved took the last stone.
//!         (self.stones == 0).then(|| Payoffs::winner(Seat::ALL[(self.to_move ^ 1) as usize]))
//!     }
//!     fn mid_turn(&self) -> bool { false }
//!     fn hash(&self) -> u64 { (self.stones as u64) << 1 | self.to_move as u64 }
//! }
//!
//! let start = Nim { stones: 4, to_move: 0 };
//! assert_eq!(chek_engine::perft(&start, 2), 4);
//! ```
#![no_std]
#![deny(missing_docs, missing_debug_implementations, unsafe_code)]

#[cfg(test)]
extern crate std;

pub mod audit;
extern crate alloc;

pub mod code;
mod duel;
mod game;
mod grid;
pub mod hash;
mod perft;
mod seat;

pub use audit::{Audit, Violation};
pub use game::{
    Ending, Game, IllegalAction, List, Notation, Outcomes, Payoffs, Record, Seats, Step, ToAct, MAX_OUTCOMES,
};
pub use grid::{set_bits, BitSet};
pub use hash::hash_of;
pub use perft::perft;
pub use seat::{PerSeat, Seat, MAX_SEATS};
