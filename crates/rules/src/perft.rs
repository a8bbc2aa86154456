//! perft: counting decision-and-outcome sequences, to pin the rules down.

use crate::{Next, Outcome, Position};

/// The number of distinct decision-and-outcome sequences that complete `depth` turns
/// from `position`, as the rules define it: each attack branches into its two outcomes;
/// in the chain state the options are `end` and every chain attack (links folded in);
/// a finished game is one leaf whatever depth remains. From the chain state the
/// unfinished turn counts as the first of the `depth` turns.
pub fn perft(position: &Position, depth: u32) -> u64 {
    if depth == 0 || position.is_over() {
        return 1;
    }
    let mut count = 0;
    for action in position.legal_actions() {
        match position.play_legal(action) {
            Next::Position(next) => count += perft(&next, depth - 1),
            Next::Conflict(conflict) => {
                for outcome in Outcome::BOTH {
                    let next = conflict.resolve(outcome);
                    // Still in the chain: the same turn goes on.
                    let left = if next.chain().is_some() { depth } else { depth - 1 };
                    count += perft(&next, left);
                }
            }
        }
    }
    count
}
