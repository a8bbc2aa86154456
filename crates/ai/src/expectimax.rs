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

use chek_engine::{Game, Outcomes, Step, ToAct};

use crate::deepening::Deepening;
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

// Decision frames carry their action list inline: the frames live in one reused Vec,
// so a large list costs no allocation per node.
#[derive(Clone)]
enum Node<G: Game> {
    Decision {
        state: G,
        /// The seat to act, and whether its turn goes on from an earlier step (both
        /// asked once, not per child).
        mover: u8,
        mid_turn: bool,
        actions: G::Actions,
        next: usize,
        best: Values,
        sum: Values,
        count: u32,
    },
    Chance {
        state: G,
        outcomes: Outcomes<G::Outcome>,
        total: u32,
        next: usize,
        value: Values,
    },
}

#[derive(Clone)]
struct Frame<G: Game> {
    node: Node<G>,
    turns_left: u8,
    streak: u8,
}

/// An expectimax from one state, run in slices.
#[derive(Clone)]
pub struct Expectimax<G: Game, E: Evaluator<G>> {
    root: G,
    me: u8,
    config: Config,
    evaluator: E,
    stack: Vec<Frame<G>>,
    /// The iterations, and the root's actions valued for the root seat.
    deepening: Deepening<G::Action>,
}

impl<G: Game, E: Evaluator<G>> core::fmt::Debug for Expectimax<G, E> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "Expectimax(depth {}, {} nodes)", self.deepening.depth(), self.deepening.nodes)
    }
}

fn add(a: &mut Values, b: &Values, w: f32) {
    for (x, y) in a.iter_mut().zip(b) {
        *x += w * y;
    }
}

/// The seat to act in `state`, or `fallback` where nobody decides.
fn mover<G: Game>(state: &G, fallback: u8) -> u8 {
    match state.to_act() {
        ToAct::Seat(seat) => seat,
        _ => fallback,
    }
}

impl<G: Game, E: Evaluator<G>> Expectimax<G, E> {
    /// A search for the seat to act in `root`.
    pub fn new(root: G, config: Config, evaluator: E) -> Expectimax<G, E> {
        let me = mover(&root, 0);
        let mut search = Expectimax { root, me, config, evaluator, stack: Vec::new(), deepening: Deepening::new() };
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

    /// The root's actions with their values (for the root seat) from the deepest
    /// completed iteration.
    pub fn scores(&self) -> &[(G::Action, f32)] {
        self.deepening.scores()
    }

    fn start_iteration(&mut self) {
        self.deepening.begin();
        self.stack.clear();
        let actions = self.considered(&self.root, 0);
        if actions.len() <= 1 || !matches!(self.root.to_act(), ToAct::Seat(_)) {
            self.deepening.settle(actions.iter().map(|&a| (a, 0.5)).collect());
            return;
        }
        self.stack.push(Frame {
            node: Node::Decision {
                mover: self.me,
                mid_turn: self.root.mid_turn(),
                state: self.root.clone(),
                actions,
                next: 0,
                best: [f32::MIN; 4],
                sum: [0.0; 4],
                count: 0,
            },
            turns_left: self.deepening.iteration,
            streak: 0,
        });
    }

    /// Runs up to `budget` nodes. Returns true when the search has finished.
    pub fn step(&mut self, budget: u32) -> bool {
        let mut budget = budget;
        while !self.deepening.finished && budget > 0 {
            if self.deepening.out_of_nodes(self.config.max_nodes) {
                // Out of nodes: keep the deepest completed iteration.
                self.deepening.finished = true;
                break;
            }
            budget -= 1;
            self.expand_one();
        }
        self.deepening.finished
    }

    /// Visits one child of the top frame, or closes the frame.
    fn expand_one(&mut self) {
        let Some(frame) = self.stack.last_mut() else {
            return;
        };
        let (turns_left, streak) = (frame.turns_left, frame.streak);
        let (parent_mid_turn, child) = match &mut frame.node {
            Node::Decision { state, mid_turn, actions, next, .. } => match actions.get(*next) {
                Some(&action) => {
                    *next += 1;
                    let mut child = state.clone();
                    child.apply(Step::Act(action));
                    (Some(*mid_turn), child)
                }
                None => return self.close(),
            },
            Node::Chance { state, outcomes, next, .. } => match outcomes.get(*next) {
                Some(&(outcome, _)) => {
                    *next += 1;
                    let mut child = state.clone();
                    child.apply(Step::Chance(outcome));
                    (None, child)
                }
                None => return self.close(),
            },
        };
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
        self.enter(child, turns_left, streak);
    }

    /// A child state: a leaf, a chance frame, or a new decision frame.
    fn enter(&mut self, state: G, turns_left: u8, streak: u8) {
        match state.to_act() {
            ToAct::Over => {
                let payoffs = state.payoffs().unwrap_or_default();
                let mut value = [0.0; 4];
                for (seat, v) in value.iter_mut().enumerate() {
                    *v = payoffs.value(seat as u8);
                }
                self.feed(value);
            }
            ToAct::Chance => {
                let outcomes = state.outcomes();
                let total = outcomes.iter().map(|&(_, w)| w as u32).sum::<u32>().max(1);
                self.stack.push(Frame {
                    node: Node::Chance { state, outcomes, total, next: 0, value: [0.0; 4] },
                    turns_left,
                    streak,
                });
            }
            ToAct::Seat(_) if turns_left == 0 => {
                let value = self.evaluator.values(&state);
                self.feed(value);
            }
            ToAct::Seat(mover) => {
                let actions = self.considered(&state, streak);
                self.stack.push(Frame {
                    node: Node::Decision {
                        mover,
                        mid_turn: state.mid_turn(),
                        state,
                        actions,
                        next: 0,
                        best: [f32::MIN; 4],
                        sum: [0.0; 4],
                        count: 0,
                    },
                    turns_left,
                    streak,
                });
            }
        }
    }

    /// The actions the search looks at in `state`: the legal ones, as the evaluator
    /// narrows them.
    fn considered(&self, state: &G, streak: u8) -> G::Actions {
        let mut actions = state.legal();
        self.evaluator.considered(state, self.me, streak, &mut actions);
        if actions.is_empty() {
            actions = state.legal();
        }
        actions
    }

    /// The top frame is done: its value goes to its parent.
    fn close(&mut self) {
        let Some(frame) = self.stack.pop() else {
            return;
        };
        let value = match frame.node {
            Node::Decision { state, mover, actions, best, sum, count, .. } => {
                let count = count.max(1) as f32;
                if mover == self.me {
                    best
                } else {
                    let w = self.evaluator.rival_best(&state, &actions, self.config.rival_best);
                    let mut v = [0.0; 4];
                    add(&mut v, &best, w);
                    add(&mut v, &sum, (1.0 - w) / count);
                    v
                }
            }
            Node::Chance { value, .. } => value,
        };
        if self.stack.is_empty() {
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
        let at_root = self.stack.len() == 1;
        let me = self.me;
        let Some(frame) = self.stack.last_mut() else {
            return;
        };
        match &mut frame.node {
            Node::Decision { mover, actions, next, best, sum, count, .. } => {
                let mover = *mover as usize;
                if value.get(mover) > best.get(mover) {
                    *best = value;
                }
                add(sum, &value, 1.0);
                *count += 1;
                if at_root {
                    if let Some(&action) = actions.get(*next - 1) {
                        self.deepening.record(action, value.get(me as usize).copied().unwrap_or(0.0));
                    }
                }
            }
            Node::Chance { outcomes, total, next, value: acc, .. } => {
                let weight = outcomes.get(*next - 1).map_or(0, |&(_, w)| w);
                let w = weight as f32 / *total as f32;
                add(acc, &value, w);
            }
        }
    }
}
