//! Chak on the cartridge: one test per rule (A1–A9) on small positions, the rules
//! against an independent reference, and its CPU and saves.

#[path = "../common/mod.rs"]
mod common;
mod cpu;
mod reference;
mod rules;
mod saves;

pub use common::{act as mv, after, moves, pos};

/// The game these tests are of.
pub type Game = chek_cartridge::games::chak::rules::State;
/// Its definition on the cartridge.
pub type Def = chek_cartridge::games::chak::Def;

/// The start's text (A8).
pub const START: &str = "rjvsksvjr/1ppppppp1/9/9/9/9/9/1PPPPPPP1/RJVSKSVJR w";
