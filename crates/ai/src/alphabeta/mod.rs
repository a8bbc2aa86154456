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

use alloc::vec::Vec;

use chek_engine::{Game, List, Payoffs, Step, ToAct};

pub use self::config::{Config, Features};
use self::frame::{Frame, Kind, Null, Place, Retry};
use self::memory::Memory;
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
/// Turns a null move's search is shallower than the node's, beyond the one it spends.
const NULL_REDUCTION: u8 = 2;
/// The actions of a node searched at full depth before late-move reductions begin.
const FULL_DEPTH_ACTIONS: usize = 3;

/// An alpha-beta search from one state, run in slices.
#[derive(Clone)]
pub struct AlphaBeta<G: Game, E: Evaluator<G>> {
    root: G,
    me: u8,
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
    /// Whether the first iteration has begun (at the first step).
    started: bool,
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
            _ => 0,
        };
        let slots = if config.features.history { evaluator.history_slots() } else { 0 };
        AlphaBeta {
            table: Table::new(config.table_bytes, config.features.buckets),
            memory: Memory::new(slots),
            root,
            me,
            config,
            evaluator,
            frames: Vec::new(),
            live: 0,
            ranks: Vec::new(),
            spare: Vec::new(),
            deepening: Deepening::new(),
            window: (-INF, INF),
            last_value: None,
            started: false,
        }
    }

    /// Nodes visited so far.
    pub fn nodes(&self) -> u32 {
        self.deepening.nodes
    }

    /// The most nodes it may visit.
    pub fn max_nodes(&self) -> u32 {
        self.config.max_nodes
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
        let Place { depth, ply, mut alpha, mut beta, quiescent, noisy_left, streak, after_null, .. } = place;
        let evaluator = &self.evaluator;
        let features = self.config.features;
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
        let quiescent = quiescent || depth == 0;
        let score = |state: &G| evaluator.score(state, self.me).clamp(-MAX_EVAL, MAX_EVAL);
        let mut null = Null::Skip;
        let mut staged = false;
        if quiescent {
            // The stand-pat first: a leaf that already holds its bound needs no list.
            let forced = evaluator.forced(state);
            if !forced || noisy_left == 0 {
                let stand = score(state);
                match kind {
                    _ if noisy_left == 0 => return Some(stand),
                    Kind::Max if stand >= beta => return Some(stand),
                    Kind::Min if stand <= alpha => return Some(stand),
                    Kind::Max => alpha = alpha.max(stand),
                    _ => beta = beta.min(stand),
                }
                best = stand;
            }
            if !evaluator.noisy_into(state, actions) {
                state.legal_into(actions);
                actions.keep(|&a| evaluator.noisy(state, a));
            }
            if actions.is_empty() {
                return Some(score(state));
            }
        } else {
            let first = entry.and_then(|e| e.action).filter(|_| ply > 0);
            staged = first.is_some_and(|a| evaluator.is_legal(state, a) == Some(true));
            match first {
                Some(action) if staged => {
                    actions.empty();
                    actions.add(action);
                }
                _ => generate(evaluator, (state, self.me, streak), actions),
            }
            let null_window = beta.saturating_sub(alpha) <= 1;
            if features.null_move && null_window && ply > 0 && !after_null && depth > NULL_REDUCTION {
                let stand = score(state);
                let holds = if kind == Kind::Max { stand >= beta } else { stand <= alpha };
                if holds && evaluator.can_pass(state) {
                    null = Null::Pending;
                }
            }
        }
        if !staged {
            let first = entry.and_then(|e| e.action);
            let scratch = (&mut self.ranks, &mut self.spare);
            order_actions(evaluator, (&self.memory, features), scratch, (state, ply), actions, first);
        }
        frame.open(kind, key, Place { alpha, beta, quiescent, ..place }, best);
        frame.null = null;
        frame.staged = staged;
        None
    }

    /// The top frame searched its table's action without a cut: the other actions
    /// follow, generated and ordered now. False if there are none.
    fn unstage(&mut self, top: usize) -> bool {
        let features = self.config.features;
        let Some(frame) = self.frames.get_mut(top) else { return false };
        frame.staged = false;
        let Some(&done) = frame.actions.first() else { return false };
        let Frame { state, actions, ply, .. } = frame;
        generate(&self.evaluator, (state, self.me, frame.streak), actions);
        actions.keep(|&a| a != done);
        let scratch = (&mut self.ranks, &mut self.spare);
        order_actions(&self.evaluator, (&self.memory, features), scratch, (state, *ply), actions, None);
        frame.next = 0;
        !frame.actions.is_empty()
    }

    /// Visits the next child of the top frame (a null move first where one is
    /// pending), or closes it.
    fn advance(&mut self) {
        let Some(top) = self.live.checked_sub(1) else {
            return;
        };
        let at_root = top == 0;
        let (exact_root, features) = (self.config.exact_root, self.config.features);
        let Some(frame) = self.frames.get_mut(top) else {
            return;
        };
        if frame.null == Null::Pending {
            frame.null = Null::Searching;
            return self.visit_null(top);
        }
        let cut = frame.kind != Kind::Chance && frame.alpha >= frame.beta;
        if !cut && frame.staged && frame.next >= frame.actions.len() && !self.unstage(top) {
            return self.close();
        }
        let Some(frame) = self.frames.get_mut(top) else {
            return;
        };
        let index = frame.next;
        let (step, window, reduce) = match frame.kind {
            Kind::Chance => match frame.outcomes.get(index) {
                Some(&(outcome, _)) if !cut => (Step::Chance(outcome), (-INF, INF), false),
                _ => return self.close(),
            },
            _ => match frame.actions.get(index) {
                Some(&action) if !cut => {
                    let full = if at_root && exact_root { (-INF, INF) } else { (frame.alpha, frame.beta) };
                    let nth = frame.searched;
                    let scout = features.pvs
                        && nth > 0
                        && frame.retry != Retry::Full
                        && !frame.quiescent
                        && !(at_root && exact_root);
                    let window = match (scout, frame.kind) {
                        (false, _) => full,
                        (true, Kind::Max) => (frame.alpha, frame.alpha.saturating_add(1)),
                        (true, _) => (frame.beta.saturating_sub(1), frame.beta),
                    };
                    let reduce = features.reductions
                        && frame.retry == Retry::First
                        && !frame.quiescent
                        && frame.depth >= 3
                        && nth >= FULL_DEPTH_ACTIONS
                        && !(at_root && exact_root)
                        && self.memory.killer(frame.ply, action) == 0
                        && !self.evaluator.noisy(&frame.state, action)
                        && !self.evaluator.extend(&frame.state);
                    frame.scout = scout;
                    (Step::Act(action), window, reduce)
                }
                _ => return self.close(),
            },
        };
        frame.next += 1;
        self.deepening.nodes += 1;
        let (parent_mid_turn, is_chance) = (frame.state.mid_turn(), frame.kind == Kind::Chance);
        let (depth, ply, quiescent, noisy_left, mut extensions, streak) =
            (frame.depth, frame.ply, frame.quiescent, frame.noisy_left, frame.extensions, frame.streak);
        let child = child_of(&mut self.frames, self.live, top);
        child.apply(step);
        let mut reduced = false;
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
        } else if reduce {
            reduced = true;
            (depth.saturating_sub(2).max(1), 0)
        } else {
            (depth.saturating_sub(1), 0)
        };
        if let Some(frame) = self.frames.get_mut(top) {
            frame.reduced = reduced;
        }
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
            after_null: false,
        };
        match self.enter(self.live, place) {
            Some(value) => self.feed(value),
            None => self.live += 1,
        }
    }

    /// Searches the top frame's null move: its turn passed, a null window at its beta
    /// (alpha for a rival's node), `NULL_REDUCTION` turns shallower.
    fn visit_null(&mut self, top: usize) {
        self.deepening.nodes += 1;
        let Some(frame) = self.frames.get_mut(top) else { return };
        let (alpha, beta, kind, depth, ply) = (frame.alpha, frame.beta, frame.kind, frame.depth, frame.ply);
        let extensions = frame.extensions;
        let Some(passed) = self.evaluator.pass(&frame.state) else {
            // Nothing to search after all: the node's own actions follow.
            frame.null = Null::Skip;
            return;
        };
        *child_of(&mut self.frames, self.live, top) = passed;
        let window = if kind == Kind::Max { (beta - 1, beta) } else { (alpha, alpha + 1) };
        let child_depth = depth.saturating_sub(1 + NULL_REDUCTION);
        let place = Place {
            depth: child_depth,
            ply: ply.saturating_add(1),
            alpha: window.0,
            beta: window.1,
            quiescent: false,
            noisy_left: if child_depth == 0 { self.config.quiescence } else { 0 },
            extensions,
            streak: 0,
            after_null: true,
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
fn terminal<G: Game>(state: &G, me: u8, ply: u8) -> i32 {
    let share = state.payoffs().unwrap_or_default().share(me) as i32;
    let half = Payoffs::TOTAL as i32 / 2;
    match share.cmp(&half) {
        core::cmp::Ordering::Greater => WIN - ply as i32,
        core::cmp::Ordering::Equal => 0,
        core::cmp::Ordering::Less => -WIN + ply as i32,
    }
}

/// Every action of `state` the search looks at: the legal ones, narrowed by the
/// evaluator (never to none) for the searching seat `me` and the turn's `streak`.
fn generate<G: Game, E: Evaluator<G>>(evaluator: &E, (state, me, streak): (&G, u8, u8), actions: &mut G::Actions) {
    state.legal_into(actions);
    evaluator.considered(state, me, streak, actions);
    if actions.is_empty() {
        state.legal_into(actions);
    }
}

/// Orders a node's actions as its features say: with killers and history, or by the
/// evaluator alone; `first` (the table's action) first either way.
fn order_actions<G: Game, E: Evaluator<G>>(
    evaluator: &E,
    (memory, features): (&Memory<G::Action>, Features),
    scratch: (&mut Vec<u64>, &mut Vec<G::Action>),
    (state, ply): (&G, u8),
    actions: &mut G::Actions,
    first: Option<G::Action>,
) {
    if features.killers || features.history {
        order_remembered(evaluator, memory, scratch, (state, ply), actions, first);
    } else {
        order(evaluator, scratch, state, actions, first);
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

/// As [`order`], with what the search has learnt: the table's action, then the noisy
/// actions by the evaluator's order, then the killers of this ply, then the quiet
/// actions by their history count (ties by the evaluator's order).
fn order_remembered<G: Game, E: Evaluator<G>>(
    evaluator: &E,
    memory: &Memory<G::Action>,
    scratch: (&mut Vec<u64>, &mut Vec<G::Action>),
    (state, ply): (&G, u8),
    actions: &mut G::Actions,
    first: Option<G::Action>,
) {
    const BAND: i32 = 1 << 28;
    let key = |_: usize, &action: &G::Action| {
        let own = evaluator.order(state, action).clamp(-(BAND / 4), BAND / 4);
        if Some(action) == first {
            i32::MAX
        } else if evaluator.noisy(state, action) {
            3 * BAND + own
        } else if memory.killer(ply, action) > 0 {
            2 * BAND + memory.killer(ply, action)
        } else {
            let history = memory.history(evaluator.history_slot(state, action)).min(BAND as u32 / 2) as i32;
            history + own.clamp(-(BAND / 8), BAND / 8) - BAND
        }
    };
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
