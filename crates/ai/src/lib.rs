//! CPU players for Chek. They see only the rules crate.
//!
//! - Baselines: [`Level::Random`] and [`Level::Greedy`] (see [`greedy`]).
//! - [`Level::Easy`], [`Level::Normal`], [`Level::Hard`]: an expectimax over decisions
//!   and conflicts (two outcomes at the C9 odds) on each seat's chance of winning,
//!   deeper and less playful level by level.
//!
//! A [`Thinker`] runs in slices (`step(budget)`), so a frame-based shell keeps
//! drawing while the CPU thinks; it is deterministic for a given seed.
#![no_std]
#![deny(missing_docs, missing_debug_implementations, unsafe_code)]

extern crate alloc;

pub mod eval;
pub mod search;

use alloc::vec::Vec;
use core::fmt;

use chek_rules::{Action, Position};
use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};

use crate::eval::Weights;
use crate::search::{Config, Search};

/// How a CPU plays.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Level {
    /// Any legal action, uniformly (a baseline).
    Random,
    /// Attacks with a positive expected gain, else steps towards the nearest enemy
    /// (a baseline; see [`greedy`]).
    Greedy,
    /// Looks at its own turn; often picks a good move rather than the best.
    Easy,
    /// Looks at its own turn; picks among the best.
    Normal,
    /// Looks three turns ahead with two seats, a whole round (five turns) with four.
    Hard,
}

impl Level {
    /// The levels a player can choose in the game.
    pub const PLAYABLE: [Level; 3] = [Level::Easy, Level::Normal, Level::Hard];
    /// Every level, for tools.
    pub const ALL: [Level; 5] = [Level::Random, Level::Greedy, Level::Easy, Level::Normal, Level::Hard];

    /// The level's name: `random`, `greedy`, `easy`, `normal`, `hard`.
    pub const fn name(self) -> &'static str {
        match self {
            Level::Random => "random",
            Level::Greedy => "greedy",
            Level::Easy => "easy",
            Level::Normal => "normal",
            Level::Hard => "hard",
        }
    }

    /// The level with this name.
    pub fn from_name(name: &str) -> Option<Level> {
        Level::ALL.into_iter().find(|l| l.name() == name)
    }

    /// The search this level runs with `seats` seats in play, and how playfully it
    /// chooses (the softmax temperature over win chances; 0 = always the best).
    pub fn search(self, seats: usize) -> Option<(Config, f32)> {
        let config = |max_turns, max_nodes, max_chain, weights| Config {
            max_turns,
            max_nodes,
            max_chain,
            rival_best: 0.5,
            rival_best_attacking: 0.5,
            plain_attacks_from_quiet: 0,
            weights,
        };
        match self {
            Level::Random | Level::Greedy => None,
            // Easy and Normal value attack chances more (livelier games) and choose by
            // a softmax; Hard takes the best of a deeper search (three turns with two
            // seats), and expects a rival that holds an attack with a modifier to play
            // its best (it will not leave a piece where a bully attack awaits it in the
            // hope that the rival looks away).
            Level::Easy => Some((config(1, 4_000, 2, LIVELY), 0.08)),
            Level::Normal => Some((config(2, 20_000, 3, LIVELY), 0.02)),
            Level::Hard if seats == 2 => {
                Some((Config { rival_best_attacking: 1.0, ..config(3, 100_000, 4, DECISIVE) }, 0.0))
            }
            // Four seats: Hard looks a whole round ahead, to its own next turn; it
            // models each rival by its average reply (three rivals rarely all play
            // their best against one seat), and it leaves plain attacks alone until the
            // quiet end nears.
            Level::Hard => Some((
                Config {
                    rival_best: 0.0,
                    rival_best_attacking: 0.0,
                    plain_attacks_from_quiet: 40,
                    ..config(5, 100_000, 4, DECISIVE_FOUR)
                },
                0.0,
            )),
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Hard's weights, measured best against the greedy and random baselines (see the
/// README's arena figures): a lead counts for more (a steeper win chance), but while
/// behind it stays patient (a flatter one, so it does not gamble at poor odds), and
/// with the scores level it closes in rather than wait for a tie. While it is not ahead
/// it brings its pieces up (`support`): it has to attack before the quiet end to win.
const DECISIVE: Weights = Weights { steepness: 2.0, behind: 0.05, engage: 0.02, support: 0.05, ..Weights::DEFAULT };

/// Hard's weights in four seats: a lead counts for as much, and it stays as steep
/// while behind (a trailing seat among four has three leaders to catch, not one).
const DECISIVE_FOUR: Weights = Weights { steepness: 2.0, ..Weights::DEFAULT };

/// Easy's and Normal's weights: more taken with their own attack chances, and they come
/// to you (without `approach`, Normal against Easy ended 0-0 in two games of three).
const LIVELY: Weights = Weights { initiative: 1.0, approach: 0.3, ..Weights::DEFAULT };

/// A uniform index below `n` (n > 0).
fn below(rng: &mut ChaCha8Rng, n: usize) -> usize {
    ((rng.next_u32() as u64 * n as u64) >> 32) as usize
}

/// Picks uniformly among `items`.
fn pick<T: Copy>(rng: &mut ChaCha8Rng, items: &[T]) -> Option<T> {
    if items.is_empty() {
        None
    } else {
        Some(items[below(rng, items.len())])
    }
}

/// The greedy baseline: attack (or chain-attack) when the best attack's immediate
/// expected material gain is positive — a win takes a piece, a loss gives one, so the
/// gain is 2·p − 1 at the C9 odds p; otherwise end the chain, or step towards the
/// nearest enemy, avoiding squares an enemy could attack with the bully bonus. Ties
/// at random.
pub fn greedy(position: &Position, rng: &mut ChaCha8Rng) -> Option<Action> {
    let actions = position.legal_actions();
    let gain = |a: &Action| match a {
        Action::Attack { bonus, .. } => 2 * bonus.attacker_wins_in_36() as i32 - 36,
        _ => i32::MIN,
    };
    let best_gain = actions.iter().map(gain).max()?;
    if best_gain > 0 {
        let best: Vec<Action> = actions.iter().copied().filter(|a| gain(a) == best_gain).collect();
        return pick(rng, &best);
    }
    if position.chain().is_some() {
        return Some(Action::End);
    }
    let seat = position.to_move();
    let enemies = position.opponents_of(seat);
    let moves: Vec<Action> = actions.iter().copied().filter(|a| matches!(a, Action::Move { .. })).collect();
    if moves.is_empty() {
        let best: Vec<Action> = actions.iter().copied().filter(|a| gain(a) == best_gain).collect();
        return pick(rng, &best);
    }
    let distance = |a: &Action| {
        let to = a.to().unwrap_or(chek_rules::Square::A1);
        enemies
            .iter()
            .map(|e| (e.file() as i32 - to.file() as i32).abs() + (e.rank() as i32 - to.rank() as i32).abs())
            .min()
            .unwrap_or(0)
    };
    // A square is unsafe if an enemy piece 4-way next to it could attack it with bully.
    let unsafe_square = |a: &Action| {
        let to = a.to().unwrap_or(chek_rules::Square::A1);
        (to.neighbours4() & enemies).iter().any(|e| position.seat_at(e).is_some_and(|s| position.bully(s, to)))
    };
    let safe: Vec<Action> = moves.iter().copied().filter(|a| !unsafe_square(a)).collect();
    let candidates = if safe.is_empty() { moves } else { safe };
    let nearest = candidates.iter().map(distance).min()?;
    let best: Vec<Action> = candidates.iter().copied().filter(|a| distance(a) == nearest).collect();
    pick(rng, &best)
}

/// A CPU player's decision in progress: run [`Thinker::step`] until it returns the
/// action.
#[derive(Clone)]
pub struct Thinker {
    position: Position,
    level: Level,
    rng: ChaCha8Rng,
    search: Option<Search>,
    temperature: f32,
    decided: Option<Action>,
}

impl fmt::Debug for Thinker {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Thinker({}, {:?})", self.level, self.search)
    }
}

impl Thinker {
    /// Starts deciding for the seat in control of `position`.
    pub fn new(position: &Position, level: Level, seed: u64) -> Thinker {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut decided = None;
        let mut search = None;
        let mut temperature = 0.0;
        match level.search(position.seating().seats().len()) {
            None => {
                decided = match level {
                    Level::Random => pick(&mut rng, &position.legal_actions()),
                    _ => greedy(position, &mut rng),
                };
            }
            Some((config, t)) => {
                search = Some(Search::new(*position, config));
                temperature = t;
            }
        }
        Thinker { position: *position, level, rng, search, temperature, decided }
    }

    /// Starts a search with an explicit `config` and softmax `temperature` (for
    /// experiments and strength tables).
    pub fn with_config(position: &Position, config: Config, temperature: f32, seed: u64) -> Thinker {
        Thinker {
            position: *position,
            level: Level::Hard,
            rng: ChaCha8Rng::seed_from_u64(seed),
            search: Some(Search::new(*position, config)),
            temperature,
            decided: None,
        }
    }

    /// Thinks for up to `budget` nodes; returns the action once decided. `None` also
    /// for a finished game, which has no action.
    pub fn step(&mut self, budget: u32) -> Option<Action> {
        if self.decided.is_some() {
            return self.decided;
        }
        let search = self.search.as_mut()?;
        if !search.step(budget) {
            return None;
        }
        // A search always scores the root's actions; should it ever not, any legal
        // action beats a CPU that never moves.
        self.decided = self.choose().or_else(|| pick(&mut self.rng, &self.position.legal_actions()));
        self.decided
    }

    /// Nodes searched so far.
    pub fn nodes(&self) -> u32 {
        self.search.as_ref().map_or(0, Search::nodes)
    }

    /// Whether the decision is made.
    pub fn done(&self) -> bool {
        self.decided.is_some() || self.position.is_over()
    }

    fn choose(&mut self) -> Option<Action> {
        let scores = self.search.as_ref()?.scores();
        let best = scores.iter().map(|&(_, v)| v).fold(f32::MIN, f32::max);
        if self.temperature <= 0.0 {
            // The best, ties at random.
            let ties: Vec<Action> = scores.iter().filter(|&&(_, v)| v >= best - 1e-6).map(|&(a, _)| a).collect();
            return pick(&mut self.rng, &ties);
        }
        // Softmax over win chances: livelier, and kinder to new players.
        let weights: Vec<f32> = scores.iter().map(|&(_, v)| libm::expf((v - best) / self.temperature)).collect();
        let total: f32 = weights.iter().sum();
        let mut r = (self.rng.next_u32() as f32 / u32::MAX as f32) * total;
        for (&(action, _), w) in scores.iter().zip(&weights) {
            if r < *w {
                return Some(action);
            }
            r -= w;
        }
        scores.last().map(|&(a, _)| a)
    }
}

/// Decides at once (for tools and tests).
pub fn decide(position: &Position, level: Level, seed: u64) -> Option<Action> {
    finish(Thinker::new(position, level, seed), position)
}

/// Runs `thinker` to its decision.
pub fn finish(mut thinker: Thinker, position: &Position) -> Option<Action> {
    loop {
        if let Some(action) = thinker.step(u32::MAX) {
            return Some(action);
        }
        if thinker.done() || position.legal_actions().is_empty() {
            return None;
        }
    }
}
