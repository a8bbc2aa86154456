//! perft: counting step sequences, to pin a game's rules down.

use crate::{Game, Step, ToAct};

/// The number of distinct sequences of decisions and chance outcomes that complete
/// `depth` turns from `state`. A step that leaves its turn going ([`Game::mid_turn`])
/// does not count towards the depth, so each chance outcome of an attack and each link
/// of a chain stays in its turn. A finished game is one leaf whatever depth remains;
/// `perft(_, 0)` is 1.
///
/// It recurses once per turn: a tool for tests and the desktop, not for the device.
pub fn perft<G: Game>(state: &G, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    match state.to_act() {
        ToAct::Over => 1,
        ToAct::Chance => state.outcomes().iter().map(|&(outcome, _)| child(state, Step::Chance(outcome), depth)).sum(),
        ToAct::Seat(_) => {
            let actions = state.legal();
            if G::BULK_PERFT && depth == 1 {
                return actions.len() as u64;
            }
            actions.iter().map(|&action| child(state, Step::Act(action), depth)).sum()
        }
    }
}

fn child<G: Game>(state: &G, step: Step<G::Action, G::Outcome>, depth: u32) -> u64 {
    let mut next = state.clone();
    next.apply(step);
    let left = if next.mid_turn() { depth } else { depth - 1 };
    perft(&next, left)
}
