//! What both searches keep between iterations of iterative deepening: the nodes spent,
//! the iteration under way, and the root's actions scored by the deepest one completed.

use alloc::vec::Vec;

/// Iterative deepening's bookkeeping over root actions `A`: how far a search has come
/// ([`crate::AlphaBeta::progress`], [`crate::Expectimax::progress`]).
#[derive(Clone, Debug)]
pub struct Deepening<A> {
    /// The iteration under way (its depth).
    pub(crate) iteration: u8,
    /// Nodes visited so far.
    pub(crate) nodes: u32,
    /// The most nodes the search may visit.
    max_nodes: u32,
    /// Whether the search has finished.
    pub(crate) finished: bool,
    /// Whether the first iteration has begun (at the first slice).
    started: bool,
    /// The root's actions and their values, from the iteration under way.
    current: Vec<(A, f32)>,
    /// The same from the deepest completed iteration.
    completed: Vec<(A, f32)>,
    completed_depth: u8,
}

impl<A: Copy> Deepening<A> {
    /// A search's bookkeeping before its first iteration, allowed `max_nodes` nodes.
    pub(crate) fn new(max_nodes: u32) -> Deepening<A> {
        Deepening {
            iteration: 0,
            nodes: 0,
            max_nodes,
            finished: false,
            started: false,
            current: Vec::new(),
            completed: Vec::new(),
            completed_depth: 0,
        }
    }

    /// Starts the next iteration.
    pub(crate) fn begin(&mut self) {
        self.iteration += 1;
        self.current.clear();
    }

    /// The iteration under way starts again (its window missed the root's value).
    pub(crate) fn restart(&mut self) {
        self.current.clear();
    }

    /// A root action's value in the iteration under way.
    pub(crate) fn record(&mut self, action: A, value: f32) {
        self.current.push((action, value));
    }

    /// The iteration under way is complete.
    pub(crate) fn complete(&mut self) {
        self.completed = core::mem::take(&mut self.current);
        self.completed_depth = self.iteration;
    }

    /// Nothing to search (one action, or none): `scores` are the answer.
    pub(crate) fn settle(&mut self, scores: Vec<(A, f32)>) {
        self.completed = scores;
        self.completed_depth = self.iteration;
        self.finished = true;
    }

    /// Whether the node budget is spent (the first iteration always completes).
    pub(crate) fn out_of_nodes(&self) -> bool {
        self.iteration > 1 && self.nodes >= self.max_nodes
    }

    /// Nodes visited so far.
    pub fn nodes(&self) -> u32 {
        self.nodes
    }

    /// The most nodes the search may visit (it may stop sooner, at its depth).
    pub fn max_nodes(&self) -> u32 {
        self.max_nodes
    }

    /// The deepest completed iteration, in turns.
    pub fn depth(&self) -> u8 {
        self.completed_depth
    }

    /// The root's actions with their values for the root seat (higher is better) from
    /// the deepest completed iteration.
    pub fn scores(&self) -> &[(A, f32)] {
        &self.completed
    }
}

/// Runs up to `budget` nodes of `search` (its bookkeeping `deepening`, its first
/// iteration begun by `start`, one node visited by `visit`) and says whether it has
/// finished. The first iteration starts with the first slice, not when the search is
/// made: making a search stays cheap on the device's stack.
pub(crate) fn run<S, A: Copy>(
    search: &mut S,
    budget: u32,
    deepening: fn(&mut S) -> &mut Deepening<A>,
    start: fn(&mut S),
    visit: fn(&mut S),
) -> bool {
    if !core::mem::replace(&mut deepening(search).started, true) {
        start(search);
    }
    for _ in 0..budget {
        let d = deepening(search);
        if d.finished {
            break;
        }
        if d.out_of_nodes() {
            // Out of nodes: the deepest completed iteration is the answer.
            d.finished = true;
            break;
        }
        visit(search);
    }
    deepening(search).finished
}
