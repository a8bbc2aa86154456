//! The CPU's turn in a two-seat game: it thinks in slices, then the game shows its
//! decision the way a player enters one, at a readable pace, and plays it.

use alloc::boxed::Box;

use chek_ai::{Level, Thinker};
use chek_ui::{think_frame, Clock, CPU_THINK_MS};

use super::{Board, Duel, Move, State};

/// A CPU decision in progress: thinking, then shown step by step.
#[derive(Clone, Debug)]
pub struct CpuTurn<B: Board> {
    thinker: Thinker<State<B>, B::Eval>,
    started_ms: u32,
    /// The move decided on, once the search is done.
    pub decided: Option<Move<B>>,
    /// When the show last took a step.
    step_ms: u32,
}

/// What a frame of the CPU's show did.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Shown {
    /// Nothing yet: the last step is still showing.
    Wait,
    /// A step (the hand moved, a piece was picked up): the next waits from now.
    Step,
    /// The move has been shown: play it.
    Done,
}

impl<B: Board> CpuTurn<B> {
    /// The CPU's turn from `state`, on the heap, its search set up: built in a frame of
    /// its own, off the thinking's path on the device's small stack.
    #[inline(never)]
    pub(super) fn start(level: Level, state: &State<B>, seed: u64, now: u32) -> Box<CpuTurn<B>> {
        Box::new(CpuTurn {
            thinker: B::think(crate::search::Player::Level(level), state, seed),
            started_ms: now,
            decided: None,
            step_ms: now,
        })
    }

    /// How far the thinking has got, in percent.
    pub fn progress(&self) -> u8 {
        self.thinker.progress()
    }

    /// One frame of the thinking at `level`, `nodes` a slice: the decision once made.
    pub(super) fn think(&mut self, clock: Option<Clock>, nodes: u32, level: Level) -> Option<Move<B>> {
        if self.decided.is_none() {
            self.decided = think_frame(&mut self.thinker, clock, nodes, level);
        }
        self.decided
    }
}

impl<B: Board> Duel<B> {
    /// Advances the CPU's turn: thinks a slice, then shows the decision step by step
    /// and plays it. The search is seeded by the game's seed and the decisions taken so
    /// far, so a game continued from a save decides the same.
    // A frame of its own on the device's small stack (see `cargo xtask stack`).
    #[inline(never)]
    pub(super) fn cpu_turn(&mut self, level: Level, clock: Option<Clock>, now: u32) {
        if self.cpu.is_none() {
            let seed = self.session.seed ^ (self.plies() as u64 + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15);
            self.cpu = Some(CpuTurn::start(level, self.state(), seed, now));
        }
        let slice_nodes = B::slice_nodes(self.state());
        let Some(cpu) = self.cpu.as_mut() else { return };
        let Some(mv) = cpu.decided else {
            cpu.decided = think_frame(&mut cpu.thinker, clock, slice_nodes, level);
            cpu.step_ms = now;
            return;
        };
        if now.wrapping_sub(cpu.started_ms) < CPU_THINK_MS {
            return;
        }
        let elapsed = now.wrapping_sub(cpu.step_ms);
        match (B::SHOW)(self, mv, elapsed) {
            Shown::Wait => {}
            Shown::Step => {
                if let Some(cpu) = self.cpu.as_mut() {
                    cpu.step_ms = now;
                }
            }
            Shown::Done => {
                self.cpu = None;
                self.play(mv);
            }
        }
    }
}
