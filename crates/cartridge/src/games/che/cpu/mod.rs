//! Che's CPU players: the level table, the baselines, and the arena's experimental
//! search specs, on the generic alpha-beta of `chek-ai` (iterative deepening over
//! tiles, a 1 MB transposition table, the evaluator choosing the tiles worth trying).
//! A move is two tiles by the same side, so two plies of the search.

pub mod eval;
mod greedy;

use alloc::vec::Vec;

use chek_ai::alphabeta;
use chek_ai::Level;

pub use self::eval::{node_cost, CheEval, Weights};
pub use self::greedy::greedy;
use super::rules::State;
use crate::search::Tunable;

/// How a level searches (see [`crate::search::Spec`]).
pub type Spec = crate::search::Spec<Weights>;
/// A CPU player in the arena: a level, or
/// `search:DEPTH:NODES:BREADTH:TEMPERATURE[:THREAT:NEAR:CELLS:FRONTIER:ROOT]`.
pub type Player = crate::search::Player<Weights>;

impl Tunable for Weights {
    const DEFAULT: Weights = Weights::DEFAULT;
    const SYNTAX: &'static str = "search:DEPTH:NODES:BREADTH:TEMPERATURE[:THREAT:NEAR:CELLS:FRONTIER:ROOT]";

    /// A search `depth` tiles deep within `nodes` nodes, trying the best `breadth` tiles
    /// of each position.
    fn spec(depth: u8, nodes: u32, breadth: f32, temperature: f32) -> Spec {
        Spec::new(depth, nodes, temperature, Weights { breadth: breadth as i32, ..Weights::DEFAULT })
    }

    fn third(spec: &Spec) -> f32 {
        spec.weights.breadth as f32
    }

    /// The first release's levels (the plain search and the first weights).
    const FIRST_RELEASE: [(u8, u32, f32, f32); 3] = [(1, 400, 8.0, 0.3), (3, 1_500, 8.0, 0.02), (40, 2_500, 10.0, 0.0)];

    fn tuned_mut(&mut self) -> Vec<&mut i32> {
        alloc::vec![&mut self.threat, &mut self.near, &mut self.cells, &mut self.by_frontier, &mut self.root_breadth]
    }

    /// The levels a player chooses, from gentle to strong. Easy looks at its own tile
    /// and the threats it leaves, choosing playfully; Normal looks through its whole
    /// move (two tiles) and the reply's first tile (both as the first release played
    /// them); Hard searches as deep as its node budget allows among the most promising
    /// tiles, and takes the best (more nodes where they cost less: a smaller
    /// frontier); Master searches five times as many nodes.
    fn level_spec(level: Level) -> Option<Spec> {
        let spec = match level {
            Level::Hard => Spec::new(40, HARD_NODES, 0.0, HARD),
            Level::Master => Spec::new(40, 5 * HARD_NODES, 0.0, MASTER),
            _ => Weights::first_release(level)?,
        };
        Some(spec.with_features(FEATURES))
    }
}

/// Hard's weights (docs/strength.md has the sequential tests): near-threats counted
/// by the cell, which beat counting every tile and region by 30 Elo; nodes counted at
/// a reference frontier ([`Weights::by_frontier`]), so that each decision spends
/// about the same; and the best 36 tiles by [`eval::tile_score`] tried in the root's
/// position and the next, 10 deeper (every win and every block besides). A wide root
/// with narrow inner nodes beat the 14 tiles everywhere of the release before by
/// 45 + 24 + 25 + 20 + 35 Elo, step by step; wider or narrower lost.
const HARD: Weights = Weights { cells: 1, breadth: 10, by_frontier: 1, root_breadth: 36, ..Weights::DEFAULT };

/// Master's weights: Hard's, wider (48 tiles near the root, 18 deeper), for five
/// times the nodes; they beat 14 tiles everywhere at Master's nodes and scored 0.65
/// against Hard where Hard's own widths scored 0.53.
const MASTER: Weights = Weights { breadth: 18, root_breadth: 48, ..HARD };

/// Hard's nodes a decision at a frontier of [`eval::REFERENCE_FRONTIER`] cells (about
/// 16,000 instructions a node there, [`node_cost`]): about 115M a decision whatever
/// the frontier, within Hard's 150M; Master, five times as many, within 750M. It was
/// 5,000 whatever the frontier before nodes got a third cheaper; 7,000 counted so won
/// a sequential test against that by 39 Elo (docs/strength.md).
const HARD_NODES: u32 = 7_000;

/// The search refinements today's levels use (see `chek_ai::alphabeta::Features`): each
/// kept only if it won a sequential test against the set before it (docs/strength.md).
pub const FEATURES: alphabeta::Features =
    alphabeta::Features { killers: true, pvs: true, score_cache: true, ..alphabeta::Features::NONE };

/// The instructions a frame's slice of Hard's thinking aims at: two thirds of the
/// slice's budget of 1.5M, for the nodes that cost more than [`node_cost`] says.
const SLICE_INSTRUCTIONS: u64 = 1_000_000;

/// The nodes a frame searches deciding in `state`: as many as [`SLICE_INSTRUCTIONS`]
/// buy at its frontier (more at the start, fewer as the tiling grows).
pub fn slice_nodes(state: &State) -> u32 {
    let nodes = SLICE_INSTRUCTIONS / node_cost(state.tiling().frontier().len());
    u32::try_from(nodes).unwrap_or(u32::MAX).clamp(8, 120)
}
