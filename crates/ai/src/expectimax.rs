//! Expectimax over decisions and chance nodes, on each seat's win chance, advanced in
//! slices.
//!
//! Decision nodes belong to the seat to act. The root seat takes its best child; every
//! other seat is modelled as a mix of best-for-itself and average
//! ([`Config::rival_best`], which the evaluator may change per decision), which is
//! max-n with a hedge: with a weight of 1 it is max-n, and with two seats and a weight
//! of one half it is "half worst case for us, half average". A chance node averages
//! its outcomes by their weights. Depth counts whole turns (a step that leaves its turn
//! going does not count, [`Game::mid_turn`]); iterative deepening keeps the last
//! completed depth, so the search can stop after any slice.

use alloc::vec::Vec;

use chek_engine::{Game, Outcomes, PerSeat, Seat, Step, ToAct, MAX_SEATS};

use crate::deepening::{self, Deepening};
use crate::evaluate::{Evaluator, Values};

/// How hard an expectimax looks.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Config {
    /// The deepest iteration, in turns (the root's own turn is the first).
    pub max_turns: u8,
    /// After this many nodes no deeper iteration starts or continues (depth 1 always
    /// completes).
    pub max_nodes: u32,
    /// The weight of a rival's best reply (for itself); the rest is its average reply.
    pub rival_best: f32,
}

/// What a frame is.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Kind {
    /// A seat decides: `actions`, `best`, `sum`, `count`.
    Decision,
    /// Chance: `outcomes`, `total`, `value`.
    Chance,
}

// A frame holds the fields of both kinds, so a slot of the frame vector is reused in
// place for either: the action list (the largest part) is filled where it lives and
// never copied through the stack, which is small on the device.
#[derive(Clone)]
struct Frame<G: Game> {
    kind: Kind,
    state: G,
    turns_left: u8,
    streak: u8,
    /// The next child to visit.
    next: usize,
    /// The seat to act, and whether its turn goes on from an earlier step (both asked
    /// once, not per child).
    mover: Seat,
    mid_turn: bool,
    actions: G::Actions,
    best: Values,
    sum: Values,
    count: u32,
    outcomes: Outcomes<G::Outcome>,
    total: u32,
    value: Values,
}

impl<G: Game> Frame<G> {
    fn new(state: G) -> Frame<G> {
        Frame {
            kind: Kind::Decision,
            state,
            turns_left: 0,
            streak: 0,
            next: 0,
            mover: Seat::FIRST,
            mid_turn: false,
            actions: G::Actions::default(),
            best: PerSeat([f32::MIN; MAX_SEATS]),
            sum: Values::default(),
            count: 0,
            outcomes: Outcomes::new(),
            total: 1,
            value: Values::default(),
        }
    }
}

/// An expectimax from one state, run in slices.
#[derive(Clone)]
pub struct Expectimax<G: Game, E: Evaluator<G>> {
    root: G,
    me: Seat,
    config: Config,
    evaluator: E,
    /// The frames of the path being searched: the first `live` of them (the rest are
    /// slots kept for reuse).
    frames: Vec<Frame<G>>,
    live: usize,
    /// The iterations, and the root's actions valued for the root seat.
    deepening: Deepening<G::Action>,
}

impl<G: Game, E: Evaluator<G>> core::fmt::Debug for Expectimax<G, E> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "Expectimax(depth {}, {} nodes)", self.deepening.depth(), self.deepening.nodes)
    }
}

fn add(a: &mut Values, b: &Values, w: f32) {
    for (x, y) in a.0.iter_mut().zip(&b.0) {
        *x += w * y;
    }
}

/// The seat to act in `state`, or `fallback` where nobody decides.
fn mover<G: Game>(state: &G, fallback: Seat) -> Seat {
    match state.to_act() {
        ToAct::Seat(seat) => seat,
        _ => fallback,
    }
}

impl<G: Game, E: Evaluator<G>> Expectimax<G, E> {
    /// A search for the seat to act in `root`.
    pub fn new(root: G, config: Config, evaluator: E) -> Expectimax<G, E> {
        let me = mover(&root, Seat::FIRST);
        Expectimax {
            root,
            me,
            config,
            evaluator,
            frames: Vec::new(),
            live: 0,
            deepening: Deepening::new(config.max_nodes),
        }
    }

    /// How far the search has come: its nodes, its deepest completed iteration, and the
    /// root's actions with their values (for the root seat) from it.
    pub fn progress(&self) -> &Deepening<G::Action> {
        &self.deepening
    }

    fn start_iteration(&mut self) {
        self.deepening.begin();
        self.live = 0;
        let ToAct::Seat(_) = self.root.to_act() else {
            self.deepening.settle(Vec::new());
            return;
        };
        let root = self.root.clone();
        let frame = self.open(&root, Kind::Decision, self.deepening.iteration, 0);
        if frame.actions.len() <= 1 {
            let settled = frame.actions.iter().map(|&a| (a, 0.5)).collect();
            self.live = 0;
            self.deepening.settle(settled);
        }
    }

    /// The next frame slot, set up for `state` as a frame of `kind` (a decision's
    /// actions, or a chance node's outcomes, filled in place).
    fn open(&mut self, state: &G, kind: Kind, turns_left: u8, streak: u8) -> &mut Frame<G> {
        if self.live == self.frames.len() {
            self.frames.push(Frame::new(state.clone()));
        }
        let index = self.live;
        self.live += 1;
        let frame = &mut self.frames[index];
        frame.kind = kind;
        frame.state.clone_from(state);
        frame.turns_left = turns_left;
        frame.streak = streak;
        frame.next = 0;
        match kind {
            Kind::Decision => {
                frame.mover = mover(state, Seat::FIRST);
                frame.mid_turn = state.mid_turn();
                frame.best = PerSeat([f32::MIN; MAX_SEATS]);
                frame.sum = Values::default();
                frame.count = 0;
                // The actions the search looks at: the legal ones, as the evaluator
                // narrows them (all of them if it leaves none).
                frame.state.legal_into(&mut frame.actions);
                self.evaluator.considered(&frame.state, self.me, streak, &mut frame.actions);
                if frame.actions.is_empty() {
                    frame.state.legal_into(&mut frame.actions);
                }
            }
            Kind::Chance => {
                frame.outcomes = state.outcomes();
                frame.total = frame.outcomes.iter().map(|&(_, w)| w as u32).sum::<u32>().max(1);
                frame.value = Values::default();
            }
        }
        frame
    }

    /// Runs up to `budget` nodes. Returns true when the search has finished.
    pub fn step(&mut self, budget: u32) -> bool {
        deepening::run(self, budget, |s| &mut s.deepening, Self::start_iteration, Self::expand_one)
    }

    /// Visits one child of the top frame, or closes the frame.
    fn expand_one(&mut self) {
        let Some(frame) = self.live.checked_sub(1).and_then(|top| self.frames.get_mut(top)) else {
            return;
        };
        let (turns_left, streak) = (frame.turns_left, frame.streak);
        let step = match frame.kind {
            Kind::Decision => frame.actions.get(frame.next).map(|&a| Step::Act(a)),
            Kind::Chance => frame.outcomes.get(frame.next).map(|&(o, _)| Step::Chance(o)),
        };
        let Some(step) = step else {
            return self.close();
        };
        frame.next += 1;
        let parent_mid_turn = (frame.kind == Kind::Decision).then_some(frame.mid_turn);
        let mut child = frame.state.clone();
        child.apply(step);
        self.deepening.nodes += 1;
        // A step that leaves its turn going keeps the depth; past a decision within a
        // turn the streak grows (a chance node passes it on).
        let (turns_left, streak) = if !child.mid_turn() {
            (turns_left.saturating_sub(1), 0)
        } else {
            match parent_mid_turn {
                Some(true) => (turns_left, streak.saturating_add(1)),
                Some(false) => (turns_left, 0),
                None => (turns_left, streak),
            }
        };
        self.enter(&child, turns_left, streak);
    }

    /// A child state: a leaf, a chance frame, or a new decision frame.
    fn enter(&mut self, state: &G, turns_left: u8, streak: u8) {
        match state.to_act() {
            ToAct::Over => {
                self.feed(state.payoffs().unwrap_or_default().values());
            }
            ToAct::Chance => {
                self.open(state, Kind::Chance, turns_left, streak);
            }
            ToAct::Seat(_) if turns_left == 0 => {
                let value = self.evaluator.values(state);
                self.feed(value);
            }
            ToAct::Seat(_) => {
                self.open(state, Kind::Decision, turns_left, streak);
            }
        }
    }

    /// The top frame is done: its value goes to its parent.
    fn close(&mut self) {
        let Some(top) = self.live.checked_sub(1) else {
            return;
        };
        self.live = top;
        let frame = &self.frames[top];
        let value = match frame.kind {
            Kind::Decision => {
                let count = frame.count.max(1) as f32;
                if frame.mover == self.me {
                    frame.best
                } else {
                    let w = self.evaluator.rival_best(&frame.state, &frame.actions, self.config.rival_best);
                    let mut v = Values::default();
                    add(&mut v, &frame.best, w);
                    add(&mut v, &frame.sum, (1.0 - w) / count);
                    v
                }
            }
            Kind::Chance => frame.value,
        };
        if self.live == 0 {
            // The root closed: the iteration is complete.
            self.deepening.complete();
            let d = &self.deepening;
            if d.iteration >= self.config.max_turns || d.nodes >= self.config.max_nodes {
                self.deepening.finished = true;
            } else {
                self.start_iteration();
            }
            return;
        }
        self.feed(value);
    }

    /// Adds a child's value to the top frame.
    fn feed(&mut self, value: Values) {
        let at_root = self.live == 1;
        let me = self.me;
        let Some(frame) = self.live.checked_sub(1).and_then(|top| self.frames.get_mut(top)) else {
            return;
        };
        match frame.kind {
            Kind::Decision => {
                let mover = frame.mover;
                if value[mover] > frame.best[mover] {
                    frame.best = value;
                }
                add(&mut frame.sum, &value, 1.0);
                frame.count += 1;
                if at_root {
                    if let Some(&action) = frame.actions.get(frame.next - 1) {
                        self.deepening.record(action, value[me]);
                    }
                }
            }
            Kind::Chance => {
                let weight = frame.outcomes.get(frame.next - 1).map_or(0, |&(_, w)| w);
                let w = weight as f32 / frame.total as f32;
                add(&mut frame.value, &value, w);
            }
        }
    }
}
