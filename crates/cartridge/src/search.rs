//! What the two-seat games' CPU players (Checkers, Chak, Che) share: reading an arena
//! spec `search:N:N:…`, and a level's thinker — the generic alpha-beta when the level
//! table (or a spec) gives a search, else a baseline.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use chek_ai::alphabeta::{AlphaBeta, Config};
use chek_ai::{Evaluator, Level, Rng, Search, Thinker};
use chek_engine::Game;

/// The numbers of the arena spec `name` (`search:` then `min..=max` numbers joined by
/// `:`), for a game whose spec is written `syntax`.
///
/// # Errors
/// One line naming the levels and `syntax`.
pub fn spec_numbers(name: &str, syntax: &str, min: usize, max: usize) -> Result<Vec<f32>, String> {
    let bad = || format!("level: unknown {name:?} (expected random, greedy, easy, normal, hard or {syntax})");
    let parts: Vec<&str> = name.strip_prefix("search:").ok_or_else(bad)?.split(':').collect();
    if parts.len() < min || parts.len() > max {
        return Err(bad());
    }
    parts.iter().map(|p| p.parse::<f32>().map_err(|_| bad())).collect()
}

/// The CPU deciding in `state`: with `search` (the alpha-beta's settings, the softmax
/// temperature and the evaluation) a search; without, the baseline of `level` —
/// `greedy` for [`Level::Greedy`], any legal action uniformly otherwise.
pub fn think<G: Game, E: Evaluator<G>>(
    state: &G,
    seed: u64,
    level: Option<Level>,
    search: Option<(Config, f32, E)>,
    greedy: fn(&G, &mut Rng) -> Option<G::Action>,
) -> Thinker<G, E> {
    let mut rng = chek_ai::rng(seed);
    match search {
        Some((config, temperature, eval)) => {
            let search = Search::AlphaBeta(AlphaBeta::new(state.clone(), config, eval));
            Thinker::searching(state, search, temperature, rng)
        }
        None => {
            let action = match level {
                Some(Level::Greedy) => greedy(state, &mut rng),
                _ => chek_ai::random_action(state, &mut rng),
            };
            Thinker::decided(state, action, rng)
        }
    }
}

/// A two-seat game's evaluation weights as the arena's specs write them: the level
/// table and `search:DEPTH:NODES:THIRD:TEMPERATURE[:WEIGHT…]`, where the third number
/// is the game's own (the quiescence, or Che's breadth).
pub trait Tunable: Copy + PartialEq + core::fmt::Debug + Send + Sync + 'static {
    /// The levels' weights.
    const DEFAULT: Self;
    /// The spec's syntax, for messages.
    const SYNTAX: &'static str;

    /// The search of a spec's four first numbers, with the default weights.
    fn spec(depth: u8, nodes: u32, third: f32, temperature: f32) -> Spec<Self>;

    /// The spec's third number.
    fn third(spec: &Spec<Self>) -> f32;

    /// The weights a spec sets after its four numbers, in order.
    fn tuned(&self) -> Vec<i32>;

    /// Sets the `i`-th weight of [`Tunable::tuned`].
    fn set_tuned(&mut self, i: usize, value: i32);
}

/// How a level searches: the alpha-beta's settings, the softmax temperature over the
/// root's scores (0: the best), and the weights.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Spec<W> {
    /// The generic search's settings.
    pub config: Config,
    /// The softmax temperature (in score units over 10 000).
    pub temperature: f32,
    /// The evaluation's weights.
    pub weights: W,
}

/// A CPU player in the arena: a level, or an experimental search.
#[derive(Clone, Copy, PartialEq, Debug)]
pub enum Player<W> {
    /// A level.
    Level(Level),
    /// A search of [`Tunable::SYNTAX`].
    Search(Spec<W>),
}

impl<W: Tunable> Player<W> {
    /// Parses a level name or an experimental search spec.
    ///
    /// # Errors
    /// One line naming what was expected.
    pub fn parse(name: &str) -> Result<Player<W>, String> {
        if let Some(level) = Level::from_name(name) {
            return Ok(Player::Level(level));
        }
        let tunable = W::DEFAULT.tuned().len();
        let numbers = spec_numbers(name, W::SYNTAX, 4, 4 + tunable)?;
        let mut spec = W::spec(numbers[0] as u8, numbers[1] as u32, numbers[2], numbers[3]);
        for (i, &value) in numbers[4..].iter().enumerate() {
            spec.weights.set_tuned(i, value as i32);
        }
        Ok(Player::Search(spec))
    }
}

impl<W: Tunable> core::fmt::Display for Player<W> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            Player::Level(level) => write!(f, "{level}"),
            Player::Search(spec) => {
                let c = &spec.config;
                write!(f, "search:{}:{}:{}:{}", c.max_depth, c.max_nodes, W::third(spec), spec.temperature)?;
                spec.weights.tuned().iter().try_for_each(|w| write!(f, ":{w}"))
            }
        }
    }
}

/// The CPU `player` deciding in `state`: a level's search from `levels`, or the spec's,
/// with the evaluation `eval` makes of its weights; a baseline without one.
pub fn think_as<G: Game, E: Evaluator<G>, W: Tunable>(
    player: Player<W>,
    state: &G,
    seed: u64,
    levels: fn(Level) -> Option<Spec<W>>,
    eval: fn(W) -> E,
    greedy: fn(&G, &mut Rng) -> Option<G::Action>,
) -> Thinker<G, E> {
    let (level, spec) = match player {
        Player::Search(spec) => (None, Some(spec)),
        Player::Level(level) => (Some(level), levels(level)),
    };
    think(state, seed, level, spec.map(|s| (s.config, s.temperature, eval(s.weights))), greedy)
}
