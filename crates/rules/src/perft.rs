//! perft from a position, as the rules define it (the engine's generic count on
//! [`crate::State`]).

use crate::{Position, State};

/// The number of distinct decision-and-outcome sequences that complete `depth` turns
/// from `position`: each attack branches into its two outcomes; in the chain state the
/// options are `end` and every chain attack (links folded in); a finished game is one
/// leaf whatever depth remains. From the chain state the unfinished turn counts as the
/// first of the `depth` turns.
pub fn perft(position: &Position, depth: u32) -> u64 {
    chek_engine::perft(&State::from(*position), depth)
}
