//! Expectimax over decisions and conflicts, on win chances, advanced in slices.
//!
//! Decision nodes belong to the seat in control. The root seat takes its best child;
//! every other seat is modelled as a mix of best-for-itself and average (`rival_best`,
//! or `rival_best_attacking` where it holds an attack with a modifier), which is max-n
//! with a hedge; with two seats and a weight of one half it is "half worst case for
//! us, half average". A conflict is a chance node with its two outcomes weighted out of 36
//! (C9). Depth counts whole turns; iterative deepening keeps the last completed depth,
//! so the search can stop at any slice.

use alloc::vec::Vec;

use chek_rules::{Action, ActionList, Conflict, Next, Outcome, Position, Seat};

use crate::eval::{win_chances_with, Values, Weights};

/// How hard a search looks.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Config {
    /// The deepest iteration, in turns (the root's own turn is the first).
    pub max_turns: u8,
    /// After this many nodes no deeper iteration starts or continues (depth 1 always
    /// completes).
    pub max_nodes: u32,
    /// Chain attacks the search considers within one turn before it only ends the
    /// chain.
    pub max_chain: u8,
    /// The weight of a rival's best reply (for itself); the rest is its average reply.
    pub rival_best: f32,
    /// The same, at a rival's decision where it holds an attack with a modifier (C7,
    /// C8): a rival with the odds on its side is likelier to play its best.
    pub rival_best_attacking: f32,
    /// The searching seat's own plain attacks (no modifier: 15/36, C9) are looked at
    /// only once this many turns have passed without a conflict (C18); `0` looks at
    /// them always. In four seats a plain attack loses a piece 7 times in 12 and hands
    /// control to the defender while two seats stand aside, yet a win chance that is a
    /// softmax of the scores is convex and prices the gamble above par.
    pub plain_attacks_from_quiet: u8,
    /// The evaluation's weights.
    pub weights: Weights,
}

// Decision frames carry their action list inline: the frames live in one reused Vec,
// so a large variant costs no allocation per node.
#[allow(clippy::large_enum_variant)]
#[derive(Clone)]
enum Node {
    Decision { position: Position, actions: ActionList, next: usize, best: Values, sum: Values, count: u32 },
    Chance { conflict: Conflict, next: usize, value: Values },
}

#[derive(Clone)]
struct Frame {
    node: Node,
    turns_left: u8,
    chain: u8,
}

/// A search from one position, run in slices.
#[derive(Clone)]
pub struct Search {
    root: Position,
    me: Seat,
    config: Config,
    stack: Vec<Frame>,
    iteration: u8,
    nodes: u32,
    /// The root's actions and their values for the root seat, from the current
    /// iteration.
    current: Vec<(Action, f32)>,
    /// The same from the deepest completed iteration.
    completed: Vec<(Action, f32)>,
    completed_depth: u8,
    finished: bool,
}

impl core::fmt::Debug for Search {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "Search(depth {}, {} nodes)", self.completed_depth, self.nodes)
    }
}

fn add(a: &mut Values, b: &Values, w: f32) {
    for (x, y) in a.iter_mut().zip(b) {
        *x += w * y;
    }
}

impl Search {
    /// A search for the seat in control of `root`.
    pub fn new(root: Position, config: Config) -> Search {
        let me = root.in_control();
        let best_rival = root.seating().seats().iter().filter(|&&s| s != me).map(|&s| root.score(s)).max().unwrap_or(0);
        let mut config = config;
        if root.score(me) < best_rival {
            // Trailing at the root: a flatter win chance (`Weights::behind`).
            config.weights.steepness *= config.weights.behind;
        }
        let mut search = Search {
            root,
            me,
            config,
            stack: Vec::new(),
            iteration: 0,
            nodes: 0,
            current: Vec::new(),
            completed: Vec::new(),
            completed_depth: 0,
            finished: false,
        };
        search.start_iteration();
        search
    }

    /// Nodes visited so far.
    pub fn nodes(&self) -> u32 {
        self.nodes
    }

    /// The deepest completed iteration, in turns.
    pub fn depth(&self) -> u8 {
        self.completed_depth
    }

    /// Whether the search has finished.
    pub fn finished(&self) -> bool {
        self.finished
    }

    /// The root's actions with their values (for the root seat) from the deepest
    /// completed iteration.
    pub fn scores(&self) -> &[(Action, f32)] {
        &self.completed
    }

    fn start_iteration(&mut self) {
        self.iteration += 1;
        self.current.clear();
        self.stack.clear();
        let actions = self.considered(&self.root, 0);
        if actions.len() <= 1 || self.root.is_over() {
            self.completed = actions.iter().map(|&a| (a, 0.5)).collect();
            self.completed_depth = self.iteration;
            self.finished = true;
            return;
        }
        self.stack.push(Frame {
            node: Node::Decision {
                position: self.root,
                actions,
                next: 0,
                best: [f32::MIN; 4],
                sum: [0.0; 4],
                count: 0,
            },
            turns_left: self.iteration,
            chain: 0,
        });
    }

    /// Runs up to `budget` nodes. Returns true when the search has finished.
    pub fn step(&mut self, budget: u32) -> bool {
        let mut budget = budget;
        while !self.finished && budget > 0 {
            if self.iteration > 1 && self.nodes >= self.config.max_nodes {
                // Out of nodes: keep the deepest completed iteration.
                self.finished = true;
                break;
            }
            budget -= 1;
            self.expand_one();
        }
        self.finished
    }

    /// Visits one child of the top frame, or closes the frame.
    fn expand_one(&mut self) {
        let Some(frame) = self.stack.last_mut() else {
            return;
        };
        let (turns_left, chain) = (frame.turns_left, frame.chain);
        match &mut frame.node {
            Node::Decision { position, actions, next, .. } => {
                if let Some(&action) = actions.get(*next) {
                    *next += 1;
                    self.nodes += 1;
                    match position.play_legal(action) {
                        Next::Position(child) => self.enter(child, turns_left - 1, 0),
                        Next::Conflict(conflict) => {
                            let chain = if position.chain().is_some() { chain + 1 } else { 0 };
                            self.stack.push(Frame {
                                node: Node::Chance { conflict, next: 0, value: [0.0; 4] },
                                turns_left,
                                chain,
                            });
                        }
                    }
                } else {
                    self.close();
                }
            }
            Node::Chance { conflict, next, .. } => {
                if let Some(&outcome) = Outcome::BOTH.get(*next) {
                    *next += 1;
                    self.nodes += 1;
                    let child = conflict.resolve(outcome);
                    if child.chain().is_some() {
                        self.enter(child, turns_left, chain);
                    } else {
                        self.enter(child, turns_left - 1, 0);
                    }
                } else {
                    self.close();
                }
            }
        }
    }

    /// A child position: a leaf, or a new decision frame.
    fn enter(&mut self, position: Position, turns_left: u8, chain: u8) {
        if turns_left == 0 || position.is_over() {
            let value = win_chances_with(&position, &self.config.weights);
            self.feed(value);
            return;
        }
        let actions = self.considered(&position, chain);
        self.stack.push(Frame {
            node: Node::Decision { position, actions, next: 0, best: [f32::MIN; 4], sum: [0.0; 4], count: 0 },
            turns_left,
            chain,
        });
    }

    /// The actions the search looks at in `position`, `chain` attacks into a chain:
    /// the legal ones, except that past `max_chain` the chain only ends, and the
    /// searching seat's plain attacks wait for `plain_attacks_from_quiet` (while it has
    /// anything else to do).
    fn considered(&self, position: &Position, chain: u8) -> ActionList {
        let mut actions = position.legal_actions();
        if position.chain().is_some() && chain >= self.config.max_chain {
            actions.clear();
            actions.push(Action::End);
        } else if position.in_control() == self.me && position.quiet() < self.config.plain_attacks_from_quiet {
            let plain = |a: &Action| matches!(a, Action::Attack { bonus, .. } if bonus.total() == 0);
            if actions.iter().any(|a| !plain(a)) {
                actions.retain(|a| !plain(a));
            }
        }
        actions
    }

    /// The top frame is done: its value goes to its parent.
    fn close(&mut self) {
        let Some(frame) = self.stack.pop() else {
            return;
        };
        let value = match frame.node {
            Node::Decision { position, actions, best, sum, count, .. } => {
                let count = count.max(1) as f32;
                let mover = position.in_control();
                if mover == self.me {
                    best
                } else {
                    let attacking =
                        actions.iter().any(|a| matches!(a, Action::Attack { bonus, .. } if bonus.total() > 0));
                    let w = if attacking { self.config.rival_best_attacking } else { self.config.rival_best };
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
            self.completed = core::mem::take(&mut self.current);
            self.completed_depth = self.iteration;
            if self.iteration >= self.config.max_turns || self.nodes >= self.config.max_nodes {
                self.finished = true;
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
        let Some(frame) = self.stack.last_mut() else {
            return;
        };
        match &mut frame.node {
            Node::Decision { position, actions, next, best, sum, count } => {
                let mover = position.in_control().index();
                if value[mover] > best[mover] {
                    *best = value;
                }
                add(sum, &value, 1.0);
                *count += 1;
                if at_root {
                    if let Some(&action) = actions.get(*next - 1) {
                        self.current.push((action, value[self.me.index()]));
                    }
                }
            }
            Node::Chance { conflict, next, value: acc } => {
                let outcome = Outcome::BOTH[(*next - 1).min(1)];
                let w = conflict.weight_in_36(outcome) as f32 / 36.0;
                add(acc, &value, w);
            }
        }
    }
}
