//! Chak's CPU players: the level table, the baselines, and the arena's experimental
//! search specs, on the generic alpha-beta of `chek-ai` (iterative deepening, a 1 MB
//! transposition table, quiescence over captures and promotions, check extensions).

pub mod eval;
mod greedy;

use alloc::string::String;
use core::fmt;

use chek_ai::alphabeta;
use chek_ai::{Level, Thinker};

pub use self::eval::{ChakEval, Weights};
pub use self::greedy::greedy;
use super::rules::State;

/// The transposition table of every level: 1 MB.
pub const TABLE_BYTES: usize = 1 << 20;

/// How a level searches: the alpha-beta's settings, the softmax temperature over the
/// root's scores (0: the best), and the weights.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Spec {
    /// The generic search's settings.
    pub config: alphabeta::Config,
    /// The softmax temperature (in score units over 10 000; a pawn is 0.01).
    pub temperature: f32,
    /// The evaluation's weights.
    pub weights: Weights,
}

impl Spec {
    /// A search `max_depth` moves deep within `max_nodes` nodes, looking `quiescence`
    /// captures further.
    pub const fn new(max_depth: u8, max_nodes: u32, quiescence: u8, temperature: f32) -> Spec {
        Spec {
            config: alphabeta::Config {
                max_depth,
                max_nodes,
                quiescence,
                extensions: 4,
                table_bytes: TABLE_BYTES,
                exact_root: temperature > 0.0,
            },
            temperature,
            weights: Weights::DEFAULT,
        }
    }
}

/// The levels a player chooses, from gentle to strong. Easy looks one move ahead (and
/// at the captures that follow) and chooses playfully among moves close in score;
/// Normal looks two moves ahead and slips now and then; Hard searches as deep as its
/// node budget allows (about four moves in the middle game) and takes the best. A Chak
/// node costs 10,000-15,000 instructions, so Hard's budget keeps a decision within
/// 150M.
pub fn level_spec(level: Level) -> Option<Spec> {
    match level {
        Level::Random | Level::Greedy => None,
        Level::Easy => Some(Spec::new(1, 1_500, 4, 0.03)),
        Level::Normal => Some(Spec::new(2, 4_000, 6, 0.004)),
        Level::Hard => Some(Spec::new(40, 8_000, 12, 0.0)),
    }
}

/// A CPU player in the arena: a level, or an experimental search.
#[derive(Clone, Copy, PartialEq, Debug)]
pub enum Player {
    /// A level.
    Level(Level),
    /// `search:DEPTH:NODES:QUIESCENCE:TEMPERATURE[:ADVANCE:EXPOSED:TEMPLE:UNSTOPPABLE]`.
    Search(Spec),
}

/// The spec's syntax, for messages.
const SPEC: &str = "search:DEPTH:NODES:QUIESCENCE:TEMPERATURE[:ADVANCE:EXPOSED:TEMPLE:UNSTOPPABLE]";

impl Player {
    /// Parses a level name or an experimental search spec.
    ///
    /// # Errors
    /// One line naming what was expected.
    pub fn parse(name: &str) -> Result<Player, String> {
        if let Some(level) = Level::from_name(name) {
            return Ok(Player::Level(level));
        }
        let numbers = crate::search::spec_numbers(name, SPEC, 4, 8)?;
        let number = |i: usize| numbers.get(i).copied().unwrap_or_default();
        let optional = |i: usize, default: i32| numbers.get(i).map_or(default, |&n| n as i32);
        let mut spec = Spec::new(number(0) as u8, number(1) as u32, number(2) as u8, number(3));
        let w = Weights::DEFAULT;
        spec.weights = Weights {
            advance: optional(4, w.advance),
            exposed: optional(5, w.exposed),
            temple: optional(6, w.temple),
            unstoppable: optional(7, w.unstoppable),
        };
        Ok(Player::Search(spec))
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Player::Level(level) => write!(f, "{level}"),
            Player::Search(Spec { config: c, temperature, weights: w }) => write!(
                f,
                "search:{}:{}:{}:{}:{}:{}:{}:{}",
                c.max_depth,
                c.max_nodes,
                c.quiescence,
                temperature,
                w.advance,
                w.exposed,
                w.temple,
                w.unstoppable
            ),
        }
    }
}

/// The CPU deciding for the side to move in `state`.
pub fn think(player: Player, state: &State, seed: u64) -> Thinker<State, ChakEval> {
    let (level, spec) = match player {
        Player::Search(spec) => (None, Some(spec)),
        Player::Level(level) => (Some(level), level_spec(level)),
    };
    let search = spec.map(|s| (s.config, s.temperature, ChakEval { weights: s.weights }));
    crate::search::think(state, seed, level, search, greedy)
}
