//! The CPU's turn on the Checkers board: it thinks in slices, then enters its move the
//! way a player does, at a readable pace: the hand walks to the piece, and the
//! selection rests on each landing before it is taken.

use alloc::boxed::Box;

use chek_ai::{Level, Thinker};
use chek_ui::{think_slice, Clock, CPU_AIM_MS, CPU_HAND_STEP_MS, CPU_THINK_MS};

use super::super::cpu::{think, CheckersEval, Player};
use super::super::rules::{Move, State};
use super::{CheckersPlay, Cell, Mode, Path};

/// The selection rests this long on each landing after the first.
pub const CPU_HOP_MS: u32 = 300;

/// A CPU decision in progress: thinking, then shown landing by landing.
#[derive(Clone, Debug)]
pub struct CpuTurn {
    thinker: Thinker<State, CheckersEval>,
    started_ms: u32,
    /// The move decided on, once the search is done.
    pub decided: Option<Move>,
    /// When the hand last moved, or the last landing was shown.
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

impl CheckersPlay {
    /// Advances the CPU's turn: thinks a slice, then shows the decision step by step
    /// and plays it.
    // A frame of its own on the device's small stack (see `cargo xtask stack`).
    #[inline(never)]
    pub(super) fn cpu_turn(&mut self, level: Level, clock: Option<Clock>, now: u32) {
        let seed = self.seed ^ (self.plies as u64 + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        let state = self.state().clone();
        let cpu = self.cpu.get_or_insert_with(|| CpuTurn::start(level, &state, seed, now));
        let Some(mv) = cpu.decided else {
            cpu.decided = think_slice(&mut cpu.thinker, clock);
            cpu.step_ms = now;
            return;
        };
        if now.wrapping_sub(cpu.started_ms) < CPU_THINK_MS {
            return;
        }
        let from = Cell::of(mv.from());
        let elapsed = now.wrapping_sub(cpu.step_ms);
        if !matches!(self.mode, Mode::Aim { .. }) {
            // Walk the hand to the piece, then pick it up.
            if elapsed < CPU_HAND_STEP_MS {
                return;
            }
            cpu.step_ms = now;
            if self.hand == from {
                self.mode = Mode::Aim { from: mv.from(), path: Path::new(), index: 0 };
            } else {
                let df = (from.file as i8 - self.hand.file as i8).signum();
                let dr = (from.rank as i8 - self.hand.rank as i8).signum();
                let (df, dr) = if df != 0 { (df, 0) } else { (0, dr) };
                self.hand = Cell { file: (self.hand.file as i8 + df) as u8, rank: (self.hand.rank as i8 + dr) as u8 };
            }
            self.point_at_next(mv);
            return;
        }
        let Mode::Aim { path, .. } = &self.mode else { return };
        let rest = if path.is_empty() { CPU_AIM_MS } else { CPU_HOP_MS };
        if elapsed < rest {
            return;
        }
        cpu.step_ms = now;
        let mut path = path.clone();
        if let Some(landing) = mv.landings().nth(path.len()) {
            let _ = path.try_push(landing);
        }
        if path.len() >= mv.landings().count() {
            self.cpu = None;
            self.play(mv);
        } else {
            self.mode = Mode::Aim { from: mv.from(), path, index: 0 };
            self.point_at_next(mv);
        }
    }

    /// Puts the selection on the CPU's next landing.
    fn point_at_next(&mut self, mv: Move) {
        let Mode::Aim { from, path, .. } = &self.mode else { return };
        let next = mv.landings().nth(path.len());
        let index = self.next_landings(*from, path).iter().position(|&sq| Some(sq) == next).unwrap_or(0);
        if let Mode::Aim { index: i, .. } = &mut self.mode {
            *i = index;
        }
    }
}
