//! A game of Checkers in progress: the state with its draw counts, and the last move.
//! No chance, so nothing else to keep.

use chek_engine::{IllegalAction, Record};

use super::rules::{Move, Side, State};

/// The moves of a game so far, as far as the rules and the screen need them.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct CheckersRecord {
    state: State,
    last: Option<(Side, Move)>,
}

impl CheckersRecord {
    /// A game from `state`.
    pub fn new(state: State) -> CheckersRecord {
        CheckersRecord { state, last: None }
    }

    /// A game from `state` whose last move was `last` (a save).
    pub fn with_last(state: State, last: Option<(Side, Move)>) -> CheckersRecord {
        CheckersRecord { state, last }
    }

    /// The state now.
    pub fn now(&self) -> &State {
        &self.state
    }

    /// The last move and who made it.
    pub fn last(&self) -> Option<(Side, Move)> {
        self.last
    }

    /// Both sides agree to a draw (K9).
    pub fn agree_draw(&mut self) {
        self.state.agree_draw();
    }
}

impl Record for CheckersRecord {
    type Game = State;

    fn state(&self) -> State {
        self.state.clone()
    }

    fn play(&mut self, mv: Move) -> Result<(), IllegalAction> {
        if !self.state.moves().contains(&mv) {
            return Err(IllegalAction);
        }
        self.last = Some((self.state.to_move(), mv));
        self.state.play(mv);
        Ok(())
    }
}

impl crate::duel::DuelRecord for CheckersRecord {
    fn from_state(state: State) -> CheckersRecord {
        CheckersRecord::new(state)
    }

    fn now(&self) -> &State {
        &self.state
    }
}
