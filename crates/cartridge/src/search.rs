//! What the two-seat games' CPU players (Checkers, Chak, Che) share: reading an arena
//! player (a level, a level of an earlier release `hard@1`, a level with a search
//! refinement turned off or on `hard-lmr`, or a spec `search:N:N:…`), and a level's
//! thinker — the generic alpha-beta when the level table (or a spec) gives a search,
//! else a baseline.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use chek_ai::alphabeta::{AlphaBeta, Config, Features};
use chek_ai::{Evaluator, Level, Rng, Search, Thinker};
use chek_engine::{Game, Seat};

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
            let eval = eval.for_root(state);
            let config = Config { max_nodes: eval.nodes_from(state, config.max_nodes), ..config };
            let search = Search::AlphaBeta(AlphaBeta::new(eval.search_root(state), config, eval));
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

    /// The first release's Easy, Normal and Hard as a spec's four first numbers: depth,
    /// nodes, the third number and temperature.
    const FIRST_RELEASE: [(u8, u32, f32, f32); 3];

    /// The search of a spec's four first numbers, with the default weights: `depth`
    /// moves deep within `nodes` nodes, the third number the plies of captures (and
    /// the game's other noisy moves) looked at past the leaves, checks extended.
    fn spec(depth: u8, nodes: u32, third: f32, temperature: f32) -> Spec<Self> {
        Spec::new(depth, nodes, temperature, Self::DEFAULT).with_quiescence(third as u8, Self::DEFAULT.extensions())
    }

    /// The most plies the search extends a line with these weights, where the
    /// evaluator asks for it (a check, a capture that is due); 0 by default: the
    /// game extends nothing.
    fn extensions(&self) -> u8 {
        0
    }

    /// The spec's third number.
    fn third(spec: &Spec<Self>) -> f32 {
        spec.config.quiescence as f32
    }

    /// The weights a spec sets after its four numbers, in order, to read or change.
    fn tuned_mut(&mut self) -> Vec<&mut i32>;

    /// Today's level `level`: its search, or `None` for a baseline.
    fn level_spec(level: Level) -> Option<Spec<Self>>;

    /// A first-release spec with the first release's weights (by default today's, as
    /// [`Tunable::spec`] sets them).
    fn first_weights(spec: Spec<Self>) -> Spec<Self> {
        spec
    }

    /// The level `level` as the first release played it (`easy@1`, `normal@1`,
    /// `hard@1`): the plain search of [`Tunable::FIRST_RELEASE`], so that progress is
    /// measured against it. It had no Master.
    fn first_release(level: Level) -> Option<Spec<Self>> {
        let (depth, nodes, third, temperature) = match level {
            Level::Random | Level::Greedy | Level::Master => return None,
            Level::Easy => Self::FIRST_RELEASE[0],
            Level::Normal => Self::FIRST_RELEASE[1],
            Level::Hard => Self::FIRST_RELEASE[2],
        };
        Some(Self::first_weights(Self::spec(depth, nodes, third, temperature)))
    }

    /// The levels of `release` (1: the first; 0 or any other: today's).
    fn levels(level: Level, release: u8) -> Option<Spec<Self>> {
        match release {
            1 => Self::first_release(level),
            _ => Self::level_spec(level),
        }
    }

    /// The weights a spec sets after its four numbers, in order.
    fn tuned(&self) -> Vec<i32> {
        let mut weights = *self;
        weights.tuned_mut().into_iter().map(|w| *w).collect()
    }

    /// Sets the `i`-th weight of [`Tunable::tuned`].
    fn set_tuned(&mut self, i: usize, value: i32) {
        if let Some(weight) = self.tuned_mut().into_iter().nth(i) {
            *weight = value;
        }
    }
}

/// Mixed into a hint's seed, so that a hint searches apart from the CPU's own turn
/// in the same position (which mixes in the decisions alone).
const HINT_SEED: u64 = 0xa076_1d64_78bd_642f;

/// The seed of a hint asked `at` decisions into a game seeded `seed`.
pub fn hint_seed(seed: u64, at: u32) -> u64 {
    seed ^ (at as u64 + 1).wrapping_mul(HINT_SEED)
}

/// The transposition table of every two-seat level: 1 MB.
pub const TABLE_BYTES: usize = 1 << 20;

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

impl<W> Spec<W> {
    /// A search `depth` plies deep within `nodes` nodes with `weights`, choosing by
    /// `temperature` (0: the best), its table [`TABLE_BYTES`]; no quiescence, no
    /// extensions, no refinements.
    pub fn new(depth: u8, nodes: u32, temperature: f32, weights: W) -> Spec<W> {
        let config = Config {
            max_depth: depth,
            max_nodes: nodes,
            quiescence: 0,
            extensions: 0,
            table_bytes: TABLE_BYTES,
            exact_root: temperature > 0.0,
            features: Features::NONE,
        };
        Spec { config, temperature, weights }
    }

    /// This search looking `plies` captures (or the game's other noisy actions) further
    /// at its leaves, and extending checks up to `extensions` plies.
    pub fn with_quiescence(self, plies: u8, extensions: u8) -> Spec<W> {
        Spec { config: Config { quiescence: plies, extensions, ..self.config }, ..self }
    }

    /// This search with the refinements `features`.
    pub fn with_features(self, features: Features) -> Spec<W> {
        Spec { config: Config { features, ..self.config }, ..self }
    }
}

impl<W: Tunable> Spec<W> {
    /// This search with `weights`, its lines extended as far as they say
    /// ([`Tunable::extensions`]).
    pub fn with_weights(self, weights: W) -> Spec<W> {
        Spec { config: Config { extensions: weights.extensions(), ..self.config }, weights, ..self }
    }
}

/// A level as the arena names it: of a release (`hard@1`: Hard as the first release
/// played it), with search refinements turned off or on (`hard-lmr`, `hard+null`; the
/// names of [`Features::NAMES`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Tweak {
    /// The release whose level table it plays (0: today's).
    pub release: u8,
    /// The refinements turned on and off, as bits over [`Features::NAMES`].
    pub on: u16,
    /// As `on`: those turned off.
    pub off: u16,
}

impl Tweak {
    /// `features` with this tweak's refinements turned on and off.
    pub fn apply(self, features: Features) -> Features {
        Features::NAMES.iter().enumerate().fold(features, |f, (i, name)| {
            let bit = 1u16 << i;
            match (self.on & bit != 0, self.off & bit != 0) {
                (true, _) => f.with(name, true).unwrap_or(f),
                (_, true) => f.with(name, false).unwrap_or(f),
                _ => f,
            }
        })
    }

    /// Parses what follows a level's name: `@RELEASE`, then `-NAME` or `+NAME` any
    /// number of times. `None` if it is not that.
    pub fn parse(text: &str) -> Option<Tweak> {
        let mut tweak = Tweak { release: 0, on: 0, off: 0 };
        let mut rest = text;
        if let Some(after) = rest.strip_prefix('@') {
            let digits = after.find(['-', '+']).unwrap_or(after.len());
            tweak.release = after.get(..digits)?.parse().ok().filter(|&r| r > 0)?;
            rest = after.get(digits..)?;
        }
        while !rest.is_empty() {
            let on = rest.starts_with('+');
            let body = rest.get(1..)?;
            let end = body.find(['-', '+']).unwrap_or(body.len());
            let index = Features::NAMES.iter().position(|&n| Some(n) == body.get(..end))?;
            let bit = 1u16 << index;
            if on {
                tweak.on |= bit;
            } else {
                tweak.off |= bit;
            }
            rest = body.get(end..)?;
        }
        Some(tweak)
    }
}

impl core::fmt::Display for Tweak {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        if self.release > 0 {
            write!(f, "@{}", self.release)?;
        }
        for (i, name) in Features::NAMES.iter().enumerate() {
            if self.off & 1 << i != 0 {
                write!(f, "-{name}")?;
            }
            if self.on & 1 << i != 0 {
                write!(f, "+{name}")?;
            }
        }
        Ok(())
    }
}

/// Splits an arena player's name into a level and its tweak (`hard@1-lmr`).
pub fn tweaked_level(name: &str) -> Option<(Level, Tweak)> {
    let split = name.find(['@', '-', '+']).unwrap_or(name.len());
    let level = Level::from_name(name.get(..split)?)?;
    Some((level, Tweak::parse(name.get(split..)?)?))
}

/// A spec and the refinements at its end (`search:5:100000:12:0+pvs+lmr` or `-lmr`):
/// its numbers, and the refinements turned on or off.
///
/// # Errors
/// One line naming the refinements that are not known.
pub fn split_refinements(spec: &str) -> Result<(&str, Tweak), String> {
    let split = spec
        .char_indices()
        .find(|&(i, c)| matches!(c, '+' | '-') && spec[i + 1..].starts_with(|n: char| n.is_ascii_alphabetic()))
        .map_or(spec.len(), |(i, _)| i);
    let (numbers, tweak) = spec.split_at(split);
    let tweak = Tweak::parse(tweak).filter(|t| t.release == 0).ok_or_else(|| {
        format!("level: unknown refinements in {tweak:?} (expected +NAME or -NAME of {})", Features::NAMES.join(", "))
    })?;
    Ok((numbers, tweak))
}

/// A CPU player in the arena: a level, or an experimental search.
#[derive(Clone, Copy, PartialEq, Debug)]
pub enum Player<W> {
    /// A level.
    Level(Level),
    /// A level of an earlier release, or with refinements turned off or on.
    Tweaked(Level, Tweak),
    /// A search of [`Tunable::SYNTAX`].
    Search(Spec<W>),
}

impl<W: Tunable> Player<W> {
    /// Parses a level name (tweaked or not) or an experimental search spec.
    ///
    /// # Errors
    /// One line naming what was expected.
    pub fn parse(name: &str) -> Result<Player<W>, String> {
        if let Some(level) = Level::from_name(name) {
            return Ok(Player::Level(level));
        }
        if let Some((level, tweak)) = tweaked_level(name) {
            return Ok(Player::Tweaked(level, tweak));
        }
        let (name, tweak) = split_refinements(name)?;
        let tunable = W::DEFAULT.tuned().len();
        let numbers = spec_numbers(name, W::SYNTAX, 4, 4 + tunable)?;
        let spec = W::spec(numbers[0] as u8, numbers[1] as u32, numbers[2], numbers[3]);
        let mut weights = spec.weights;
        for (i, &value) in numbers[4..].iter().enumerate() {
            weights.set_tuned(i, value as i32);
        }
        let features = tweak.apply(spec.config.features);
        Ok(Player::Search(spec.with_weights(weights).with_features(features)))
    }
}

impl<W: Tunable> core::fmt::Display for Player<W> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            Player::Level(level) => write!(f, "{level}"),
            Player::Tweaked(level, tweak) => write!(f, "{level}{tweak}"),
            Player::Search(spec) => {
                let c = &spec.config;
                write!(f, "search:{}:{}:{}:{}", c.max_depth, c.max_nodes, W::third(spec), spec.temperature)?;
                spec.weights.tuned().iter().try_for_each(|w| write!(f, ":{w}"))?;
                c.features.on_names().try_for_each(|name| write!(f, "+{name}"))
            }
        }
    }
}

/// The CPU `player` deciding in `state`: a level's search from `levels` (of the
/// release asked for, 0 today's), or the spec's, with the evaluation of its weights; a
/// baseline without one.
pub fn think_as<G: Game, E: Evaluator<G> + From<W>, W: Tunable>(
    player: Player<W>,
    state: &G,
    seed: u64,
    levels: fn(Level, u8) -> Option<Spec<W>>,
    greedy: fn(&G, &mut Rng) -> Option<G::Action>,
) -> Thinker<G, E> {
    let (level, spec) = match player {
        Player::Search(spec) => (None, Some(spec)),
        Player::Level(level) => (Some(level), levels(level, 0)),
        Player::Tweaked(level, tweak) => {
            let spec = levels(level, tweak.release).map(|mut spec| {
                spec.config.features = tweak.apply(spec.config.features);
                spec
            });
            (Some(level), spec)
        }
    };
    think(state, seed, level, spec.map(|s| (s.config, s.temperature, E::from(s.weights))), greedy)
}

/// The root a search starts from: with `seen_again` on, the rules' search copy of
/// `state` (`for_search`: a position met again is a draw), else `state` itself.
pub fn search_root<G: Clone>(state: &G, seen_again: i32, for_search: fn(&G) -> G) -> G {
    if seen_again != 0 {
        for_search(state)
    } else {
        state.clone()
    }
}

/// The static score of `state` for `seat` by the evaluation `E` of the default
/// weights with the tuned ones set to `tuned` (a fit's trial weights).
pub fn score_with<G: Game, E: Evaluator<G> + From<W>, W: Tunable>(tuned: &[i32], state: &G, seat: Seat) -> i32 {
    let mut weights = W::DEFAULT;
    for (i, &value) in tuned.iter().enumerate() {
        weights.set_tuned(i, value);
    }
    E::from(weights).score(state, seat)
}

/// Whether `state` is quiet for the evaluation `E` of the default weights `W`:
/// no noisy action (such as a capture) is legal, so the static score says what the
/// position is worth.
pub fn is_quiet<G: Game, E: Evaluator<G> + From<W>, W: Tunable>(state: &G) -> bool {
    let eval = E::from(W::DEFAULT);
    !state.legal().iter().any(|&action| eval.noisy(state, action))
}
