//! Che's greedy baseline, one tile at a time.

use chek_ai::{pick, Rng};

use alloc::vec::Vec;
use arrayvec::ArrayVec;
use chek_engine::Game;

use super::super::rules::{Cell, State, Tile};
use super::eval::threat_cells;

/// Closes a region of its own colour if it can; otherwise blocks an opponent threat
/// (the other kind on a threat cell), the second tile of the move the next; otherwise
/// any tile that does not hand the opponent the game at once (closing the opponent's
/// colour), at random; a random legal tile if every tile does.
// A frame of its own, off the search's setup on the device's small stack.
#[inline(never)]
pub fn greedy(state: &State, rng: &mut Rng) -> Option<Tile> {
    let me = state.to_move();
    let tiling = state.tiling();
    let moves = state.legal();
    let probe = |t: &Tile| tiling.probe(t.cell, t.kind);
    let wins: Vec<Tile> = moves.iter().copied().filter(|t| probe(t).closes(me) && !probe(t).closes(me.other())).collect();
    if let Some(t) = pick(rng, &wins) {
        return Some(t);
    }
    let threats: ArrayVec<Cell, 64> = threat_cells(tiling, me.other());
    let safe: Vec<Tile> = moves.iter().copied().filter(|t| !probe(t).closes(me.other())).collect();
    let blocks: Vec<Tile> = safe.iter().copied().filter(|t| threats.contains(&t.cell)).collect();
    if let Some(t) = pick(rng, &blocks) {
        return Some(t);
    }
    pick(rng, &safe).or_else(|| pick(rng, &moves))
}
