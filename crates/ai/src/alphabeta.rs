//! Alpha-beta for two seats without chance, advanced in slices.
//!
//! Values are the root seat's: its own decisions take the highest, the rival's the
//! lowest, whoever acts (a seat may act twice in a row: Che's two tiles, a chain of
//! Chek Simple). Depth counts turns as the game does ([`Game::mid_turn`]). Iterative
//! deepening from one turn, a bounded transposition table (its best action tried
//! first, then the evaluator's order), quiescence over noisy actions with a stand-pat
//! at the nominal depth, and extensions where the evaluator asks for them. A chance
//! node, should a game have one, averages its outcomes searched with a full window.
//! The stack is explicit: the search stops after any node and goes on in the next
//! slice.

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
    stack: Vec<Frame<G>>,
    scratch: Vec<(i32, G::Action)>,
    /// The iterations, and the root's actions scored for the root seat.
    deepening: Deepening<G::Action>,
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
    fn new(state: G, kind: Kind, key: u64, place: Place, best: i32) -> Frame<G> {
        let Place { depth, ply, alpha, beta, quiescent, noisy_left, extensions, streak } = place;
        Frame {
            state,
            kind,
            actions: G::Actions::default(),
            outcomes: Outcomes::new(),
            total: 0,
            sum: 0,
            next: 0,
            alpha,
            beta,
            alpha0: alpha,
            beta0: beta,
            best,
            best_action: None,
            depth,
            ply,
            quiescent,
            noisy_left,
            extensions,
            streak,
            key,
        }
    }
}

/// What entering a state gave: a value at once, or a frame to search.
enum Entered<G: Game> {
    Value(i32),
    Frame(Frame<G>),
}

impl<G: Game, E: Evaluator<G>> AlphaBeta<G, E> {
    /// A search for the seat to act in `root`.
    pub fn new(root: G, config: Config, evaluator: E) -> AlphaBeta<G, E> {
        let me = match root.to_act() {
            ToAct::Seat(seat) => seat,
            _ => 0,
        };
        let mut search = AlphaBeta {
            table: Table::new(config.table_bytes),
            root,
            me,
            config,
            evaluator,
            stack: Vec::new(),
            scratch: Vec::new(),
            deepening: Deepening::new(),
        };
        search.start_iteration();
        search
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

    fn start_iteration(&mut self) {
        self.deepening.begin();
        self.stack.clear();
        let legal = self.root.legal();
        if legal.len() <= 1 || !matches!(self.root.to_act(), ToAct::Seat(_)) {
            self.deepening.settle(legal.iter().map(|&a| (a, 0.0)).collect());
            return;
        }
        let root = self.root.clone();
        match self.enter(root, self.deepening.iteration, 0, -INF, INF, 0, 0, false, 0) {
            Entered::Frame(frame) => self.stack.push(frame),
            // The root always opens a frame (it has actions and no table cut at ply 0).
            Entered::Value(_) => self.deepening.finished = true,
        }
    }

    /// Runs up to `budget` nodes. Returns true when the search has finished.
    pub fn step(&mut self, budget: u32) -> bool {
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

    /// The score of a finished game for the root seat: a win sooner is better.
    fn terminal(&self, state: &G, ply: u8) -> i32 {
        let share = state.payoffs().unwrap_or_default().share(self.me) as i32;
        let half = Payoffs::TOTAL as i32 / 2;
        match share.cmp(&half) {
            core::cmp::Ordering::Greater => WIN - ply as i32,
            core::cmp::Ordering::Equal => 0,
            core::cmp::Ordering::Less => -WIN + ply as i32,
        }
    }

    fn evaluate(&self, state: &G) -> i32 {
        self.evaluator.score(state, self.me).clamp(-MAX_EVAL, MAX_EVAL)
    }

    /// Opens `state`: a value at once (a finished game, a table hit, a leaf) or a frame.
    #[allow(clippy::too_many_arguments)]
    fn enter(
        &mut self,
        state: G,
        depth: u8,
        ply: u8,
        alpha: i32,
        beta: i32,
        extensions: u8,
        streak: u8,
        quiescent: bool,
        noisy_left: u8,
    ) -> Entered<G> {
        let seat = match state.to_act() {
            ToAct::Over => return Entered::Value(self.terminal(&state, ply)),
            ToAct::Chance => {
                let outcomes = state.outcomes();
                let total = outcomes.iter().map(|&(_, w)| w as i64).sum::<i64>().max(1);
                let place = Place { depth, ply, alpha, beta, quiescent, noisy_left, extensions, streak };
                let mut frame = Frame::new(state, Kind::Chance, 0, place, 0);
                frame.outcomes = outcomes;
                frame.total = total;
                return Entered::Frame(frame);
            }
            ToAct::Seat(seat) => seat,
        };
        let kind = if seat == self.me { Kind::Max } else { Kind::Min };
        let key = state.hash();
        let entry = self.table.probe(key);
        if let Some(e) = entry.filter(|e| ply > 0 && !quiescent && e.depth >= depth) {
            let value = from_table(e.value, ply);
            let usable = match e.bound {
                Bound::Exact => true,
                Bound::Lower => value >= beta,
                Bound::Upper => value <= alpha,
            };
            if usable {
                return Entered::Value(value);
            }
        }
        let (mut alpha, mut beta) = (alpha, beta);
        let mut best = if kind == Kind::Max { -INF } else { INF };
        let mut actions = state.legal();
        let quiescent = quiescent || depth == 0;
        if quiescent {
            let stand = self.evaluate(&state);
            actions.keep(|&a| self.evaluator.noisy(&state, a));
            if actions.is_empty() || noisy_left == 0 {
                return Entered::Value(stand);
            }
            match kind {
                Kind::Max if stand >= beta => return Entered::Value(stand),
                Kind::Min if stand <= alpha => return Entered::Value(stand),
                Kind::Max => alpha = alpha.max(stand),
                _ => beta = beta.min(stand),
            }
            best = stand;
        } else {
            self.evaluator.considered(&state, self.me, streak, &mut actions);
            if actions.is_empty() {
                actions = state.legal();
            }
        }
        self.order(&state, &mut actions, entry.and_then(|e| e.action));
        let place = Place { depth, ply, alpha, beta, quiescent, noisy_left, extensions, streak };
        let mut frame = Frame::new(state, kind, key, place, best);
        frame.actions = actions;
        Entered::Frame(frame)
    }

    /// The table's action first, then the evaluator's order, highest first.
    fn order(&mut self, state: &G, actions: &mut G::Actions, first: Option<G::Action>) {
        self.scratch.clear();
        for &action in actions.iter() {
            let key = if Some(action) == first { i32::MAX } else { self.evaluator.order(state, action) };
            self.scratch.push((key, action));
        }
        // Stable on equal keys: the legal order decides, so the search is deterministic.
        self.scratch.sort_by_key(|&(key, _)| core::cmp::Reverse(key));
        for (slot, &(_, action)) in actions.iter_mut().zip(&self.scratch) {
            *slot = action;
        }
    }

    /// Visits the next child of the top frame, or closes it.
    fn advance(&mut self) {
        let at_root = self.stack.len() == 1;
        let Some(frame) = self.stack.last_mut() else {
            return;
        };
        let cut = frame.kind != Kind::Chance && frame.alpha >= frame.beta;
        let (child, window) = match frame.kind {
            Kind::Chance => match frame.outcomes.get(frame.next) {
                Some(&(outcome, _)) if !cut => {
                    let mut child = frame.state.clone();
                    child.apply(Step::Chance(outcome));
                    (child, (-INF, INF))
                }
                _ => return self.close(),
            },
            _ => match frame.actions.get(frame.next) {
                Some(&action) if !cut => {
                    let mut child = frame.state.clone();
                    child.apply(Step::Act(action));
                    let window =
                        if at_root && self.config.exact_root { (-INF, INF) } else { (frame.alpha, frame.beta) };
                    (child, window)
                }
                _ => return self.close(),
            },
        };
        frame.next += 1;
        self.deepening.nodes += 1;
        let (parent_mid_turn, is_chance) = (frame.state.mid_turn(), frame.kind == Kind::Chance);
        let (depth, ply, quiescent, noisy_left, mut extensions, streak) =
            (frame.depth, frame.ply, frame.quiescent, frame.noisy_left, frame.extensions, frame.streak);
        let (child_depth, streak) = if child.mid_turn() {
            let streak = match (is_chance, parent_mid_turn) {
                (true, _) => streak,
                (false, true) => streak.saturating_add(1),
                (false, false) => 0,
            };
            (depth, streak)
        } else if !quiescent && extensions < self.config.extensions && self.evaluator.extend(&child) {
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
        let ply = ply.saturating_add(1);
        match self.enter(child, child_depth, ply, window.0, window.1, extensions, streak, quiescent, noisy_left) {
            Entered::Value(value) => self.feed(value),
            Entered::Frame(frame) => self.stack.push(frame),
        }
    }

    /// The top frame is done: its value goes to its parent (or ends the iteration).
    fn close(&mut self) {
        let Some(frame) = self.stack.pop() else {
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
        if self.stack.is_empty() {
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
        let at_root = self.stack.len() == 1;
        let exact_root = self.config.exact_root;
        let Some(frame) = self.stack.last_mut() else {
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
