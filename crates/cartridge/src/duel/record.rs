//! The record of a two-seat game whose move is one decision (Checkers, Chak): the
//! state, the last move (made by the side not to move: the sides take turns), and
//! what the game notes of each move (Chak: the pieces taken). No chance, so nothing
//! else to keep.

use core::fmt::Debug;

use chek_engine::{Game, IllegalAction, Record};

/// What a game notes of each move besides the last one, for its screen (`()`: nothing).
pub trait Notes<G: Game>: Clone + Eq + Debug + Default {
    /// Notes `action`, about to be played in `before`.
    fn note(&mut self, before: &G, action: G::Action);
}

impl<G: Game> Notes<G> for () {
    fn note(&mut self, _before: &G, _action: G::Action) {}
}

/// The moves of a game so far, as far as the rules and the screen need them.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct MoveRecord<G: Game, N: Notes<G> = ()> {
    state: G,
    last: Option<G::Action>,
    notes: N,
}

impl<G: Game, N: Notes<G>> MoveRecord<G, N> {
    /// A game from `state`.
    pub fn new(state: G) -> MoveRecord<G, N> {
        MoveRecord { state, last: None, notes: N::default() }
    }

    /// A game from `state` whose last move was `last`, with its notes (a save).
    pub fn with_last(state: G, last: Option<G::Action>, notes: N) -> MoveRecord<G, N> {
        MoveRecord { state, last, notes }
    }

    /// What the game noted of the moves so far.
    pub fn notes(&self) -> &N {
        &self.notes
    }

    /// The state now.
    pub fn now(&self) -> &G {
        &self.state
    }

    /// The last move (the sides take turns: the side not to move made it).
    pub fn last(&self) -> Option<G::Action> {
        self.last
    }

    /// The game ends by `end`, not by a move (both sides agree to a draw).
    pub fn end_by(&mut self, end: fn(&mut G)) {
        end(&mut self.state);
    }
}

impl<G: Game, N: Notes<G>> Record for MoveRecord<G, N> {
    type Game = G;

    fn state(&self) -> G {
        self.state.clone()
    }

    fn play(&mut self, action: G::Action) -> Result<(), IllegalAction> {
        if !self.state.legal().contains(&action) {
            return Err(IllegalAction);
        }
        self.last = Some(action);
        self.notes.note(&self.state, action);
        self.state.apply(chek_engine::Step::Act(action));
        Ok(())
    }
}

impl<G: Game + core::fmt::Debug, N: Notes<G>> super::DuelRecord for MoveRecord<G, N> {
    fn from_state(state: G) -> MoveRecord<G, N> {
        MoveRecord::new(state)
    }

    fn now(&self) -> &G {
        &self.state
    }
}
