//! A hint: the decision the Hard CPU would take for the seat to act, thought in
//! slices as the CPU's own turn is. Each game keeps its search in a [`HintSearch`]
//! and answers [`crate::Play::think_hint`]; the App marks the decision on the board
//! through [`crate::Play::cells_of`].

use alloc::boxed::Box;
use alloc::string::{String, ToString};

use chek_ai::{Evaluator, Level, Thinker};
use chek_engine::Game;

use crate::play::think_frame;
use crate::vocab::Clock;

/// A frame of a hint's thinking.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum HintThought {
    /// Still searching: how far it has got, in percent.
    Thinking(u8),
    /// The decision, in the game's notation (as [`crate::Play::cells_of`] reads it).
    Ready(String),
}

/// A hint's search in a game, kept with the position it was asked in.
#[derive(Clone, Debug)]
pub struct HintSearch<G: Game, E: Evaluator<G>> {
    thinker: Thinker<G, E>,
    /// The decisions the game had taken when it was asked.
    at: u32,
    decided: Option<G::Action>,
}

impl<G: Game, E: Evaluator<G>> HintSearch<G, E> {
    /// One frame of the hint asked `at` decisions into the game: a search started by
    /// `start` if none is kept for that position, one slice of `nodes`, and the
    /// decision once made.
    pub fn think(
        slot: &mut Option<Box<HintSearch<G, E>>>,
        at: u32,
        start: impl FnOnce() -> Thinker<G, E>,
        clock: Option<Clock>,
        nodes: u32,
    ) -> HintThought {
        if slot.as_ref().is_none_or(|h| h.at != at) {
            *slot = Some(Box::new(HintSearch { thinker: start(), at, decided: None }));
        }
        let Some(hint) = slot.as_mut() else { return HintThought::Thinking(0) };
        if hint.decided.is_none() {
            hint.decided = think_frame(&mut hint.thinker, clock, nodes, Level::Hard);
        }
        match hint.decided {
            Some(action) => HintThought::Ready(action.to_string()),
            None => HintThought::Thinking(hint.thinker.progress()),
        }
    }
}
