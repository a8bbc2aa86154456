//! Che's CPU players: the level table, the baselines, and the arena's experimental
//! search specs, on the generic alpha-beta of `chek-ai` (iterative deepening over
//! tiles, a 1 MB transposition table, the evaluator choosing the tiles worth trying).
//! A move is two tiles by the same side, so two plies of the search.

pub mod eval;
mod greedy;

use alloc::string::String;
use core::fmt;

use chek_ai::alphabeta;
use chek_ai::{Level, Thinker};

pub use self::eval::{CheEval, Weights};
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
    /// The softmax temperature (in score units over 10 000).
    pub temperature: f32,
    /// The evaluation's weights.
    pub weights: Weights,
}

impl Spec {
    /// A search `max_depth` tiles deep within `max_nodes` nodes, trying the best
    /// `breadth` tiles of each position.
    pub const fn new(max_depth: u8, max_nodes: u32, breadth: i32, temperature: f32) -> Spec {
        let mut weights = Weights::DEFAULT;
        weights.breadth = breadth;
        Spec {
            config: alphabeta::Config {
                max_depth,
                max_nodes,
                quiescence: 0,
                extensions: 0,
                table_bytes: TABLE_BYTES,
                exact_root: temperature > 0.0,
            },
            temperature,
            weights,
        }
    }
}

/// The levels a player chooses, from gentle to strong. Easy looks at its own tile and
/// the threats it leaves, choosing playfully; Normal looks through its whole move
/// (two tiles) and the reply's first tile; Hard searches as deep as its node budget
/// allows among the most promising tiles, and takes the best.
pub fn level_spec(level: Level) -> Option<Spec> {
    match level {
        Level::Random | Level::Greedy => None,
        Level::Easy => Some(Spec::new(1, 400, 8, 0.3)),
        Level::Normal => Some(Spec::new(3, 1_500, 8, 0.02)),
        Level::Hard => Some(Spec::new(40, 2_500, 10, 0.0)),
    }
}

/// A CPU player in the arena: a level, or an experimental search.
#[derive(Clone, Copy, PartialEq, Debug)]
pub enum Player {
    /// A level.
    Level(Level),
    /// `search:DEPTH:NODES:BREADTH:TEMPERATURE[:THREAT:NEAR]`.
    Search(Spec),
}

/// The spec's syntax, for messages.
const SPEC: &str = "search:DEPTH:NODES:BREADTH:TEMPERATURE[:THREAT:NEAR]";

impl Player {
    /// Parses a level name or an experimental search spec.
    ///
    /// # Errors
    /// One line naming what was expected.
    pub fn parse(name: &str) -> Result<Player, String> {
        if let Some(level) = Level::from_name(name) {
            return Ok(Player::Level(level));
        }
        let numbers = crate::search::spec_numbers(name, SPEC, 4, 6)?;
        let number = |i: usize| numbers.get(i).copied().unwrap_or_default();
        let optional = |i: usize, default: i32| numbers.get(i).map_or(default, |&n| n as i32);
        let mut spec = Spec::new(number(0) as u8, number(1) as u32, number(2) as i32, number(3));
        spec.weights.threat = optional(4, spec.weights.threat);
        spec.weights.near = optional(5, spec.weights.near);
        Ok(Player::Search(spec))
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Player::Level(level) => write!(f, "{level}"),
            Player::Search(Spec { config: c, temperature, weights: w }) => write!(
                f,
                "search:{}:{}:{}:{}:{}:{}",
                c.max_depth, c.max_nodes, w.breadth, temperature, w.threat, w.near
            ),
        }
    }
}

/// The CPU deciding for the side to move in `state`.
pub fn think(player: Player, state: &State, seed: u64) -> Thinker<State, CheEval> {
    let (level, spec) = match player {
        Player::Search(spec) => (None, Some(spec)),
        Player::Level(level) => (Some(level), level_spec(level)),
    };
    let search = spec.map(|s| (s.config, s.temperature, CheEval { weights: s.weights }));
    crate::search::think(state, seed, level, search, greedy)
}
