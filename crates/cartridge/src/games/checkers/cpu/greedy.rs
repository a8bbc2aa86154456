//! Checkers' greedy baseline.

use chek_ai::{pick, Rng};
use chek_engine::Game;

use super::super::rules::{Move, MoveList, State};

/// Takes the capture that removes the most pieces (ties at random); otherwise a random
/// move after which the opponent cannot capture at once; otherwise any move.
// The baselines' move lists get a frame of their own, off the search's setup on the
// device's small stack (`cargo xtask stack`).
#[inline(never)]
pub fn greedy(state: &State, rng: &mut Rng) -> Option<Move> {
    let moves = state.legal();
    let most = moves.iter().map(|m| m.jumps()).max()?;
    if most > 0 {
        let best: MoveList = moves.iter().copied().filter(|m| m.jumps() == most).collect();
        return pick(rng, &best);
    }
    let safe: MoveList = moves
        .iter()
        .copied()
        .filter(|&m| {
            let mut after = state.clone();
            after.play(m);
            !after.must_capture()
        })
        .collect();
    pick(rng, if safe.is_empty() { &moves } else { &safe })
}
