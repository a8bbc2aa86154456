//! Chak's CPU players: the level table, the baselines, and the arena's experimental
//! search specs, on the generic alpha-beta of `chek-ai` (iterative deepening, a 1 MB
//! transposition table, quiescence over captures and promotions, check extensions).

pub mod eval;
mod greedy;

use alloc::vec::Vec;

use chek_ai::alphabeta;
use chek_ai::Level;

pub use self::eval::{ChakEval, Weights};
pub use self::greedy::greedy;
use crate::search::Tunable;

/// How a level searches (see [`crate::search::Spec`]).
pub type Spec = crate::search::Spec<Weights>;
/// A CPU player in the arena: a level, or
/// `search:DEPTH:NODES:QUIESCENCE:TEMPERATURE[:ADVANCE:EXPOSED:TEMPLE:UNSTOPPABLE:SEEN_AGAIN:BY_PIECES:LOSING:FUTILITY:MOBILITY]`.
pub type Player = crate::search::Player<Weights>;

impl Tunable for Weights {
    const DEFAULT: Weights = Weights::DEFAULT;
    const SYNTAX: &'static str =
        "search:DEPTH:NODES:QUIESCENCE:TEMPERATURE[:ADVANCE:EXPOSED:TEMPLE:UNSTOPPABLE:SEEN_AGAIN:BY_PIECES:LOSING:FUTILITY:MOBILITY]";

    /// The first release's levels (the plain search and the first weights).
    const FIRST_RELEASE: [(u8, u32, f32, f32); 3] = [(1, 1_500, 4.0, 0.03), (2, 4_000, 6.0, 0.004), (40, 8_000, 12.0, 0.0)];

    /// Checks extend a line by up to four plies.
    fn extensions(&self) -> u8 {
        4
    }

    fn tuned_mut(&mut self) -> Vec<&mut i32> {
        alloc::vec![&mut self.advance, &mut self.exposed, &mut self.temple, &mut self.unstoppable, &mut self.seen_again, &mut self.by_pieces, &mut self.losing, &mut self.futility, &mut self.mobility]
    }

    /// The first release's levels, the second's (`hard@2`, `master@2`: without futility,
    /// at the nodes they had), or today's.
    fn levels(level: Level, release: u8) -> Option<Spec> {
        match release {
            1 => Self::first_release(level),
            2 => Some(Self::searching(level, RELEASE_2_NODES)?.with_features(RELEASE_2_FEATURES)),
            _ => Self::level_spec(level),
        }
    }

    /// The levels a player chooses, from gentle to strong. Easy looks one move ahead
    /// (and at the captures that follow) and chooses playfully among moves close in
    /// score; Normal looks two moves ahead and slips now and then (both as the first
    /// release played them); Hard searches as deep as its node budget allows (about five
    /// moves in the middle game) and takes the best; Master searches five times
    /// Hard's nodes. A Chak node retires about 3,230 Thumb instructions on the device and
    /// 20 more per piece on the board (3,900 on a full board, 3,300 with three pieces),
    /// so Hard and Master
    /// count their nodes as a full board's and search more of them where there are
    /// fewer pieces ([`Weights::by_pieces`]): every decision spends about the same,
    /// Hard's within 150M instructions and Master's within 750M.
    fn level_spec(level: Level) -> Option<Spec> {
        Some(Self::searching(level, (HARD_NODES, MASTER_NODES))?.with_features(FEATURES))
    }
}

impl Weights {
    /// A level's search with Hard and Master searching `(hard, master)` nodes, before
    /// its refinements.
    fn searching(level: Level, (hard, master): (u32, u32)) -> Option<Spec> {
        match level {
            Level::Hard => Some(by_pieces(Weights::spec(40, hard, 12.0, 0.0))),
            Level::Master => Some(by_pieces(Weights::spec(40, master, 12.0, 0.0))),
            _ => Weights::first_release(level),
        }
    }
}

/// `spec` with its nodes counted as a full board's ([`Weights::by_pieces`]).
fn by_pieces(spec: Spec) -> Spec {
    Spec { weights: Weights { by_pieces: 1, ..spec.weights }, ..spec }
}

/// Hard's nodes a decision on a full board: within 150M Thumb instructions on the
/// device on every one of `scripts/bench/chak.txt`'s positions (`cargo xtask device
/// think`). Futility's static scores cost a little more a node than the second
/// release's search, whose Hard searched 35,000 ([`RELEASE_2_NODES`]).
const HARD_NODES: u32 = 33_000;
/// Master's: deeper trees cost more a node, so about five times Hard's keeps a
/// decision within 750M on the device (on the first three positions).
const MASTER_NODES: u32 = 170_000;
/// The second release's Hard and Master (`hard@2`, `master@2`), kept as they played.
const RELEASE_2_NODES: (u32, u32) = (35_000, 180_000);

/// The search refinements today's levels use (see `chek_ai::alphabeta::Features`): each
/// kept only if it won a sequential test against the set before it, but `staged`, which
/// changes no search here, only its cost (a test; docs/strength.md).
pub const FEATURES: alphabeta::Features = alphabeta::Features { futility: true, prune: true, ..RELEASE_2_FEATURES };

/// The refinements of the second release's levels (`hard@2`): today's but reverse
/// futility (+25 Elo, H1 after 1,083 games) and futility pruning on top of it (+28,
/// H1 after 947), which came after it.
pub const RELEASE_2_FEATURES: alphabeta::Features =
    alphabeta::Features { killers: true, reductions: true, aspiration: 50, staged: true, ..alphabeta::Features::NONE };
