//! The CPU's tile on the Che plane, placed the way a player does, at a readable pace:
//! the hand walks to the cell, takes a tile, turns it to the kind chosen, and places
//! it.

use chek_ui::{CPU_AIM_MS, CPU_HAND_STEP_MS};

use super::super::rules::{Cell, Tile};
use super::{ChePlay, Mode};
use crate::duel::Shown;

impl ChePlay {
    /// One frame of the CPU's tile being shown, `elapsed` after its last step.
    pub(super) fn show_cpu(&mut self, tile: Tile, elapsed: u32) -> Shown {
        match self.board.mode {
            Mode::Browse => {
                if elapsed < CPU_HAND_STEP_MS {
                    return Shown::Wait;
                }
                if self.board.hand == tile.cell {
                    self.board.mode = Mode::Hold { index: 0 };
                } else {
                    self.board.hand = step_towards(self.board.hand, tile.cell);
                }
                self.follow();
                Shown::Step
            }
            Mode::Hold { index } => {
                if elapsed < CPU_AIM_MS {
                    return Shown::Wait;
                }
                let kinds = self.kinds_here();
                match kinds.iter().position(|&k| k == tile.kind) {
                    Some(i) if i != index => {
                        self.board.mode = Mode::Hold { index: (index + 1) % kinds.len().max(1) };
                        Shown::Step
                    }
                    _ => Shown::Done,
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
