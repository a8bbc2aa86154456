//! Chak's greedy baseline.

use chek_ai::{pick, Rng};

use alloc::boxed::Box;

use arrayvec::ArrayVec;
use chek_engine::Game;

use super::super::rules::moves::{MoveList, MAX_MOVES};
use super::super::rules::{moves, End, Move, State, Win};
use super::eval::value;

/// Mates in one if it can; else takes the most valuable piece it can take without
/// losing the taker at once (ties at random); else a random legal move.
// The baselines' move lists get a frame of their own, off the search's setup on the
// device's small stack (`cargo xtask stack`).
#[inline(never)]
pub fn greedy(state: &State, rng: &mut Rng) -> Option<Move> {
    // On the heap: the list (224 moves) would more than double the frame.
    let mut moves = Box::new(MoveList::new());
    state.legal_into(&mut moves);
    let mates = |mv: &Move| {
        let mut after = state.clone();
        after.play(*mv);
        matches!(after.end(), Some(End::Win { how: Win::Checkmate, .. }))
    };
    if let Some(mv) = pick_where(rng, &moves, mates) {
        return Some(mv);
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
        return pick_where(rng, &moves, |m| safe_gain(m) == best);
    }
    pick_where(rng, &moves, |_| true)
}

/// One of the moves `keep` says yes to, at random (by index: no second list).
fn pick_where(rng: &mut Rng, moves: &[Move], keep: impl Fn(&Move) -> bool) -> Option<Move> {
    let kept: ArrayVec<u8, { MAX_MOVES }> = (0..moves.len()).filter(|&i| keep(&moves[i])).map(|i| i as u8).collect();
    let i = pick(rng, &kept)?;
    moves.get(i as usize).copied()
}
