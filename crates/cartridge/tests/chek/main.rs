//! Chek on the cartridge: its CPU (levels, evaluation, baselines), its saves, and its
//! variants' CPU.

mod cpu;
mod saves;
mod variants;

use chek_ai::{finish, Level};
use chek_cartridge::games::chek::cpu::{think, Player, Spec};
use chek_rules::{Action, Position, State};

pub fn pos(text: &str) -> Position {
    text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The action `level` takes in `p` with `seed`.
pub fn decide(p: &Position, level: Level, seed: u64) -> Option<Action> {
    finish(think(Player::Level(level), &State::from(*p), seed))
}

/// The action a search with `spec` takes in `p` (no softmax).
pub fn choice(p: &Position, spec: Spec) -> Action {
    finish(think(Player::Search(spec), &State::from(*p), 1)).unwrap()
}

/// Hard's actions in `p` with three different seeds.
pub fn hard_choices(p: &Position) -> impl Iterator<Item = Action> + '_ {
    (0..3).map(|seed| decide(p, Level::Hard, seed).unwrap())
}
