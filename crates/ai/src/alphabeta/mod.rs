//! Alpha-beta for two seats without chance, advanced in slices.
//!
//! Values are the root seat's: its own decisions take the highest, the rival's the
//! lowest, whoever acts (a seat may act twice in a row: Che's two tiles, a chain of
//! Chek Simple). Depth counts turns as the game does ([`Game::mid_turn`]). Iterative
//! deepening from one turn, a bounded transposition table (its best action tried
//! first, then the evaluator's order), quiescence over noisy actions with a stand-pat
//! at the nominal depth (none where the evaluator says a noisy action is forced), and
//! extensions where the evaluator asks for them. A chance node, should a game have
//! one, averages its outcomes searched with a full window. The stack is explicit: the
//! search stops after any node and goes on in the next slice.
//!
//! The refinements of [`Features`] are each a game's choice: principal-variation
//! search, killer and history ordering, late-move reductions, null moves, aspiration
//! windows and a two-way table. A child searched on a guess (a null window, a reduced
//! depth) is searched again in place when the guess fails, so the slices never hold a
//! recursion either.

mod config;
mod frame;
mod memory;
mod order;
mod walk;

use alloc::vec::Vec;

use chek_engine::{Game, Payoffs, Seat, ToAct};

pub use self::config::{Config, Features};
use self::frame::{Frame, Kind, Null, Place, Retry};
use self::memory::{Memory, Scores};
use crate::deepening::{self, Deepening};
use crate::evaluate::Evaluator;
use crate::tt::{Bound, Entry, Table};

/// Evaluator scores stay within ± this.
pub const MAX_EVAL: i32 = 100_000;
/// A won game, less the plies it takes.
pub const WIN: i32 = 1_000_000;
const INF: i32 = i32::MAX / 2;
/// Scores per unit of [`AlphaBeta::scores`].
pub const SCORE_UNIT: f32 = 10_000.0;
/// Turns a null move's search is shallower than the node's, beyond the one it spends.
const NULL_REDUCTION: u8 = 2;
/// The turns left within which reverse futility may cut a node ([`Features::futility`]).
const FUTILITY_DEPTH: u8 = 3;
/// The actions of a node searched at full depth before late-move reductions begin.
const FULL_DEPTH_ACTIONS: usize = 3;
/// The fewest turns left at which internal iterative reduction applies
/// ([`Features::iir`]).
const IIR_DEPTH: u8 = 3;
/// The turns left within which late-move pruning may skip a node's quiet actions
/// ([`Features::lmp`]).
const LATE_DEPTH: u8 = 2;

/// The turns a late quiet action is searched shallower by with
/// [`Features::deep_lmr`]: one, and more the deeper the node and the later the action
/// (a turn more for about every 2.5 of the product of their logarithms).
#[must_use]
pub fn late_reduction(depth: u8, nth: usize) -> u8 {
    let product = libm::logf(f32::from(depth.max(1))) * libm::logf(nth.max(1) as f32);
    1 + (product / 2.5) as u8
}

/// How many children a node `depth` turns from the leaves searches before late-move
/// pruning skips its quiet actions ([`Features::lmp`]): 6 a turn from the leaves, 15
/// two turns.
#[must_use]
pub const fn late_moves(depth: u8) -> usize {
    3 + 3 * (depth as usize) * (depth as usize)
}

/// A transposition table kept from one decision to the same seat's next
/// ([`AlphaBeta::keep_table`]).
#[derive(Clone)]
pub struct KeptTable<A> {
    table: Table<A>,
    me: Seat,
}

impl<A> core::fmt::Debug for KeptTable<A> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "KeptTable({} bytes, seat {:?})", self.table.bytes(), self.me)
    }
}

/// An alpha-beta search from one state, run in slices.
#[derive(Clone)]
pub struct AlphaBeta<G: Game, E: Evaluator<G>> {
    root: G,
    me: Seat,
    config: Config,
    evaluator: E,
    table: Table<G::Action>,
    memory: Memory<G::Action>,
    /// The line being searched: `frames[..live]`, the root first. Frames past `live`
    /// stay for reuse, so a node is searched in place without moving its state or its
    /// actions.
    frames: Vec<Frame<G>>,
    live: usize,
    /// Working room for ordering a node's actions ([`crate::order_by_key`]).
    ranks: Vec<u64>,
    spare: Vec<G::Action>,
    /// The iterations, and the root's actions scored for the root seat.
    deepening: Deepening<G::Action>,
    /// The root's window in the iteration under way (an aspiration window, or full).
    window: (i32, i32),
    /// The value of the last completed iteration.
    last_value: Option<i32>,
    /// Static scores already computed, where the features keep them.
    scores: Scores,
}

impl<G: Game, E: Evaluator<G>> core::fmt::Debug for AlphaBeta<G, E> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "AlphaBeta(depth {}, {} nodes)", self.deepening.depth(), self.deepening.nodes)
    }
}

impl<G: Game, E: Evaluator<G>> AlphaBeta<G, E> {
    /// A search for the seat to act in `root`.
    pub fn new(root: G, config: Config, evaluator: E) -> AlphaBeta<G, E> {
        let me = match root.to_act() {
            ToAct::Seat(seat) => seat,
            _ => Seat::FIRST,
        };
        let slots = if config.features.history { evaluator.history_slots() } else { 0 };
        AlphaBeta {
            root,
            me,
            config,
            evaluator,
            // Made at the first slice, unless a kept one comes first (`reuse_table`).
            table: Table::empty(),
            memory: Memory::new(slots),
            frames: Vec::new(),
            live: 0,
            ranks: Vec::new(),
            spare: Vec::new(),
            deepening: Deepening::new(config.max_nodes),
            window: (-INF, INF),
            last_value: None,
            scores: Scores::new(config.features.score_cache),
        }
    }

    /// How far the search has come: its nodes, its deepest completed iteration, and the
    /// root's actions with their scores (over [`SCORE_UNIT`]) from it. Only the best
    /// score is exact unless [`Config::exact_root`]; the others are below it.
    pub fn progress(&self) -> &Deepening<G::Action> {
        &self.deepening
    }

    /// The transposition table's size in bytes.
    pub fn table_bytes(&self) -> usize {
        self.table.bytes()
    }

    /// The root's scores when there is nothing to search (one action or none, or not
    /// a seat's decision). The legal list lives in this frame only, off the search's
    /// path on the device's small stack.
    #[inline(never)]
    fn nothing_to_search(&self) -> Option<Vec<(G::Action, f32)>> {
        let legal = self.root.legal();
        (legal.len() <= 1 || !matches!(self.root.to_act(), ToAct::Seat(_)))
            .then(|| legal.iter().map(|&a| (a, 0.0)).collect())
    }

    /// The root's frame slot, made once (in a frame of its own on the device's stack).
    #[inline(never)]
    fn first_frame(&mut self) {
        self.frames.push(Frame::holding(self.root.clone()));
    }

    fn start_iteration(&mut self) {
        self.deepening.begin();
        let width = i32::from(self.config.features.aspiration);
        self.window = match self.last_value {
            Some(v) if width > 0 && self.deepening.iteration >= 3 && !self.config.exact_root && v.abs() < MAX_EVAL => {
                (v - width, v + width)
            }
            _ => (-INF, INF),
        };
        self.open_root();
    }

    /// Opens the root for the iteration under way, with the root's window.
    fn open_root(&mut self) {
        self.live = 0;
        if let Some(settled) = self.nothing_to_search() {
            self.deepening.settle(settled);
            return;
        }
        match self.frames.first_mut() {
            Some(frame) => frame.state.clone_from(&self.root),
            None => self.first_frame(),
        }
        let place = Place {
            depth: self.deepening.iteration,
            ply: 0,
            alpha: self.window.0,
            beta: self.window.1,
            quiescent: false,
            noisy_left: 0,
            extensions: 0,
            streak: 0,
            after_null: false,
        };
        match self.enter(0, place) {
            None => self.live = 1,
            // The root always opens a frame (it has actions and no table cut at ply 0).
            Some(_) => self.deepening.finished = true,
        }
    }

    /// Runs up to `budget` nodes. Returns true when the search has finished.
    pub fn step(&mut self, budget: u32) -> bool {
        deepening::run(self, budget, |s| &mut s.deepening, Self::start, Self::advance)
    }

    /// The first slice: the table (unless one was kept), then the first iteration.
    fn start(&mut self) {
        if !self.table.fits(self.config.table_bytes, self.config.features.buckets) {
            self.table = Table::new(self.config.table_bytes, self.config.features.buckets);
        }
        self.start_iteration();
    }

    /// The transposition table, for this player's next decision, where its features
    /// keep it ([`Features::keep`]); the search is left without one.
    pub fn keep_table(&mut self) -> Option<KeptTable<G::Action>> {
        let table = core::mem::replace(&mut self.table, Table::empty());
        self.config.features.keep.then_some(KeptTable { table, me: self.me })
    }

    /// Takes over the table an earlier decision of the same seat kept, before the
    /// first slice, if this search keeps tables and it was made with the same
    /// settings. Its values are that seat's, as this search's are.
    pub fn reuse_table(&mut self, kept: KeptTable<G::Action>) {
        let fits = kept.table.fits(self.config.table_bytes, self.config.features.buckets);
        if self.config.features.keep && kept.me == self.me && fits && self.deepening.iteration == 0 {
            self.table = kept.table;
        }
    }

    /// The top frame is done: its value goes to its parent (or ends the iteration).
    fn close(&mut self) {
        let Some(top) = self.live.checked_sub(1) else {
            return;
        };
        self.live = top;
        let Some(frame) = self.frames.get(top) else {
            return;
        };
        let value = match frame.kind {
            Kind::Chance => (frame.sum / frame.total) as i32,
            _ => frame.best,
        };
        let bound = if value <= frame.alpha0 {
            Bound::Upper
        } else if value >= frame.beta0 {
            Bound::Lower
        } else {
            Bound::Exact
        };
        if frame.kind != Kind::Chance && !frame.quiescent {
            self.table.store(Entry {
                key: frame.key,
                value: to_table(value, frame.ply),
                depth: frame.depth,
                bound,
                action: frame.best_action,
            });
        }
        if self.live == 0 {
            return self.end_iteration(value, bound);
        }
        self.feed(value);
    }

    /// The root has its value: search again with the whole window if the aspiration
    /// window missed it, else go one deeper or finish.
    fn end_iteration(&mut self, value: i32, bound: Bound) {
        if bound != Bound::Exact && self.window != (-INF, INF) {
            self.window = (-INF, INF);
            self.deepening.restart();
            return self.open_root();
        }
        self.deepening.complete();
        self.last_value = Some(value);
        // A won or lost game settles the best action (unless every action's own score
        // is wanted).
        let decided = value.abs() >= WIN - 255 && !self.config.exact_root;
        let d = &self.deepening;
        if d.iteration >= self.config.max_depth || d.nodes >= self.config.max_nodes || decided {
            self.deepening.finished = true;
        } else {
            self.start_iteration();
        }
    }

    /// Adds a child's value to the top frame: a null move's cut, a guess to search
    /// again, or a value that may raise the node's best.
    fn feed(&mut self, value: i32) {
        let at_root = self.live == 1;
        let exact_root = self.config.exact_root;
        let features = self.config.features;
        let Some(frame) = self.live.checked_sub(1).and_then(|top| self.frames.get_mut(top)) else {
            return;
        };
        if frame.null == Null::Searching {
            frame.null = Null::Skip;
            // A pass that still holds the bound cuts the node (a win found after a
            // pass is not trusted: it only holds the bound).
            let held = if frame.kind == Kind::Max { value >= frame.beta } else { value <= frame.alpha };
            match frame.kind {
                Kind::Max if held => (frame.best, frame.alpha) = (frame.beta, frame.beta),
                _ if held => (frame.best, frame.beta) = (frame.alpha, frame.alpha),
                _ => {}
            }
            return;
        }
        let index = frame.next.saturating_sub(1);
        if frame.kind != Kind::Chance {
            let improves = if frame.kind == Kind::Max { value > frame.alpha } else { value < frame.beta };
            let inside = value > frame.alpha && value < frame.beta;
            let again = match frame.retry {
                Retry::First if frame.reduced && improves => Some(Retry::Unreduced),
                Retry::First | Retry::Unreduced if frame.scout && inside => Some(Retry::Full),
                _ => None,
            };
            frame.reduced = false;
            if let Some(retry) = again {
                frame.retry = retry;
                frame.next = index;
                return;
            }
            frame.retry = Retry::First;
        }
        frame.searched += 1;
        match frame.kind {
            Kind::Chance => {
                let weight = frame.outcomes.get(index).map_or(0, |&(_, w)| w as i64);
                frame.sum += weight * value as i64;
            }
            Kind::Max => {
                let alpha_before = frame.alpha;
                if value > frame.best {
                    frame.best = value;
                    frame.best_action = frame.actions.get(index).copied();
                }
                frame.alpha = frame.alpha.max(value);
                if at_root {
                    // A root action that failed low is only known to be no better than
                    // the best so far: it must not tie with it.
                    let shown = if exact_root || value > alpha_before { value } else { value.min(alpha_before - 1) };
                    if let Some(&action) = frame.actions.get(index) {
                        self.deepening.record(action, shown as f32 / SCORE_UNIT);
                    }
                }
            }
            Kind::Min => {
                if value < frame.best {
                    frame.best = value;
                    frame.best_action = frame.actions.get(index).copied();
                }
                frame.beta = frame.beta.min(value);
            }
        }
        if frame.kind != Kind::Chance && frame.alpha >= frame.beta && !frame.quiescent {
            if let Some(&action) = frame.actions.get(index) {
                if (features.killers || features.history) && !self.evaluator.noisy(&frame.state, action) {
                    let slot = self.evaluator.history_slot(&frame.state, action);
                    self.memory.cut(frame.ply, frame.depth, action, slot, features.killers);
                }
            }
        }
    }
}

/// The state of the frame after `live` (the next to open), a copy of the state at
/// `top`: the frame is kept from earlier lines when there is one, so the search
/// allocates only as its line first grows.
fn child_of<G: Game>(frames: &mut Vec<Frame<G>>, live: usize, top: usize) -> &mut G {
    if frames.len() == live {
        if let Some(copy) = frames.get(top).map(|f| Frame::holding(f.state.clone())) {
            frames.push(copy);
        }
    }
    let (line, rest) = frames.split_at_mut(live);
    // `live` > `top`, and the frame at `live` exists now.
    let child = &mut rest[0].state;
    child.clone_from(&line[top].state);
    child
}

/// The score of a finished game for seat `me`: a win sooner is better.
fn terminal<G: Game>(state: &G, me: Seat, ply: u8) -> i32 {
    let share = state.payoffs().unwrap_or_default().share(me) as i32;
    let half = Payoffs::TOTAL as i32 / 2;
    match share.cmp(&half) {
        core::cmp::Ordering::Greater => WIN - ply as i32,
        core::cmp::Ordering::Equal => 0,
        core::cmp::Ordering::Less => -WIN + ply as i32,
    }
}

/// A win or loss stored in the table counts its plies from the stored state.
fn to_table(value: i32, ply: u8) -> i32 {
    if value >= WIN - 255 {
        value + ply as i32
    } else if value <= -WIN + 255 {
        value - ply as i32
    } else {
        value
    }
}

fn from_table(value: i32, ply: u8) -> i32 {
    if value >= WIN - 255 {
        value - ply as i32
    } else if value <= -WIN + 255 {
        value + ply as i32
    } else {
        value
    }
}
