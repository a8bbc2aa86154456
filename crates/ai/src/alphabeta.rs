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

use alloc::vec::Vec;

use chek_engine::{Game, List, Outcomes, Payoffs, Step, ToAct};

use crate::deepening::Deepening;
use crate::evaluate::Evaluator;
use crate::tt::{Bound, Entry, Table};

/// Evaluator scores stay within ± this.
pub const MAX_EVAL: i32 = 100_000;
/// A won game, less the plies it takes.
pub const WIN: i32 = 1_000_000;
const INF: i32 = i32::MAX / 2;
/// Scores per unit of [`AlphaBeta::scores`].
pub const SCORE_UNIT: f32 = 10_000.0;

/// How hard an alpha-beta looks.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Config {
    /// The deepest iteration, in turns.
    pub max_depth: u8,
    /// After this many nodes no deeper iteration starts or continues (depth 1 always
    /// completes).
    pub max_nodes: u32,
    /// The most noisy actions searched past the nominal depth along a line (0: no
    /// quiescence).
    pub quiescence: u8,
    /// The most extensions along a line.
    pub extensions: u8,
    /// The transposition table's size in bytes (0: none).
    pub table_bytes: usize,
    /// Search every root action with a full window, so that each gets its exact score
    /// (for a softmax choice); otherwise only the best is exact.
    pub exact_root: bool,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Kind {
    Max,
    Min,
    Chance,
}

#[derive(Clone)]
struct Frame<G: Game> {
    state: G,
    kind: Kind,
    actions: G::Actions,
    outcomes: Outcomes<G::Outcome>,
    total: i64,
    sum: i64,
    next: usize,
    alpha: i32,
    beta: i32,
    alpha0: i32,
    beta0: i32,
    best: i32,
    best_action: Option<G::Action>,
    depth: u8,
    ply: u8,
    quiescent: bool,
    noisy_left: u8,
    extensions: u8,
    streak: u8,
    key: u64,
}

/// An alpha-beta search from one state, run in slices.
#[derive(Clone)]
pub struct AlphaBeta<G: Game, E: Evaluator<G>> {
    root: G,
    me: u8,
    config: Config,
    evaluator: E,
    table: Table<G::Action>,
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
    /// Whether the first iteration has begun (at the first step).
    started: bool,
}

impl<G: Game, E: Evaluator<G>> core::fmt::Debug for AlphaBeta<G, E> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "AlphaBeta(depth {}, {} nodes)", self.deepening.depth(), self.deepening.nodes)
    }
}

/// Where a frame stands in the search: its depth, window and budgets.
#[derive(Clone, Copy)]
struct Place {
    depth: u8,
    ply: u8,
    alpha: i32,
    beta: i32,
    quiescent: bool,
    noisy_left: u8,
    extensions: u8,
    streak: u8,
}

impl<G: Game> Frame<G> {
    /// A frame for `state` (its other fields are set when it is opened).
    fn holding(state: G) -> Frame<G> {
        Frame {
            state,
            kind: Kind::Max,
            actions: G::Actions::default(),
            outcomes: Outcomes::new(),
            total: 0,
            sum: 0,
            next: 0,
            alpha: 0,
            beta: 0,
            alpha0: 0,
            beta0: 0,
            best: 0,
            best_action: None,
            depth: 0,
            ply: 0,
            quiescent: false,
            noisy_left: 0,
            extensions: 0,
            streak: 0,
            key: 0,
        }
    }

    /// Opens the frame as a node of `kind` at `place`, its best so far `best` (its
    /// state, actions and outcomes are set by the caller).
    fn open(&mut self, kind: Kind, key: u64, place: Place, best: i32) {
        let Place { depth, ply, alpha, beta, quiescent, noisy_left, extensions, streak } = place;
        self.kind = kind;
        self.total = 0;
        self.sum = 0;
        self.next = 0;
        self.alpha = alpha;
        self.beta = beta;
        self.alpha0 = alpha;
        self.beta0 = beta;
        self.best = best;
        self.best_action = None;
        self.depth = depth;
        self.ply = ply;
        self.quiescent = quiescent;
        self.noisy_left = noisy_left;
        self.extensions = extensions;
        self.streak = streak;
        self.key = key;
    }
}

impl<G: Game, E: Evaluator<G>> AlphaBeta<G, E> {
    /// A search for the seat to act in `root`.
    pub fn new(root: G, config: Config, evaluator: E) -> AlphaBeta<G, E> {
        let me = match root.to_act() {
            ToAct::Seat(seat) => seat,
            _ => 0,
        };
        AlphaBeta {
            table: Table::new(config.table_bytes),
            root,
            me,
            config,
            evaluator,
            frames: Vec::new(),
            live: 0,
            ranks: Vec::new(),
            spare: Vec::new(),
            deepening: Deepening::new(),
            started: false,
        }
    }

    /// Nodes visited so far.
    pub fn nodes(&self) -> u32 {
        self.deepening.nodes
    }

    /// The deepest completed iteration, in turns.
    pub fn depth(&self) -> u8 {
        self.deepening.depth()
    }

    /// The root's actions with their scores (over [`SCORE_UNIT`]) from the deepest
    /// completed iteration. Only the best is exact unless [`Config::exact_root`]; the
    /// others are below it.
    pub fn scores(&self) -> &[(G::Action, f32)] {
        self.deepening.scores()
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
            alpha: -INF,
            beta: INF,
            quiescent: false,
            noisy_left: 0,
            extensions: 0,
            streak: 0,
        };
        match self.enter(0, place) {
            None => self.live = 1,
            // The root always opens a frame (it has actions and no table cut at ply 0).
            Some(_) => self.deepening.finished = true,
        }
    }

    /// Runs up to `budget` nodes. Returns true when the search has finished.
    pub fn step(&mut self, budget: u32) -> bool {
        // The first iteration starts with the first slice, not when the search is made
        // (making it stays cheap on the device's stack).
        if !self.started {
            self.started = true;
            self.start_iteration();
        }
        let mut budget = budget;
        while !self.deepening.finished && budget > 0 {
            if self.deepening.out_of_nodes(self.config.max_nodes) {
                self.deepening.finished = true;
                break;
            }
            budget -= 1;
            self.advance();
        }
        self.deepening.finished
    }

    /// Opens the state in `frames[index]` at `place`: its value at once (a finished
    /// game, a table hit, a leaf), or `None` with the frame ready to search.
    fn enter(&mut self, index: usize, place: Place) -> Option<i32> {
        let Place { depth, ply, mut alpha, mut beta, quiescent, noisy_left, streak, .. } = place;
        let evaluator = &self.evaluator;
        let frame = self.frames.get_mut(index)?;
        let seat = match frame.state.to_act() {
            ToAct::Over => return Some(terminal(&frame.state, self.me, ply)),
            ToAct::Chance => {
                frame.outcomes = frame.state.outcomes();
                frame.open(Kind::Chance, 0, place, 0);
                frame.total = frame.outcomes.iter().map(|&(_, w)| w as i64).sum::<i64>().max(1);
                return None;
            }
            ToAct::Seat(seat) => seat,
        };
        let kind = if seat == self.me { Kind::Max } else { Kind::Min };
        let key = frame.state.hash();
        let entry = self.table.probe(key);
        if let Some(e) = entry.filter(|e| ply > 0 && !quiescent && e.depth >= depth) {
            let value = from_table(e.value, ply);
            let usable = match e.bound {
                Bound::Exact => true,
                Bound::Lower => value >= beta,
                Bound::Upper => value <= alpha,
            };
            if usable {
                return Some(value);
            }
        }
        let mut best = if kind == Kind::Max { -INF } else { INF };
        let Frame { state, actions, .. } = frame;
        state.legal_into(actions);
        let quiescent = quiescent || depth == 0;
        let score = |state: &G| evaluator.score(state, self.me).clamp(-MAX_EVAL, MAX_EVAL);
        if quiescent {
            actions.keep(|&a| evaluator.noisy(state, a));
            let forced = evaluator.forced(state);
            if actions.is_empty() || noisy_left == 0 {
                return Some(score(state));
            }
            if !forced {
                let stand = score(state);
                match kind {
                    Kind::Max if stand >= beta => return Some(stand),
                    Kind::Min if stand <= alpha => return Some(stand),
                    Kind::Max => alpha = alpha.max(stand),
                    _ => beta = beta.min(stand),
                }
                best = stand;
            }
        } else {
            evaluator.considered(state, self.me, streak, actions);
            if actions.is_empty() {
                state.legal_into(actions);
            }
        }
        order(evaluator, (&mut self.ranks, &mut self.spare), state, actions, entry.and_then(|e| e.action));
        frame.open(kind, key, Place { alpha, beta, quiescent, ..place }, best);
        None
    }

    /// Visits the next child of the top frame, or closes it.
    fn advance(&mut self) {
        let Some(top) = self.live.checked_sub(1) else {
            return;
        };
        let at_root = top == 0;
        let exact_root = self.config.exact_root;
        let Some(frame) = self.frames.get_mut(top) else {
            return;
        };
        let cut = frame.kind != Kind::Chance && frame.alpha >= frame.beta;
        let (step, window) = match frame.kind {
            Kind::Chance => match frame.outcomes.get(frame.next) {
                Some(&(outcome, _)) if !cut => (Step::Chance(outcome), (-INF, INF)),
                _ => return self.close(),
            },
            _ => match frame.actions.get(frame.next) {
                Some(&action) if !cut => {
                    let window = if at_root && exact_root { (-INF, INF) } else { (frame.alpha, frame.beta) };
                    (Step::Act(action), window)
                }
                _ => return self.close(),
            },
        };
        frame.next += 1;
        self.deepening.nodes += 1;
        let (parent_mid_turn, is_chance) = (frame.state.mid_turn(), frame.kind == Kind::Chance);
        let (depth, ply, quiescent, noisy_left, mut extensions, streak) =
            (frame.depth, frame.ply, frame.quiescent, frame.noisy_left, frame.extensions, frame.streak);
        // The child goes in the next frame, kept from earlier lines when there is one.
        if self.frames.len() == self.live {
            let copy = Frame::holding(self.frames[top].state.clone());
            self.frames.push(copy);
        }
        let (line, rest) = self.frames.split_at_mut(self.live);
        let child = &mut rest[0].state;
        child.clone_from(&line[top].state);
        child.apply(step);
        let (child_depth, streak) = if child.mid_turn() {
            let streak = match (is_chance, parent_mid_turn) {
                (true, _) => streak,
                (false, true) => streak.saturating_add(1),
                (false, false) => 0,
            };
            (depth, streak)
        } else if !quiescent && extensions < self.config.extensions && self.evaluator.extend(child) {
            extensions += 1;
            (depth, 0)
        } else {
            (depth.saturating_sub(1), 0)
        };
        let noisy_left = if quiescent {
            noisy_left.saturating_sub(1)
        } else if child_depth == 0 {
            self.config.quiescence
        } else {
            noisy_left
        };
        let place = Place {
            depth: child_depth,
            ply: ply.saturating_add(1),
            alpha: window.0,
            beta: window.1,
            quiescent,
            noisy_left,
            extensions,
            streak,
        };
        match self.enter(self.live, place) {
            Some(value) => self.feed(value),
            None => self.live += 1,
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
        if frame.kind != Kind::Chance && !frame.quiescent {
            let bound = if value <= frame.alpha0 {
                Bound::Upper
            } else if value >= frame.beta0 {
                Bound::Lower
            } else {
                Bound::Exact
            };
            self.table.store(Entry {
                key: frame.key,
                value: to_table(value, frame.ply),
                depth: frame.depth,
                bound,
                action: frame.best_action,
            });
        }
        if self.live == 0 {
            self.deepening.complete();
            // A won or lost game settles the best action (unless every action's own
            // score is wanted).
            let decided = value.abs() >= WIN - 255 && !self.config.exact_root;
            let d = &self.deepening;
            if d.iteration >= self.config.max_depth || d.nodes >= self.config.max_nodes || decided {
                self.deepening.finished = true;
            } else {
                self.start_iteration();
            }
            return;
        }
        self.feed(value);
    }

    /// Adds a child's value to the top frame.
    fn feed(&mut self, value: i32) {
        let at_root = self.live == 1;
        let exact_root = self.config.exact_root;
        let Some(frame) = self.live.checked_sub(1).and_then(|top| self.frames.get_mut(top)) else {
            return;
        };
        let index = frame.next.saturating_sub(1);
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
    }
}

/// The score of a finished game for seat `me`: a win sooner is better.
fn terminal<G: Game>(state: &G, me: u8, ply: u8) -> i32 {
    let share = state.payoffs().unwrap_or_default().share(me) as i32;
    let half = Payoffs::TOTAL as i32 / 2;
    match share.cmp(&half) {
        core::cmp::Ordering::Greater => WIN - ply as i32,
        core::cmp::Ordering::Equal => 0,
        core::cmp::Ordering::Less => -WIN + ply as i32,
    }
}

/// Puts the table's action first, then the rest by the evaluator's order, highest
/// first, equal keys in the legal order (so the search is deterministic); `scratch` is
/// working room.
fn order<G: Game, E: Evaluator<G>>(
    evaluator: &E,
    scratch: (&mut Vec<u64>, &mut Vec<G::Action>),
    state: &G,
    actions: &mut G::Actions,
    first: Option<G::Action>,
) {
    let key =
        |_: usize, &action: &G::Action| if Some(action) == first { i32::MAX } else { evaluator.order(state, action) };
    crate::order_by_key(actions, key, scratch.0, scratch.1);
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
