//! The CPU's turn on the Chak board: it thinks in slices, then plays its move the way
//! a player does, at a readable pace: the hand walks to the piece, picks it up, the
//! selection rests on the target (and on the picker's choice), and the piece moves.

use alloc::boxed::Box;

use chek_ai::{Level, Thinker};
use chek_ui::{think_slice_of, Clock, CPU_AIM_MS, CPU_HAND_STEP_MS, CPU_THINK_MS};

use super::super::cpu::{think, ChakEval, Player};
use super::super::rules::{Move, Square, State};
use super::{ChakPlay, Mode, PICKER};

/// Nodes of search a frame: a Chak node costs about 12,000 instructions, so 100 keep a
/// frame's thinking near 1.2M (`scripts/bench-ai`).
pub const SLICE_NODES: u32 = 100;

/// A CPU decision in progress: thinking, then shown step by step.
#[derive(Clone, Debug)]
pub struct CpuTurn {
    thinker: Thinker<State, ChakEval>,
    started_ms: u32,
    /// The move decided on, once the search is done.
    pub decided: Option<Move>,
    /// When the hand last moved or the selection last changed.
    step_ms: u32,
}

impl CpuTurn {
    /// The CPU's turn from `state`, on the heap, its search set up: built in a frame of
    /// its own, off the thinking's path on the device's small stack.
    #[inline(never)]
    fn start(level: Level, state: &State, seed: u64, now: u32) -> Box<CpuTurn> {
        Box::new(CpuTurn { thinker: think(Player::Level(level), state, seed), started_ms: now, decided: None, step_ms: now })
    }
}

impl ChakPlay {
    /// Advances the CPU's turn: thinks a slice, then shows the decision and plays it.
    // A frame of its own on the device's small stack (see `cargo xtask stack`).
    #[inline(never)]
    pub(super) fn cpu_turn(&mut self, level: Level, clock: Option<Clock>, now: u32) {
        let seed = self.seed ^ (self.plies as u64 + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        let state = self.state().clone();
        let cpu = self.cpu.get_or_insert_with(|| CpuTurn::start(level, &state, seed, now));
        let Some(mv) = cpu.decided else {
            cpu.decided = think_slice_of(&mut cpu.thinker, clock, SLICE_NODES);
            cpu.step_ms = now;
            return;
        };
        if now.wrapping_sub(cpu.started_ms) < CPU_THINK_MS {
            return;
        }
        let elapsed = now.wrapping_sub(cpu.step_ms);
        match self.mode {
            Mode::Browse => {
                // Walk the hand to the piece, then pick it up.
                if elapsed < CPU_HAND_STEP_MS {
                    return;
                }
                cpu.step_ms = now;
                if self.hand == mv.from() {
                    self.mode = Mode::Aim { from: mv.from(), at: mv.to() };
                } else {
                    self.hand = step_towards(self.hand, mv.from());
                }
            }
            Mode::Aim { from, .. } => {
                if elapsed < CPU_AIM_MS {
                    return;
                }
                cpu.step_ms = now;
                match mv.promotion() {
                    Some(kind) => {
                        let index = PICKER.iter().position(|&k| k == kind).unwrap_or(0);
                        self.mode = Mode::Promote { from, to: mv.to(), index };
                    }
                    None => {
                        self.cpu = None;
                        self.play(mv);
                    }
                }
            }
            Mode::Promote { .. } => {
                if elapsed < CPU_AIM_MS {
                    return;
                }
                self.cpu = None;
                self.play(mv);
            }
        }
    }
}

/// One step of the hand from `at` towards `to`: along the file first, then the rank.
fn step_towards(at: Square, to: Square) -> Square {
    let df = (to.file() as i8 - at.file() as i8).signum();
    let dr = (to.rank() as i8 - at.rank() as i8).signum();
    let (df, dr) = if df != 0 { (df, 0) } else { (0, dr) };
    at.offset(df, dr).unwrap_or(to)
}
