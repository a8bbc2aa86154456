//! A game of Checkers in progress: the state with its draw counts, and the last move,
//! in the shared [`crate::duel::MoveRecord`].

/// The moves of a game of Checkers so far.
pub type CheckersRecord = crate::duel::MoveRecord<super::rules::State>;
