//! Chak's greedy baseline.

use chek_ai::{pick, Rng};

use super::super::rules::{moves, Move, MoveList, State, Win};
use super::eval::value;

/// Mates in one if it can; else takes the most valuable piece it can take without
/// losing the taker at once (ties at random); else a random legal move.
// The baselines' move lists get a frame of their own, off the search's setup on the
// device's small stack (`cargo xtask stack`).
#[inline(never)]
pub fn greedy(state: &State, rng: &mut Rng) -> Option<Move> {
    let moves = state.moves();
    let mut mates = MoveList::new();
    for &mv in &moves {
        let mut after = state.clone();
        after.play(mv);
        if matches!(after.end(), Some(super::super::rules::End::Win { how: Win::Checkmate, .. })) {
            let _ = mates.try_push(mv);
        }
    }
    if !mates.is_empty() {
        return pick(rng, &mates);
    }
    let board = state.board();
    let safe_gain = |mv: &Move| -> i32 {
        let Some(taken) = board.at(mv.to()) else { return 0 };
        let mut after = *board;
        moves::make(&mut after, *mv);
        if after.attacked(mv.to(), state.to_move().other()) {
            0
        } else {
            value(taken).max(1)
        }
    };
    let best = moves.iter().map(safe_gain).max().unwrap_or(0);
    if best > 0 {
        let takes: MoveList = moves.iter().copied().filter(|m| safe_gain(m) == best).collect();
        return pick(rng, &takes);
    }
    pick(rng, &moves)
}
