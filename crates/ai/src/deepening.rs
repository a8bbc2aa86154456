//! What both searches keep between iterations of iterative deepening: the nodes spent,
//! the iteration under way, and the root's actions scored by the deepest one completed.

use alloc::vec::Vec;

/// Iterative deepening's bookkeeping over root actions `A`.
#[derive(Clone, Debug)]
pub(crate) struct Deepening<A> {
    /// The iteration under way (its depth).
    pub iteration: u8,
    /// Nodes visited so far.
    pub nodes: u32,
    /// Whether the search has finished.
    pub finished: bool,
    /// The root's actions and their values, from the iteration under way.
    current: Vec<(A, f32)>,
    /// The same from the deepest completed iteration.
    completed: Vec<(A, f32)>,
    completed_depth: u8,
}

impl<A: Copy> Deepening<A> {
    pub fn new() -> Deepening<A> {
        Deepening {
            iteration: 0,
            nodes: 0,
            finished: false,
            current: Vec::new(),
            completed: Vec::new(),
            completed_depth: 0,
        }
    }

    /// Starts the next iteration.
    pub fn begin(&mut self) {
        self.iteration += 1;
        self.current.clear();
    }

    /// The iteration under way starts again (its window missed the root's value).
    pub fn restart(&mut self) {
        self.current.clear();
    }

    /// A root action's value in the iteration under way.
    pub fn record(&mut self, action: A, value: f32) {
        self.current.push((action, value));
    }

    /// The iteration under way is complete.
    pub fn complete(&mut self) {
        self.completed = core::mem::take(&mut self.current);
        self.completed_depth = self.iteration;
    }

    /// Nothing to search (one action, or none): `scores` are the answer.
    pub fn settle(&mut self, scores: Vec<(A, f32)>) {
        self.completed = scores;
        self.completed_depth = self.iteration;
        self.finished = true;
    }

    /// Whether the node budget is spent (the first iteration always completes).
    pub fn out_of_nodes(&self, max_nodes: u32) -> bool {
        self.iteration > 1 && self.nodes >= max_nodes
    }

    /// The deepest completed iteration.
    pub fn depth(&self) -> u8 {
        self.completed_depth
    }

    /// The root's actions with their values from the deepest completed iteration.
    pub fn scores(&self) -> &[(A, f32)] {
        &self.completed
    }
}
