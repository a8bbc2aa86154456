//! Checkers on the cartridge: one test per rule (K1–K10) on small positions, the rules
//! against an independent reference, and its CPU and saves.

#[path = "../common/mod.rs"]
mod common;
mod cpu;
mod english;
mod reference;
mod rules;
mod saves;

pub use common::{act as mv, after, moves, pos};

/// The game these tests are of.
pub type Game = chek_cartridge::games::checkers::rules::State;
/// Its definition on the cartridge.
pub type Def = chek_cartridge::games::checkers::Def;

use chek_cartridge::games::checkers::rules::{Move, State};
use chek_engine::Game as _;

/// The moves of `state` that take nothing, leave nothing to take, and (unless
/// `may_end`) do not end the game: a quiet walk of kings (K9).
pub fn quiet_moves(state: &State, may_end: bool) -> Vec<Move> {
    state
        .legal()
        .into_iter()
        .filter(|m| {
            let mut next = state.clone();
            next.play(*m);
            !m.is_capture() && !next.must_capture() && (may_end || next.end().is_none())
        })
        .collect()
}
