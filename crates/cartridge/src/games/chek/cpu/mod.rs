//! Chek's CPU players: the level table, the baselines, and the arena's experimental
//! search specs. The search itself is the generic one of `chek-ai`.
//!
//! - Chek and Chek Basic roll dice: an expectimax over decisions and conflicts (two
//!   outcomes at the C9 odds) on each seat's chance of winning.
//! - Chek Simple has no chance: alpha-beta with two seats, max-n (the same expectimax
//!   without chance nodes) with four.

pub mod eval;
mod greedy;
pub mod simple;

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

use chek_ai::alphabeta::{self, AlphaBeta};
use chek_ai::expectimax::{self, Expectimax};
use chek_ai::{Level, Search, Thinker};
use chek_rules::{Action, Position, State, Variant};

pub use eval::{ChekEval, Weights};
pub use simple::SimpleWeights;
pub use greedy::greedy;

/// Hard's weights, measured best against the greedy and random baselines (see the
/// README's arena figures): a lead counts for more (a steeper win chance), but while
/// behind at the root it is flatter (0.3 of the steepness, so it does not gamble at
/// poor odds), and with the scores level it closes in rather than wait for a tie. While
/// it is not ahead it brings its pieces up (`support`): it has to attack before the
/// quiet end to win. The first release's 0.05 while behind ([`DECISIVE_FIRST`]) made it
/// too patient to win a point back: 0.3 won sequential tests against it in Chek (+20
/// Elo, H1 after 1,616 games) and Chek Nights (+94, H1 after 200; docs/strength.md).
const DECISIVE: Weights = Weights { steepness: 2.0, behind: 0.3, engage: 0.02, support: 0.05, ..Weights::DEFAULT };

/// Hard's two-seat weights as the first release played them (`hard@1`).
const DECISIVE_FIRST: Weights = Weights { behind: 0.05, ..DECISIVE };

/// Hard's weights with two seats in Chek Basic (V1): no bully, so the first conflict
/// is always 15/36 and a greedy rival never opens one. Hard holds the initiative: it
/// raids while not ahead and stops once ahead. Being behind at a leaf costs it less
/// (`recover`: it can gamble back) until the quiet end nears, and it is not patient
/// when behind at the root. Measured against greedy: duel 0.505 with Chek's weights,
/// 0.68 with these (100 games each); the ceiling of this policy is about 0.81 (see
/// the README).
const DECISIVE_BASIC: Weights = Weights { behind: 1.0, recover: 0.1, ..DECISIVE };

/// Hard's weights in four seats: a lead counts for as much, and it stays as steep
/// while behind (a trailing seat among four has three leaders to catch, not one).
const DECISIVE_FOUR: Weights = Weights { steepness: 2.0, ..Weights::DEFAULT };

/// Easy's and Normal's weights: more taken with their own attack chances, and they come
/// to you (without `approach`, Normal against Easy ended 0-0 in two games of three).
const LIVELY: Weights = Weights { initiative: 1.0, approach: 0.3, ..Weights::DEFAULT };

/// An expectimax of Chek's: how deep, how many nodes, how rivals are modelled, and the
/// evaluation.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Spec {
    /// The generic search's settings.
    pub config: expectimax::Config,
    /// The evaluation and Chek's search hooks.
    pub eval: ChekEval,
}

impl Spec {
    /// A search of `max_turns` turns and `max_nodes` nodes that looks at `max_chain`
    /// chain attacks a turn, with `weights`; rivals half at their best.
    pub fn new(max_turns: u8, max_nodes: u32, max_chain: u8, weights: Weights) -> Spec {
        Spec {
            config: expectimax::Config { max_turns, max_nodes, rival_best: 0.5 },
            eval: ChekEval {
                weights,
                max_chain,
                plain_attacks_from_quiet: 0,
                rival_best_attacking: 0.5,
                simple: SimpleWeights::HARD,
                settle_attacks: false,
                near: 0,
                root: 0,
                me: None,
            },
        }
    }
}

/// How a level searches a position.
enum Plan {
    Expectimax(Spec, f32),
    AlphaBeta(alphabeta::Config, ChekEval, f32),
}

/// The earlier releases an arena player may name (`hard@1`, `hard@2`).
pub const LAST_RELEASE: u8 = 2;

/// The search a level of `release` (1: the first, 2: the second; 0: today's) runs in `position`,
/// and how playfully it chooses (the softmax temperature; 0 = always the best). `None`
/// for the baselines.
fn plan(level: Level, position: &Position, release: u8) -> Option<Plan> {
    let seats = position.seating().count();
    if !position.variant().has_dice() && seats == 2 {
        let mut spec = simple_spec(level)?;
        if release != 1 {
            spec.config.features = SIMPLE_FEATURES;
        }
        return Some(spec.plan());
    }
    release_spec(level, seats, position.variant(), release).map(|(spec, temperature)| Plan::Expectimax(spec, temperature))
}

/// The expectimax a level runs with `seats` seats in `variant` (Chek and Chek Basic;
/// Chek Simple with four seats, where without chance it is max-n), and its softmax
/// temperature. `None` for the baselines.
pub fn level_spec(level: Level, seats: usize, variant: Variant) -> Option<(Spec, f32)> {
    release_spec(level, seats, variant, 0)
}

/// [`level_spec`] as release `release` played it (1: the first; 0: today's).
pub fn release_spec(level: Level, seats: usize, variant: Variant, release: u8) -> Option<(Spec, f32)> {
    let spec = match level {
        Level::Random | Level::Greedy => return None,
        // Easy and Normal value attack chances more (livelier games) and choose by a
        // softmax; Hard takes the best of a deeper search (three turns with two
        // seats), and expects a rival that holds an attack with a modifier to play its
        // best (it will not leave a piece where a bully attack awaits it in the hope
        // that the rival looks away).
        Level::Easy => return Some((Spec::new(1, 4_000, 2, LIVELY), 0.08)),
        Level::Normal => return Some((Spec::new(2, 20_000, 3, LIVELY), 0.02)),
        Level::Hard if seats == 2 => {
            let weights = match variant {
                Variant::Basic => DECISIVE_BASIC,
                _ if release == 1 => DECISIVE_FIRST,
                _ => DECISIVE,
            };
            let mut spec = Spec::new(3, 100_000, 4, weights);
            spec.eval.rival_best_attacking = 1.0;
            if variant == Variant::Standard && release != 1 {
                // At its leaves it weighs the attacks of the seat to act by their
                // dice (+17 Elo against the Hard before, H1 after 2,051 games), and
                // past the root it moves only pieces near the enemy, which buys a
                // fourth turn in fewer nodes (+33 Elo against the three turns, H1
                // after 632 games; see docs/strength.md).
                spec.config.max_turns = 4;
                spec.config.max_nodes = SETTLED_HARD_NODES;
                spec.eval.settle_attacks = true;
                spec.eval.near = NEAR_STEPS;
            }
            spec
        }
        // Four seats: Hard looks a whole round ahead, to its own next turn; it models
        // each rival by its average reply (three rivals rarely all play their best
        // against one seat; a quarter or a half at their best was no better against
        // three of it, docs/strength.md), and it leaves plain attacks alone until the
        // quiet end nears.
        Level::Hard => {
            let mut spec = Spec::new(5, 100_000, 4, DECISIVE_FOUR);
            spec.config.rival_best = 0.0;
            spec.eval.rival_best_attacking = 0.0;
            spec.eval.plain_attacks_from_quiet = 40;
            spec
        }
        // Master: Hard's search a turn deeper and five times the nodes (≤ 750M
        // instructions a decision, `scripts/bench-ai`).
        Level::Master => {
            let (mut spec, _) = release_spec(Level::Hard, seats, variant, release)?;
            spec.config.max_turns += 1;
            spec.config.max_nodes *= 5;
            spec
        }
    };
    let mut spec = spec;
    if variant.has_cards() && spec.config.max_nodes > NIGHTS_HARD_NODES {
        // Chek Nights' nodes cost more (each attack weighs the cards around it, N4):
        // Hard and Master look at fewer, within the same instructions.
        spec.config.max_nodes = spec.config.max_nodes / 100_000 * NIGHTS_HARD_NODES;
    }
    Some((spec, 0.0))
}

/// Hard's nodes with two seats in Chek, where its leaves weigh the attacks of the seat
/// to act (Master's are five times as many): ≤ 150M instructions a decision
/// (`scripts/bench-ai`).
pub const SETTLED_HARD_NODES: u32 = 70_000;

/// Past the root, two-seat Hard in Chek moves only pieces at most this many steps
/// (4-way) from an enemy piece, while any is; attacks, chains and `end` are always
/// looked at.
pub const NEAR_STEPS: u8 = 2;

/// Hard's nodes in Chek Nights (Master's are five times as many): ≤ 150M instructions
/// a decision (`scripts/bench-ai`).
pub const NIGHTS_HARD_NODES: u32 = 60_000;

/// The nodes of a CPU slice in `variant`, within the slice's budget (≤ 1.5M Thumb
/// instructions on the device, `cargo xtask device think` on `scripts/bench/chek.txt`):
/// a node of Chek Simple's alpha-beta costs the most (its score weighs the support
/// around every piece in contact), then Chek Nights' (each attack weighs the cards
/// around it).
pub const fn slice_nodes(variant: Variant) -> u32 {
    match variant {
        Variant::Simple => 600,
        Variant::Nights => 620,
        _ => 760,
    }
}

/// An alpha-beta of Chek Simple's: how deep and how many nodes, how playfully it
/// chooses, and the score's weights.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct SimpleSpec {
    /// The generic search's settings.
    pub config: alphabeta::Config,
    /// The softmax temperature over root scores (0: the best).
    pub temperature: f32,
    /// The score's weights.
    pub weights: SimpleWeights,
}

impl SimpleSpec {
    /// A search `max_depth` turns deep within `max_nodes`, with `weights`.
    pub fn new(max_depth: u8, max_nodes: u32, temperature: f32, weights: SimpleWeights) -> SimpleSpec {
        let config = alphabeta::Config {
            max_depth,
            max_nodes,
            quiescence: 4,
            extensions: 0,
            table_bytes: 256 * 1024,
            exact_root: temperature > 0.0,
            features: alphabeta::Features::NONE,
        };
        SimpleSpec { config, temperature, weights }
    }

    fn plan(self) -> Plan {
        let eval = ChekEval {
            weights: Weights::DEFAULT,
            max_chain: 8,
            plain_attacks_from_quiet: 0,
            rival_best_attacking: 1.0,
            simple: self.weights,
            settle_attacks: false,
            near: 0,
            root: 0,
            me: None,
        };
        Plan::AlphaBeta(self.config, eval, self.temperature)
    }
}

/// The alpha-beta a level runs in Chek Simple with two seats (no chance, zero-sum).
/// `None` for the baselines.
///
/// Between two careful players Chek Simple ends in ties: facing walls give each piece
/// its neighbours' support. Hard masses on one weak piece (`focus`); Normal and Easy
/// come to you (more `advance`) and choose by a softmax, so they make the slips a
/// middle player makes. Measured (60 games, duel): Normal that never slips holds Hard
/// to 60 ties of 60; with this softmax Hard wins 0.71, and Normal still beats greedy
/// (0.74) and Easy (0.61).
pub fn simple_spec(level: Level) -> Option<SimpleSpec> {
    match level {
        Level::Random | Level::Greedy => None,
        Level::Easy => Some(SimpleSpec::new(1, 4_000, 0.3, SimpleWeights::LIVELY)),
        Level::Normal => Some(SimpleSpec::new(2, 20_000, 0.08, SimpleWeights::LIVELY)),
        // A node costs up to about 2,100 Thumb instructions on the device: Hard within
        // 150M a decision, Master (five times Hard's nodes) within 750M.
        Level::Hard => Some(SimpleSpec::new(6, 68_000, 0.0, SimpleWeights::HARD)),
        Level::Master => Some(SimpleSpec::new(12, 340_000, 0.0, SimpleWeights::HARD)),
    }
}

/// The search refinements Chek Simple's levels use today (see
/// `chek_ai::alphabeta::Features`; the first release used none).
pub const SIMPLE_FEATURES: alphabeta::Features = alphabeta::Features::NONE;

/// A CPU player in the arena: a level, or an experimental search.
#[derive(Clone, Copy, PartialEq, Debug)]
pub enum Player {
    /// A level.
    Level(Level),
    /// A level as an earlier release played it: `hard@1` the first (Chek Simple's
    /// search without refinements, and two-seat Hard in Chek and Chek Nights more
    /// patient while behind, [`DECISIVE_FIRST`]; Chek Basic has not changed since),
    /// `hard@2` the levels as they stood when they were first measured against the
    /// arena's dice-aware player (issue 54; no change has beaten them since, so
    /// today they play alike).
    Release(Level, u8),
    /// `search:TURNS:NODES:CHAIN:RIVAL[:INITIATIVE:STEEPNESS:BEHIND:ENGAGE:PLAIN:SUPPORT:RIVAL_ATTACKING:RECOVER:SETTLE:NEAR]`.
    Search(Spec),
    /// `simple:DEPTH:NODES:TEMPERATURE[:THREAT_TO_MOVE:THREAT_WAITING:PRESSURE:ADVANCE:FOCUS]`
    /// (Chek Simple with two seats).
    Simple(SimpleSpec),
}

/// The specs' syntax, for messages.
const SPEC: &str = "search:TURNS:NODES:CHAIN:RIVAL[:INITIATIVE:STEEPNESS:BEHIND:ENGAGE:PLAIN:SUPPORT:RIVAL_ATTACKING:RECOVER:SETTLE:NEAR] \
     or simple:DEPTH:NODES:TEMPERATURE[:THREAT_TO_MOVE:THREAT_WAITING:PRESSURE:ADVANCE:FOCUS]";

impl Player {
    /// Parses a level name or an experimental search spec.
    ///
    /// # Errors
    /// One line naming what was expected.
    pub fn parse(name: &str) -> Result<Player, String> {
        if let Some(level) = Level::from_name(name) {
            return Ok(Player::Level(level));
        }
        for release in 1..=LAST_RELEASE {
            if let Some(level) = name.strip_suffix(&format!("@{release}")).and_then(Level::from_name) {
                return Ok(Player::Release(level, release));
            }
        }
        let bad = || {
            format!("level: unknown {name:?} (expected random, greedy, easy, normal, hard, master, hard@1, hard@2 or {SPEC})")
        };
        if let Some(spec) = name.strip_prefix("simple:") {
            // Refinements may follow the numbers: `simple:6:75000:0+killers+lmr`.
            let (spec, tweak) = crate::search::split_refinements(spec)?;
            let parts: Vec<&str> = spec.split(':').collect();
            let number = |i: usize| parts.get(i).ok_or_else(bad)?.parse::<f32>().map_err(|_| bad());
            let w = SimpleWeights::HARD;
            let optional = |i: usize, default: i32| if i < parts.len() { number(i).map(|n| n as i32) } else { Ok(default) };
            if parts.len() > 8 {
                return Err(bad());
            }
            let weights = SimpleWeights {
                material: w.material,
                threat_to_move: optional(3, w.threat_to_move)?,
                threat_waiting: optional(4, w.threat_waiting)?,
                pressure: optional(5, w.pressure)?,
                advance: optional(6, w.advance)?,
                focus: optional(7, w.focus)?,
            };
            let mut spec = SimpleSpec::new(number(0)? as u8, number(1)? as u32, number(2)?, weights);
            spec.config.features = tweak.apply(spec.config.features);
            return Ok(Player::Simple(spec));
        }
        let parts: Vec<&str> = name.strip_prefix("search:").ok_or_else(bad)?.split(':').collect();
        let number = |i: usize| parts.get(i).ok_or_else(bad)?.parse::<f32>().map_err(|_| bad());
        let optional = |i: usize, default: f32| if i < parts.len() { number(i) } else { Ok(default) };
        if parts.len() > 14 {
            return Err(bad());
        }
        let w = Weights::DEFAULT;
        let rival = number(3)?;
        Ok(Player::Search(Spec {
            config: expectimax::Config { max_turns: number(0)? as u8, max_nodes: number(1)? as u32, rival_best: rival },
            eval: ChekEval {
                weights: Weights {
                    initiative: optional(4, w.initiative)?,
                    steepness: optional(5, w.steepness)?,
                    behind: optional(6, w.behind)?,
                    engage: optional(7, w.engage)?,
                    approach: w.approach,
                    support: optional(9, w.support)?,
                    recover: optional(11, w.recover)?,
                },
                max_chain: number(2)? as u8,
                plain_attacks_from_quiet: optional(8, 0.0)? as u8,
                rival_best_attacking: optional(10, rival)?,
                simple: SimpleWeights::HARD,
                settle_attacks: optional(12, 0.0)? != 0.0,
                near: optional(13, 0.0)? as u8,
                root: 0,
                me: None,
            },
        }))
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Player::Level(level) => write!(f, "{level}"),
            Player::Release(level, release) => write!(f, "{level}@{release}"),
            Player::Search(Spec { config: c, eval: e }) => write!(
                f,
                "search:{}:{}:{}:{}:{}:{}:{}:{}:{}:{}:{}:{}:{}:{}",
                c.max_turns,
                c.max_nodes,
                e.max_chain,
                c.rival_best,
                e.weights.initiative,
                e.weights.steepness,
                e.weights.behind,
                e.weights.engage,
                e.plain_attacks_from_quiet,
                e.weights.support,
                e.rival_best_attacking,
                e.weights.recover,
                u8::from(e.settle_attacks),
                e.near
            ),
            Player::Simple(SimpleSpec { config, temperature, weights: w }) => {
                write!(
                    f,
                    "simple:{}:{}:{}:{}:{}:{}:{}:{}",
                    config.max_depth,
                    config.max_nodes,
                    temperature,
                    w.threat_to_move,
                    w.threat_waiting,
                    w.pressure,
                    w.advance,
                    w.focus
                )?;
                config.features.on_names().try_for_each(|name| write!(f, "+{name}"))
            }
        }
    }
}

/// The CPU deciding for the seat in control, knowing its own move at the start of its
/// last turn: Easy and Normal, which choose by a softmax, count moving that piece
/// straight back as twice their temperature worse, so they seldom shuffle a piece to
/// and fro.
pub fn think_after(player: Player, state: &State, seed: u64, previous: Option<Action>) -> Thinker<State, ChekEval> {
    let back = match previous {
        Some(Action::Move { from, to }) if state.position().chain().is_none() => Some(Action::Move { from: to, to: from }),
        _ => None,
    };
    let temperature = match player {
        Player::Level(level @ (Level::Easy | Level::Normal))
        | Player::Release(level @ (Level::Easy | Level::Normal), _) => {
            level_spec(level, state.position().seating().count(), state.position().variant()).map_or(0.0, |(_, t)| t)
        }
        _ => 0.0,
    };
    let thinker = think(player, state, seed);
    if temperature > 0.0 {
        thinker.avoiding(back, temperature)
    } else {
        thinker
    }
}

/// The CPU deciding for the seat in control in `state`.
pub fn think(player: Player, state: &State, seed: u64) -> Thinker<State, ChekEval> {
    let mut rng = chek_ai::rng(seed);
    let position = state.position();
    let plan = match player {
        Player::Search(spec) => Some(Plan::Expectimax(spec, 0.0)),
        Player::Simple(spec) => Some(spec.plan()),
        Player::Level(level) => plan(level, position, 0),
        Player::Release(level, release) => plan(level, position, release),
    };
    match plan {
        Some(Plan::Expectimax(spec, temperature)) => {
            let eval = ChekEval::for_root(position, spec.eval);
            let search = Search::Expectimax(Expectimax::new(*state, spec.config, eval));
            Thinker::searching(state, search, temperature, rng)
        }
        Some(Plan::AlphaBeta(config, eval, temperature)) => {
            let search = Search::AlphaBeta(AlphaBeta::new(*state, config, eval));
            Thinker::searching(state, search, temperature, rng)
        }
        None => {
            let action = match player {
                Player::Level(Level::Greedy) | Player::Release(Level::Greedy, _) => greedy(position, &mut rng),
                _ => chek_ai::random_action(state, &mut rng),
            };
            Thinker::decided(state, action, rng)
        }
    }
}
