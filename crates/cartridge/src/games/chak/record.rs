//! A game of Chak in progress: the state with its draw counts, the last move and the
//! pieces taken (the panel shows them), in the shared [`MoveRecord`].

use arrayvec::ArrayVec;

use super::rules::{Move, Piece, State};
use crate::duel::{MoveRecord, Notes};

/// The pieces taken so far, in the order they were taken (at most 30: the Ajaws stay).
pub type Taken = ArrayVec<Piece, 32>;

/// The moves of a game of Chak so far; its notes are the pieces taken.
pub type ChakRecord = MoveRecord<State, Taken>;

impl Notes<State> for Taken {
    /// The piece a move takes, if it takes one.
    fn note(&mut self, before: &State, mv: Move) {
        if let Some(piece) = before.board().at(mv.to()) {
            let _ = self.try_push(piece);
        }
    }
}
