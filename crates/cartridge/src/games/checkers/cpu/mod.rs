//! Checkers' CPU players: the level table, the baselines, and the arena's experimental
//! search specs, on the generic alpha-beta of `chek-ai` (iterative deepening, a 1 MB
//! transposition table, quiescence over the compulsory captures).

pub mod eval;
mod greedy;

use alloc::vec::Vec;

use chek_ai::alphabeta;
use chek_ai::{Level, Thinker};

pub use self::eval::{CheckersEval, Weights};
pub use self::greedy::greedy;
use super::rules::{Rules, State};
use crate::search::Tunable;

/// How a level searches (see [`crate::search::Spec`]).
pub type Spec = crate::search::Spec<Weights>;
/// A CPU player in the arena: a level, or
/// `search:DEPTH:NODES:QUIESCENCE:TEMPERATURE[:KING:ADVANCE:GUARD:CENTRE:MOBILITY:RUNAWAY:TRADE:FAR_ROW:SEEN_AGAIN:RACE:FORCED:FUTILITY]`.
pub type Player = crate::search::Player<Weights>;

impl Tunable for Weights {
    const DEFAULT: Weights = Weights::DEFAULT;
    const SYNTAX: &'static str =
        "search:DEPTH:NODES:QUIESCENCE:TEMPERATURE[:KING:ADVANCE:GUARD:CENTRE:MOBILITY:RUNAWAY:TRADE:FAR_ROW:SEEN_AGAIN:RACE:FORCED:FUTILITY]";

    /// The first release's levels (the plain search), played with
    /// [`Weights::FIRST_RELEASE`], the far row counted by any rules.
    const FIRST_RELEASE: [(u8, u32, f32, f32); 3] = [(2, 3_000, 2.0, 0.03), (4, 20_000, 6.0, 0.004), (40, 100_000, 12.0, 0.0)];

    fn first_weights(spec: Spec) -> Spec {
        spec.with_weights(Weights::FIRST_RELEASE)
    }

    /// Forced captures extend a line by up to [`Weights::forced`] plies.
    fn extensions(&self) -> u8 {
        self.forced.clamp(0, u8::MAX.into()) as u8
    }

    fn tuned_mut(&mut self) -> Vec<&mut i32> {
        alloc::vec![&mut self.king, &mut self.advance, &mut self.guard, &mut self.centre, &mut self.mobility, &mut self.runaway, &mut self.trade, &mut self.far_row, &mut self.seen_again, &mut self.race, &mut self.forced, &mut self.futility]
    }

    /// The levels a player chooses, from gentle to strong. Easy looks two moves ahead
    /// and chooses playfully among moves close in score, so it leaves pieces a new
    /// player can take; Normal looks four moves ahead and slips now and then; Hard
    /// searches as deep as its node budget allows and takes the best; Master searches
    /// about five times as many nodes. Each knows which rules it plays: in the
    /// rulebook's game Hard steers for the far row when it is the best plan (and looks
    /// a ply further for each capture that is due, so it sees a sacrifice through),
    /// while Easy and Normal give the far row no worth of their own (they take a
    /// far-row win they see, but do not give up men to run for one: players find that
    /// no fun to lose to).
    fn level_spec(level: Level) -> Option<Spec> {
        let people = |spec: Spec| spec.with_weights(Weights { far_row: 0, race: 0, forced: 0, ..spec.weights });
        let spec = match level {
            Level::Random | Level::Greedy => return None,
            Level::Easy => people(Weights::spec(2, 3_000, 2.0, 0.03)),
            Level::Normal => people(Weights::spec(4, 20_000, 6.0, 0.004)),
            // A Checkers node retires up to about 1,600 Thumb instructions on the device
            // with killer moves (the eleven positions of scripts/bench/checkers.txt,
            // `cargo xtask device think`): Hard within 150M, Master (about five times
            // Hard's nodes) within 750M.
            Level::Hard => Weights::spec(40, 90_000, 12.0, 0.0),
            Level::Master => Weights::spec(40, 440_000, 12.0, 0.0),
        };
        Some(spec.with_features(FEATURES))
    }
}

/// The search refinements today's levels use in the rulebook's game (see
/// `chek_ai::alphabeta::Features`): killer moves, which won a sequential test there
/// once the race to the far row was in the score (+28 Elo, H1 after 977 games;
/// docs/strength.md).
pub const FEATURES: alphabeta::Features = alphabeta::Features { killers: true, ..alphabeta::Features::NONE };

/// The levels of `release` in English draughts: today's play with the weights fitted
/// to English games ([`Weights::ENGLISH`], each level's far-row choice kept) and
/// [`ENGLISH_FEATURES`]; the first release's as they were. Hard searches
/// [`ENGLISH_HARD_NODES`]: without the race to the far row an English node is cheaper.
pub fn english_levels(level: Level, release: u8) -> Option<Spec> {
    let mut spec = Weights::levels(level, release)?;
    if release == 1 {
        return Some(spec);
    }
    let (hard_nodes, master_nodes, features) = match release {
        2 => (RELEASE_2_ENGLISH_HARD_NODES, spec.config.max_nodes, RELEASE_2_ENGLISH_FEATURES),
        _ => (ENGLISH_HARD_NODES, ENGLISH_MASTER_NODES, ENGLISH_FEATURES),
    };
    match level {
        Level::Hard => spec.config.max_nodes = hard_nodes,
        Level::Master => spec.config.max_nodes = master_nodes,
        _ => {}
    }
    let weights = Weights { far_row: spec.weights.far_row, ..Weights::ENGLISH };
    Some(spec.with_weights(weights).with_features(features))
}

/// Hard's nodes in English draughts: within 150M Thumb instructions on the device on
/// every one of `scripts/bench/checkers.txt`'s positions played by English rules
/// (`cargo xtask device think --game english`: at most about 1,740 a node, reverse
/// futility's static scores and late-move pruning's skipped moves included).
pub const ENGLISH_HARD_NODES: u32 = 85_000;
/// Master's in English draughts: within 750M on the device on the first positions
/// (`--level master`); the rulebook's Master searches 440,000.
pub const ENGLISH_MASTER_NODES: u32 = 420_000;
/// The second release's (`hard@2`), kept as it played: set when its nodes were
/// counted on x86-64 (1,470 instructions a node there), over the budget on the device.
pub const RELEASE_2_ENGLISH_HARD_NODES: u32 = 92_000;

/// The refinements the levels use in English draughts, each of which won a sequential
/// test there: late-move reductions (+69 Elo, H1 after 159 games), then killer moves
/// (+20, H1 after 975; docs/strength.md).
/// Then reverse futility (+68 Elo, H1 after 129 games; in the rulebook's game it lost,
/// −130 after 115: the race to the far row is decided by quiet moves), and late-move
/// pruning on top of it (+21, H1 after 841; it costs under 1% more a node).
pub const ENGLISH_FEATURES: alphabeta::Features =
    alphabeta::Features { futility: true, lmp: true, ..RELEASE_2_ENGLISH_FEATURES };

/// The refinements of the second release's levels in English draughts (`hard@2`).
pub const RELEASE_2_ENGLISH_FEATURES: alphabeta::Features =
    alphabeta::Features { reductions: true, killers: true, ..FEATURES };

/// The CPU deciding for the side to move in `state`, with the levels of the rules it
/// is played by.
pub fn think(player: Player, state: &State, seed: u64) -> Thinker<State, CheckersEval> {
    let levels = match state.rules() {
        Rules::Rulebook => Weights::levels,
        Rules::English => english_levels,
    };
    crate::search::think_as(player, state, seed, levels, greedy)
}
