//! Chek's greedy baseline: one ply of material sense.

use alloc::vec::Vec;

use chek_ai::{pick, Rng};
use chek_rules::{Action, Next, Position, Seat, Square, Variant};

use super::eval::attack_gain;

/// Attacks (or chain-attacks) when the best attack's immediate expected material gain
/// is positive — a win takes a piece, a loss gives one, so the gain is 2·p − 1 at the
/// C9 odds p (in Chek Nights weighed by the two cards' values, N5), and a take of
/// Chek Simple always wins; otherwise ends the chain, or steps
/// towards the nearest enemy, avoiding squares an enemy could attack with the bully
/// bonus (in Chek Simple: could take). Ties at random.
// The baselines' move lists get a frame of their own, off the search's setup on the
// device's small stack (`cargo xtask stack`).
#[inline(never)]
pub fn greedy(position: &Position, rng: &mut Rng) -> Option<Action> {
    let actions = position.legal_actions();
    let gain = |a: &Action| attack_gain(position, a).unwrap_or(f32::MIN);
    let best_gain = actions.iter().map(gain).fold(f32::MIN, f32::max);
    if best_gain > 0.0 {
        let best: Vec<Action> = actions.iter().copied().filter(|a| gain(a) == best_gain).collect();
        return pick(rng, &best);
    }
    if position.chain().is_some() {
        return Some(Action::End);
    }
    let seat = position.to_move();
    let enemies = position.opponents_of(seat);
    let moves: Vec<Action> = actions.iter().copied().filter(|a| matches!(a, Action::Move { .. })).collect();
    if moves.is_empty() {
        let best: Vec<Action> = actions.iter().copied().filter(|a| gain(a) == best_gain).collect();
        return pick(rng, &best);
    }
    let distance = |a: &Action| {
        let to = a.to().unwrap_or(Square::A1);
        enemies
            .iter()
            .map(|e| (e.file() as i32 - to.file() as i32).abs() + (e.rank() as i32 - to.rank() as i32).abs())
            .min()
            .unwrap_or(0)
    };
    let safe: Vec<Action> = moves.iter().copied().filter(|a| !exposed(position, a)).collect();
    let candidates = if safe.is_empty() { moves } else { safe };
    let nearest = candidates.iter().map(distance).min()?;
    let best: Vec<Action> = candidates.iter().copied().filter(|a| distance(a) == nearest).collect();
    pick(rng, &best)
}

/// Whether the move's square could be attacked at once with a modifier: an enemy piece
/// 4-way next to it with the bully bonus there (C7), or, in Chek Simple, one that could
/// take it (V2), or in Chek Nights one stronger there (N4), counted in the position
/// after the move.
fn exposed(position: &Position, action: &Action) -> bool {
    let Some(to) = action.to() else {
        return false;
    };
    let enemies = position.opponents_of(position.to_move());
    // Chek and Chek Basic count the bully around `to` as the board stands; the others
    // look at the board after the move.
    let board = match position.variant() {
        Variant::Standard | Variant::Basic => *position,
        Variant::Simple | Variant::Nights => match position.play(*action) {
            Ok(Next::Position(after)) => after,
            _ => return false,
        },
    };
    let threatens = |seat: Seat| match board.variant() {
        Variant::Standard | Variant::Basic => board.bully(seat, to),
        Variant::Simple => board.takes(seat, to, false),
        Variant::Nights => board.edge(seat, to).attacker() > 0,
    };
    (to.neighbours4() & enemies).iter().any(|e| board.seat_at(e).is_some_and(threatens))
}
