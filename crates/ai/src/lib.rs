//! CPU players for any game of the cartridge. They see only the game interface
//! (`chek_engine::Game`) and a per-game [`Evaluator`]: no game's rules live here.
//!
//! - [`expectimax::Expectimax`]: decisions and chance nodes on each seat's win
//!   chance, rivals modelled between their best and their average reply. Without
//!   chance nodes it is max-n (with four seats, say).
//! - [`alphabeta::AlphaBeta`]: for two seats and no chance (Checkers, Chak, Che,
//!   Chek Simple in two seats): iterative deepening, move ordering, a bounded
//!   transposition table, quiescence over the evaluator's noisy actions, extensions.
//!
//! A [`Thinker`] runs either in slices (`step(budget)`), so a frame-based shell keeps
//! drawing while the CPU thinks. Neither search recurses, and both are deterministic
//! for a given seed. Each game has its own level table (which search, how deep, which
//! evaluation) and its own baselines `random` and `greedy`.
#![no_std]
#![deny(missing_docs, missing_debug_implementations, unsafe_code)]

extern crate alloc;

pub mod alphabeta;
mod deepening;
pub mod evaluate;
pub mod expectimax;
mod tt;

use alloc::vec::Vec;
use core::fmt;

use chek_engine::{Game, ToAct};
use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};

pub use crate::alphabeta::{AlphaBeta, KeptTable};
pub use crate::deepening::Deepening;
pub use crate::evaluate::{Evaluator, Values};
pub use crate::expectimax::Expectimax;

/// How a CPU plays. Every game has all five; what each means is the game's own.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Level {
    /// Any legal action, uniformly (a baseline).
    Random,
    /// The game's one-ply baseline.
    Greedy,
    /// The gentlest level a player can choose.
    Easy,
    /// The middle level.
    Normal,
    /// The strongest level that answers at once (about a second on the console).
    Hard,
    /// Hard's search given five times the time (about five seconds on the console, a
    /// progress bar showing how far it has got).
    Master,
}

impl Level {
    /// The levels a player can choose in the game.
    pub const PLAYABLE: [Level; 4] = [Level::Easy, Level::Normal, Level::Hard, Level::Master];
    /// Every level, for tools.
    pub const ALL: [Level; 6] = [Level::Random, Level::Greedy, Level::Easy, Level::Normal, Level::Hard, Level::Master];

    /// The level's name: `random`, `greedy`, `easy`, `normal`, `hard`, `master`.
    pub const fn name(self) -> &'static str {
        match self {
            Level::Random => "random",
            Level::Greedy => "greedy",
            Level::Easy => "easy",
            Level::Normal => "normal",
            Level::Hard => "hard",
            Level::Master => "master",
        }
    }

    /// The level with this name.
    pub fn from_name(name: &str) -> Option<Level> {
        Level::ALL.into_iter().find(|l| l.name() == name)
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A seeded random source for the CPU's choices.
pub type Rng = ChaCha8Rng;

/// The CPU's random source for `seed`.
pub fn rng(seed: u64) -> Rng {
    ChaCha8Rng::seed_from_u64(seed)
}

/// A uniform index below `n` (n > 0).
pub fn below(rng: &mut Rng, n: usize) -> usize {
    ((rng.next_u32() as u64 * n as u64) >> 32) as usize
}

/// Picks uniformly among `items`.
pub fn pick<T: Copy>(rng: &mut Rng, items: &[T]) -> Option<T> {
    if items.is_empty() {
        None
    } else {
        items.get(below(rng, items.len())).copied()
    }
}

/// A uniformly random legal action of `state` (the `random` baseline). In a frame of
/// its own: the legal list stays off the callers' frames on the device's small stack.
#[inline(never)]
pub fn random_action<G: Game>(state: &G, rng: &mut Rng) -> Option<G::Action> {
    pick(rng, &state.legal())
}

/// Orders `items` highest `key` first, equal keys in the order they were in (so a
/// search stays deterministic); `ranks` and `spare` are working room a caller keeps.
/// Every game sorts the same packed `u64` ranks here: a sort instantiated for each
/// game's action type costs the device 7-8 KB of code.
pub fn order_by_key<A: Copy>(
    items: &mut [A],
    mut key: impl FnMut(usize, &A) -> i32,
    ranks: &mut Vec<u64>,
    spare: &mut Vec<A>,
) {
    if items.len() < 2 {
        return;
    }
    ranks.clear();
    spare.clear();
    spare.extend_from_slice(items);
    for (index, item) in items.iter().enumerate() {
        // The key's complement in unsigned order (highest key first), then the index.
        let high = u32::MAX - (key(index, item) as u32 ^ 0x8000_0000);
        ranks.push(u64::from(high) << 32 | index as u64);
    }
    ranks.sort_unstable();
    for (slot, &rank) in items.iter_mut().zip(ranks.iter()) {
        if let Some(&item) = spare.get(rank as u32 as usize) {
            *slot = item;
        }
    }
}

/// Sorts `items` by `key`, lowest first, equal keys in the order they were in:
/// [`order_by_key`] for short lists outside the search (the screens' cycling orders),
/// sharing its one sort of `u64`s.
pub fn sort_by_key<A: Copy>(items: &mut [A], mut key: impl FnMut(&A) -> i32) {
    // `!k` reverses the order of i32 without overflow.
    order_by_key(items, |_, item| !key(item), &mut Vec::new(), &mut Vec::new());
}

/// A search in progress, of either kind.
#[derive(Clone, Debug)]
pub enum Search<G: Game, E: Evaluator<G>> {
    /// Expectimax (max-n without chance).
    Expectimax(Expectimax<G, E>),
    /// Alpha-beta.
    AlphaBeta(AlphaBeta<G, E>),
}

impl<G: Game, E: Evaluator<G>> Search<G, E> {
    /// Runs up to `budget` nodes; true once finished.
    pub fn step(&mut self, budget: u32) -> bool {
        match self {
            Search::Expectimax(s) => s.step(budget),
            Search::AlphaBeta(s) => s.step(budget),
        }
    }

    /// How far the search has come: its nodes, its deepest completed iteration, and the
    /// root's actions with their values for the root seat (higher is better) from it.
    pub fn progress(&self) -> &Deepening<G::Action> {
        match self {
            Search::Expectimax(s) => s.progress(),
            Search::AlphaBeta(s) => s.progress(),
        }
    }
}

/// A CPU player's decision in progress: run [`Thinker::step`] until it returns the
/// action.
#[derive(Clone)]
pub struct Thinker<G: Game, E: Evaluator<G>> {
    root: G,
    rng: Rng,
    search: Option<Search<G, E>>,
    temperature: f32,
    decided: Option<G::Action>,
    /// An action the player would rather not take (undoing its own last move), and by
    /// how much less it counts.
    avoid: Option<(G::Action, f32)>,
}

impl<G: Game, E: Evaluator<G>> fmt::Debug for Thinker<G, E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.search {
            Some(search) => {
                write!(f, "Thinker(depth {}, {} nodes)", search.progress().depth(), search.progress().nodes())
            }
            None => write!(f, "Thinker(decided: {:?})", self.decided),
        }
    }
}

impl<G: Game, E: Evaluator<G>> Thinker<G, E> {
    /// A decision already taken (a baseline's), or none for a finished game.
    pub fn decided(root: &G, action: Option<G::Action>, rng: Rng) -> Thinker<G, E> {
        Thinker { root: root.clone(), rng, search: None, temperature: 0.0, decided: action, avoid: None }
    }

    /// A search to run; the decision is the best root action (ties at random), or with
    /// `temperature` > 0 a softmax over the root actions' win chances.
    pub fn searching(root: &G, search: Search<G, E>, temperature: f32, rng: Rng) -> Thinker<G, E> {
        Thinker { root: root.clone(), rng, search: Some(search), temperature, decided: None, avoid: None }
    }

    /// The same decision, but counting `action` (if any) `penalty` less in win chance
    /// when choosing: a player that would rather not undo its own last move.
    #[must_use]
    pub fn avoiding(mut self, action: Option<G::Action>, penalty: f32) -> Thinker<G, E> {
        self.avoid = action.map(|a| (a, penalty));
        self
    }

    /// Thinks for up to `budget` nodes; returns the action once decided. `None` also
    /// for a finished game, which has no action.
    pub fn step(&mut self, budget: u32) -> Option<G::Action> {
        if self.decided.is_some() {
            return self.decided;
        }
        let search = self.search.as_mut()?;
        if !search.step(budget) {
            return None;
        }
        // A search always scores the root's actions; should it ever not, any legal
        // action beats a CPU that never moves.
        self.decided = self.choose().or_else(|| self.any_legal());
        self.decided
    }

    /// Any legal action: the list lives in a frame of its own, off the search's path.
    #[inline(never)]
    fn any_legal(&mut self) -> Option<G::Action> {
        pick(&mut self.rng, &self.root.legal())
    }

    /// Thinks for up to `budget` nodes in chunks of `chunk`, stopping early when
    /// `out_of_time` says so between chunks. The search goes on where it stopped, so
    /// the decision does not depend on where the slices fell, only how soon it comes.
    pub fn step_within(&mut self, budget: u32, chunk: u32, mut out_of_time: impl FnMut() -> bool) -> Option<G::Action> {
        let mut left = budget;
        loop {
            let nodes = left.min(chunk.max(1));
            let decided = self.step(nodes);
            left -= nodes;
            if decided.is_some() || left == 0 || out_of_time() {
                return decided;
            }
        }
    }

    /// The search's transposition table, for the same seat's next decision, where its
    /// level keeps one ([`alphabeta::Features::keep`]).
    pub fn keep_table(&mut self) -> Option<KeptTable<G::Action>> {
        match self.search.as_mut()? {
            Search::AlphaBeta(search) => search.keep_table(),
            Search::Expectimax(_) => None,
        }
    }

    /// Starts from the table the same seat's last decision kept (if the level keeps
    /// tables and the settings match; otherwise it is dropped). Before the first step.
    pub fn reuse_table(&mut self, kept: Option<KeptTable<G::Action>>) {
        if let (Some(Search::AlphaBeta(search)), Some(kept)) = (self.search.as_mut(), kept) {
            search.reuse_table(kept);
        }
    }

    /// Nodes searched so far.
    pub fn nodes(&self) -> u32 {
        self.search.as_ref().map_or(0, |s| s.progress().nodes())
    }

    /// How far the thinking has got, in percent of its node budget (100 once decided).
    pub fn progress(&self) -> u8 {
        match (&self.search, self.decided) {
            (Some(search), None) => {
                let (nodes, max) = (search.progress().nodes(), search.progress().max_nodes());
                let done = u64::from(nodes) * 100 / u64::from(max.max(1));
                done.min(99) as u8
            }
            _ => 100,
        }
    }

    /// The search, if the level searches.
    pub fn search(&self) -> Option<&Search<G, E>> {
        self.search.as_ref()
    }

    /// Whether the decision is made (or there is none to make).
    pub fn done(&self) -> bool {
        self.decided.is_some() || !matches!(self.root.to_act(), ToAct::Seat(_))
    }

    // A frame of its own on the device's small stack (see `cargo xtask stack`).
    #[inline(never)]
    fn choose(&mut self) -> Option<G::Action> {
        let avoid = self.avoid;
        let scores: Vec<(G::Action, f32)> = self
            .search
            .as_ref()?
            .progress()
            .scores()
            .iter()
            .map(|&(a, v)| match avoid {
                Some((avoided, penalty)) if avoided == a => (a, v - penalty),
                _ => (a, v),
            })
            .collect();
        let best = scores.iter().map(|&(_, v)| v).fold(f32::MIN, f32::max);
        if self.temperature <= 0.0 {
            // The best, ties at random.
            let ties: Vec<G::Action> = scores.iter().filter(|&&(_, v)| v >= best - 1e-6).map(|&(a, _)| a).collect();
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

/// Runs `thinker` to its decision (for tools and tests).
pub fn finish<G: Game, E: Evaluator<G>>(mut thinker: Thinker<G, E>) -> Option<G::Action> {
    decide(&mut thinker)
}

/// Runs `thinker` to its decision, keeping it (for its table, say).
pub fn decide<G: Game, E: Evaluator<G>>(thinker: &mut Thinker<G, E>) -> Option<G::Action> {
    loop {
        if let Some(action) = thinker.step(u32::MAX) {
            return Some(action);
        }
        if thinker.done() {
            return None;
        }
    }
}
