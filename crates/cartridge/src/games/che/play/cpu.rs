//! The CPU's turn on the Che plane: it thinks in slices, then places its tile the way
//! a player does, at a readable pace: the hand walks to the cell, takes a tile, turns
//! it to the kind chosen, and places it.

use alloc::boxed::Box;

use chek_ai::{Level, Thinker};
use chek_ui::{think_slice_of, Clock, CPU_AIM_MS, CPU_HAND_STEP_MS, CPU_THINK_MS};

use super::super::cpu::{think, CheEval, Player};
use super::super::rules::{Cell, State, Tile};
use super::{ChePlay, Mode};

/// Nodes of search a frame: a Che node costs 30,000-70,000 instructions (most of it
/// the threat count), so 20 keep a frame's thinking under 1.5M (`scripts/bench-ai`).
pub const SLICE_NODES: u32 = 20;

/// A CPU decision in progress: thinking, then shown step by step.
#[derive(Clone, Debug)]
pub struct CpuTurn {
    thinker: Thinker<State, CheEval>,
    started_ms: u32,
    /// The tile decided on, once the search is done.
    pub decided: Option<Tile>,
    /// When the hand last moved or the tile last turned.
    step_ms: u32,
}

impl CpuTurn {
    /// The CPU's turn from `state`, on the heap, its search set up (a frame of its own,
    /// off the thinking's path on the device's small stack).
    #[inline(never)]
    fn start(level: Level, state: &State, seed: u64, now: u32) -> Box<CpuTurn> {
        Box::new(CpuTurn { thinker: think(Player::Level(level), state, seed), started_ms: now, decided: None, step_ms: now })
    }
}

impl ChePlay {
    /// Advances the CPU's turn: thinks a slice, then shows the tile and places it.
    #[inline(never)]
    pub(super) fn cpu_turn(&mut self, level: Level, clock: Option<Clock>, now: u32) {
        let seed = self.seed ^ (self.plies as u64 + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        let state = self.state().clone();
        let cpu = self.cpu.get_or_insert_with(|| CpuTurn::start(level, &state, seed, now));
        let Some(tile) = cpu.decided else {
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
                if elapsed < CPU_HAND_STEP_MS {
                    return;
                }
                cpu.step_ms = now;
                if self.hand == tile.cell {
                    self.mode = Mode::Hold { index: 0 };
                } else {
                    self.hand = step_towards(self.hand, tile.cell);
                }
                self.follow();
            }
            Mode::Hold { index } => {
                if elapsed < CPU_AIM_MS {
                    return;
                }
                cpu.step_ms = now;
                let kinds = self.kinds_here();
                match kinds.iter().position(|&k| k == tile.kind) {
                    Some(i) if i == index => {
                        self.cpu = None;
                        self.play(tile);
                    }
                    Some(_) => self.mode = Mode::Hold { index: (index + 1) % kinds.len().max(1) },
                    None => {
                        self.cpu = None;
                        self.play(tile);
                    }
                }
            }
        }
    }
}

/// One step of the hand from `at` towards `to`: across first, then up or down; two
/// cells at a time while far, so a long walk stays short.
fn step_towards(at: Cell, to: Cell) -> Cell {
    let (dx, dy) = (to.x as i32 - at.x as i32, to.y as i32 - at.y as i32);
    let stride = |d: i32| if d.abs() > 3 { 2 * d.signum() } else { d.signum() };
    let (sx, sy) = if dx != 0 { (stride(dx), 0) } else { (0, stride(dy)) };
    Cell::at(at.x as i32 + sx, at.y as i32 + sy).unwrap_or(to)
}
