//! Che's CPU players: the level table, the baselines, and the arena's experimental
//! search specs, on the generic alpha-beta of `chek-ai` (iterative deepening over
//! tiles, a 1 MB transposition table, the evaluator choosing the tiles worth trying).
//! A move is two tiles by the same side, so two plies of the search.

pub mod eval;
mod greedy;

use alloc::vec::Vec;

use chek_ai::alphabeta;
use chek_ai::{Level, Thinker};

pub use self::eval::{CheEval, Weights};
pub use self::greedy::greedy;
use super::rules::State;
use crate::search::Tunable;

/// How a level searches (see [`crate::search::Spec`]).
pub type Spec = crate::search::Spec<Weights>;
/// A CPU player in the arena: a level, or
/// `search:DEPTH:NODES:BREADTH:TEMPERATURE[:THREAT:NEAR]`.
pub type Player = crate::search::Player<Weights>;

impl Tunable for Weights {
    const DEFAULT: Weights = Weights::DEFAULT;
    const SYNTAX: &'static str = "search:DEPTH:NODES:BREADTH:TEMPERATURE[:THREAT:NEAR]";

    /// A search `depth` tiles deep within `nodes` nodes, trying the best `breadth` tiles
    /// of each position.
    fn spec(depth: u8, nodes: u32, breadth: f32, temperature: f32) -> Spec {
        Spec::new(depth, nodes, temperature, Weights { breadth: breadth as i32, ..Weights::DEFAULT })
    }

    fn third(spec: &Spec) -> f32 {
        spec.weights.breadth as f32
    }

    fn tuned_mut(&mut self) -> Vec<&mut i32> {
        alloc::vec![&mut self.threat, &mut self.near]
    }
}

/// The levels a player chooses, from gentle to strong. Easy looks at its own tile and
/// the threats it leaves, choosing playfully; Normal looks through its whole move
/// (two tiles) and the reply's first tile; Hard searches as deep as its node budget
/// allows among the most promising tiles, and takes the best; Master searches five
/// times as many nodes.
pub fn level_spec(level: Level) -> Option<Spec> {
    let spec = match level {
        Level::Hard => Weights::spec(40, HARD_NODES, 10.0, 0.0),
        Level::Master => Weights::spec(40, 5 * HARD_NODES, 10.0, 0.0),
        _ => first_release(level)?,
    };
    Some(spec.with_features(FEATURES))
}

/// Hard's nodes a decision (a Che node costs 20,000-26,000 instructions: Hard stays
/// within 150M, Master, five times as many, within 750M).
const HARD_NODES: u32 = 5_000;

/// The search refinements today's levels use (see `chek_ai::alphabeta::Features`): each
/// kept only if it won a sequential test against the set before it (docs/strength.md).
pub const FEATURES: alphabeta::Features =
    alphabeta::Features { killers: true, pvs: true, ..alphabeta::Features::NONE };

/// The levels of the first release, played again as `easy@1`, `normal@1`, `hard@1`
/// (the plain search and the first weights), so that progress is measured against them.
pub fn first_release(level: Level) -> Option<Spec> {
    match level {
        Level::Random | Level::Greedy => None,
        Level::Easy => Some(Weights::spec(1, 400, 8.0, 0.3)),
        Level::Normal => Some(Weights::spec(3, 1_500, 8.0, 0.02)),
        Level::Hard => Some(Weights::spec(40, 2_500, 10.0, 0.0)),
        Level::Master => None,
    }
}

/// The levels of `release` (1: the first; 0 or any other: today's).
pub fn levels(level: Level, release: u8) -> Option<Spec> {
    crate::search::of_release(level, release, first_release, level_spec)
}

/// The CPU deciding for the side to move in `state`.
pub fn think(player: Player, state: &State, seed: u64) -> Thinker<State, CheEval> {
    crate::search::think_as(player, state, seed, levels, greedy)
}
