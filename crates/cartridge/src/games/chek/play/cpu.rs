//! The CPU's turn on Chek's board: it thinks in slices, then shows its decision at a
//! readable pace (the hand walks to the piece, the selection rests on the target) and
//! plays it.

use chek_ai::{Level, Thinker};
use chek_rules::{Action, Position, State};
use chek_ui::{think_frame, Clock, CPU_AIM_MS, CPU_HAND_STEP_MS, CPU_THINK_MS};

use super::super::cpu::{think_after, ChekEval, Player};
use super::{ChekPlay, Mode};

/// A CPU decision in progress: thinking, then shown step by step.
#[derive(Clone, Debug)]
pub struct CpuTurn {
    thinker: Thinker<State, ChekEval>,
    started_ms: u32,
    /// The action decided on, once the search is done.
    pub action: Option<Action>,
    /// When the hand last moved, or when aiming began.
    step_ms: u32,
    aiming: bool,
}

impl CpuTurn {
    /// The CPU's turn from `position`: its search set up, nothing searched yet. In a
    /// frame of its own: the search's parts are built here, off the thinking's path on
    /// the device's small stack.
    #[inline(never)]
    pub(super) fn start(level: Level, position: &Position, previous: Option<Action>, seed: u64, now: u32) -> alloc::boxed::Box<CpuTurn> {
        alloc::boxed::Box::new(CpuTurn {
            thinker: think_after(Player::Level(level), &State::from(*position), seed, previous),
            started_ms: now,
            action: None,
            step_ms: now,
            aiming: false,
        })
    }

    /// How far the thinking has got, in percent.
    pub fn progress(&self) -> u8 {
        self.thinker.progress()
    }

    /// One frame of the thinking at `level`, `nodes` a slice: the decision once made.
    pub(super) fn think(&mut self, clock: Option<Clock>, nodes: u32, level: Level) -> Option<Action> {
        if self.action.is_none() {
            self.action = think_frame(&mut self.thinker, clock, nodes, level);
        }
        self.action
    }
}

impl ChekPlay {
    /// Advances the CPU's turn: thinks a slice, then shows the decision step by step
    /// and plays it.
    // A frame of its own on the device's small stack (see `cargo xtask stack`).
    #[inline(never)]
    pub(super) fn cpu_turn(&mut self, level: Level, clock: Option<Clock>, now: u32) {
        let seed = self.session.seed ^ (self.plies() as u64 + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        let position = *self.position();
        let previous = self.previous_turn(position.in_control());
        let cpu = self.cpu.get_or_insert_with(|| CpuTurn::start(level, &position, previous, seed, now));
        if cpu.action.is_none() {
            cpu.action = think_frame(&mut cpu.thinker, clock, crate::games::chek::cpu::slice_nodes(position.variant()), level);
            // No action comes in a finished game (the only one without a legal action).
            if cpu.action.is_none() && position.is_over() {
                self.cpu = None;
            }
            return;
        }
        if now.wrapping_sub(cpu.started_ms) < CPU_THINK_MS {
            return;
        }
        let Some(action) = cpu.action else { return };
        // Walk the hand to the acting piece (at the start of a turn).
        if let (None, Some(from)) = (position.chain(), action.from()) {
            if self.hand != from {
                if now.wrapping_sub(cpu.step_ms) >= CPU_HAND_STEP_MS {
                    cpu.step_ms = now;
                    let df = (from.file() as i8 - self.hand.file() as i8).signum();
                    let dr = (from.rank() as i8 - self.hand.rank() as i8).signum();
                    let step = if df != 0 { (df, 0) } else { (0, dr) };
                    self.hand = self.hand.offset(step.0, step.1).unwrap_or(from);
                }
                return;
            }
        }
        if !cpu.aiming {
            cpu.aiming = true;
            cpu.step_ms = now;
            if let (None, Some(from)) = (position.chain(), action.from()) {
                let index = self.aim_actions(from).iter().position(|&a| a == action).unwrap_or(0);
                self.mode = Mode::Aim { from, index };
            }
            return;
        }
        if now.wrapping_sub(cpu.step_ms) >= CPU_AIM_MS {
            self.cpu = None;
            self.play(action, now);
        }
    }
}
