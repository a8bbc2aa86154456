//! The games of a cartridge as the App knows them: their descriptions
//! ([`crate::info`]), and how to start, load and decode each. The App knows games only
//! through this.

use chek_engine::code::{CodeError, Reading};

pub use crate::info::*;
use crate::play::Play;
use crate::save::{SaveError, Saved};

/// The games of a cartridge, as the App sees them: one play screen type over all of
/// them, and a way to start, load or decode each.
pub trait Catalog: 'static {
    /// A game in progress, of any game of the cartridge.
    type Play: Play;

    /// The games, in title order.
    fn games() -> &'static [&'static GameInfo];

    /// A new game of `games()[game]` with `options`; `first` is the seat that starts
    /// (the App has drawn a random one if asked to).
    fn start(game: usize, options: &Options, first: chek_engine::Seat, seed: u64) -> Self::Play;

    /// A saved game.
    ///
    /// # Errors
    /// A one-line [`SaveError`] naming what is wrong.
    fn load(saved: &Saved) -> Result<Self::Play, SaveError>;

    /// A game continued from a share code, every seat a person; the code's head names
    /// the game. A code with one typing mistake may come back fixed
    /// ([`Reading::fixed`]).
    ///
    /// # Errors
    /// What is wrong with the code.
    fn from_code(text: &str, seed: u64) -> Result<Reading<Self::Play>, CodeError>;

    /// The game of a lesson's `step` of `games()[game]`, every seat a person (with the
    /// dice that lead to the step's `after`).
    ///
    /// # Errors
    /// What is wrong with the step, in one line (the tests check every step).
    fn lesson(game: usize, step: &crate::vocab::LessonStep) -> Result<Self::Play, alloc::string::String>;
}
