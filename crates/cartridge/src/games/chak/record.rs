//! A game of Chak in progress: the state with its draw counts, the last move and the
//! pieces taken (the panel shows them). No chance, so nothing else to keep.

use chek_engine::{IllegalAction, Record};

use arrayvec::ArrayVec;

use super::rules::{Move, Piece, Side, State};

/// The pieces taken so far, in the order they were taken (at most 30: the Ajaws stay).
pub type Taken = ArrayVec<Piece, 32>;

/// The moves of a game so far, as far as the rules and the screen need them.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ChakRecord {
    state: State,
    last: Option<(Side, Move)>,
    taken: Taken,
}

impl ChakRecord {
    /// A game from `state`.
    pub fn new(state: State) -> ChakRecord {
        ChakRecord { state, last: None, taken: Taken::new() }
    }

    /// A game from `state` whose last move was `last`, with the pieces taken (a save).
    pub fn with_last(state: State, last: Option<(Side, Move)>, taken: Taken) -> ChakRecord {
        ChakRecord { state, last, taken }
    }

    /// The pieces taken so far, oldest first.
    pub fn taken(&self) -> &Taken {
        &self.taken
    }

    /// The state now.
    pub fn now(&self) -> &State {
        &self.state
    }

    /// The last move and who made it.
    pub fn last(&self) -> Option<(Side, Move)> {
        self.last
    }

    /// Both sides agree to a draw (A7).
    pub fn agree_draw(&mut self) {
        self.state.agree_draw();
    }
}

impl Record for ChakRecord {
    type Game = State;

    fn state(&self) -> State {
        self.state.clone()
    }

    fn play(&mut self, mv: Move) -> Result<(), IllegalAction> {
        if !self.state.moves().contains(&mv) {
            return Err(IllegalAction);
        }
        self.last = Some((self.state.to_move(), mv));
        if let Some(piece) = self.state.board().at(mv.to()) {
            let _ = self.taken.try_push(piece);
        }
        self.state.play(mv);
        Ok(())
    }
}

impl crate::duel::DuelRecord for ChakRecord {
    fn from_state(state: State) -> ChakRecord {
        ChakRecord::new(state)
    }

    fn now(&self) -> &State {
        &self.state
    }
}
