//! The order the search tries a frame's actions in: the table's action first, then
//! killers and history where a game turns them on, then the evaluator's order.

use alloc::vec::Vec;

use chek_engine::{Game, Seat};

use super::memory::Memory;
use super::Features;
use crate::evaluate::Evaluator;

/// Every action of `state` the search looks at: the legal ones, narrowed by the
/// evaluator (never to none) for the searching seat `me` and the turn's `streak`.
pub(super) fn generate<G: Game, E: Evaluator<G>>(
    evaluator: &E,
    (state, me, streak): (&G, Seat, u8),
    actions: &mut G::Actions,
) {
    state.legal_into(actions);
    evaluator.considered(state, me, streak, actions);
    if actions.is_empty() {
        state.legal_into(actions);
    }
}

/// Orders a node's actions as its features say: with killers and history, or by the
/// evaluator alone; `first` (the table's action) first either way.
pub(super) fn order_actions<G: Game, E: Evaluator<G>>(
    evaluator: &E,
    (memory, features): (&Memory<G::Action>, Features),
    scratch: (&mut Vec<u64>, &mut Vec<G::Action>),
    (state, ply): (&G, u8),
    actions: &mut G::Actions,
    first: Option<G::Action>,
) {
    if features.killers || features.history {
        order_remembered(evaluator, memory, scratch, (state, ply), actions, first);
    } else {
        order(evaluator, scratch, state, actions, first);
    }
}

/// Puts the table's action first, then the rest by the evaluator's order, highest
/// first, equal keys in the legal order (so the search is deterministic); `scratch` is
/// working room.
pub(super) fn order<G: Game, E: Evaluator<G>>(
    evaluator: &E,
    scratch: (&mut Vec<u64>, &mut Vec<G::Action>),
    state: &G,
    actions: &mut G::Actions,
    first: Option<G::Action>,
) {
    let key =
        |_: usize, &action: &G::Action| if Some(action) == first { i32::MAX } else { evaluator.order(state, action) };
    crate::order_by_key(actions, key, scratch.0, scratch.1);
}

/// As [`order`], with what the search has learnt: the table's action, then the noisy
/// actions by the evaluator's order, then the killers of this ply, then the quiet
/// actions by their history count (ties by the evaluator's order).
pub(super) fn order_remembered<G: Game, E: Evaluator<G>>(
    evaluator: &E,
    memory: &Memory<G::Action>,
    scratch: (&mut Vec<u64>, &mut Vec<G::Action>),
    (state, ply): (&G, u8),
    actions: &mut G::Actions,
    first: Option<G::Action>,
) {
    const BAND: i32 = 1 << 28;
    let key = |_: usize, &action: &G::Action| {
        if Some(action) == first {
            return i32::MAX;
        }
        if evaluator.noisy(state, action) {
            return 3 * BAND + evaluator.order(state, action).clamp(-(BAND / 4), BAND / 4);
        }
        let killer = memory.killer(ply, action);
        if killer > 0 {
            return 2 * BAND + killer;
        }
        let history = memory.history(evaluator.history_slot(state, action)).min(BAND as u32 / 2) as i32;
        history + evaluator.order(state, action).clamp(-(BAND / 8), BAND / 8) - BAND
    };
    crate::order_by_key(actions, key, scratch.0, scratch.1);
}
