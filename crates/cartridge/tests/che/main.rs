//! Che on the cartridge: one test per rule (H1–H10) on small positions, the rules
//! against an independent reference, and its CPU and saves.

mod codes;
#[path = "../common/mod.rs"]
mod common;
mod cpu;
mod reference;
mod rules;
mod saves;

pub use common::{act as tile, after, moves, pos};

/// The game these tests are of.
pub type Game = chek_cartridge::games::che::rules::State;
/// Its definition on the cartridge.
pub type Def = chek_cartridge::games::che::Def;

use chek_cartridge::games::che::rules::{State, Tile};
use chek_engine::Game as _;

/// A ring about to close a White cap region at 0,-1 (White to move).
pub const CAP: &str = "0,0,BR;1,0,BL;1,-1,BR W 0";
/// Blue to move; 1,1,BL would close a Blue and a White region at once.
pub const BOTH: &str = "-1,2,WL;0,2,WR;1,2,WL;-1,1,WR;0,1,BR;2,1,WL;-3,0,WL;-2,0,WR;-1,0,BR;0,0,BL;1,0,BR;2,0,WR;3,0,BR;7,0,BR;-4,-1,WL;-3,-1,BL;-2,-1,WL;-1,-1,WR;0,-1,WL;1,-1,WR;2,-1,WL;3,-1,BL;6,-1,BR;7,-1,BL;1,-2,BR;2,-2,WR;3,-2,WL;4,-2,WR;5,-2,BR;6,-2,WR;7,-2,BR;8,-2,BL;9,-2,WL;0,-3,BR;1,-3,BL;2,-3,WL;3,-3,BL;6,-3,BR;0,-4,WR;1,-4,BR;2,-4,BL;4,-4,BL;5,-4,BR;6,-4,BL;0,-5,WL;1,-5,WR B 1";

/// Random games (seeded), every position along the way.
pub fn random_positions(games: usize, seed: u64) -> Vec<State> {
    let mut rng = seed;
    let mut next = move || {
        rng = rng.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        (rng >> 33) as usize
    };
    let mut out = Vec::new();
    for _ in 0..games {
        let mut state = State::start();
        while state.end().is_none() {
            out.push(state.clone());
            let moves = state.legal();
            // Mostly tiles that close nothing, so games grow long.
            let quiet: Vec<Tile> = moves
                .iter()
                .copied()
                .filter(|t| !state.tiling().probe(t.cell, t.kind).groups().any(|(_, open, _)| open == 0))
                .collect();
            let list = if quiet.is_empty() || next() % 10 == 0 { moves.to_vec() } else { quiet };
            state.play(list[next() % list.len()]);
        }
        out.push(state);
    }
    out
}
