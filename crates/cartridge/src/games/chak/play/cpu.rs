//! The CPU's move on the Chak board, shown the way a player makes one, at a readable
//! pace: the hand walks to the piece, picks it up, the selection rests on the target
//! (and on the picker's choice), and the piece moves.

use chek_ui::{CPU_AIM_MS, CPU_HAND_STEP_MS};

use super::super::rules::{Move, Square};
use super::{ChakPlay, Mode, PICKER};
use crate::duel::Shown;

/// Nodes of search a slice: a Chak node retires up to about 4,200 Thumb instructions
/// in a slice's worst stretch, so 340 keep a slice under 1.5M on the device
/// (`cargo xtask device think`), and Hard's 35,000 nodes take about a hundred slices.
pub const SLICE_NODES: u32 = 340;

impl ChakPlay {
    /// One frame of the CPU's move being shown, `elapsed` after its last step.
    pub(super) fn show_cpu(&mut self, mv: Move, elapsed: u32) -> Shown {
        let rest = if self.board.mode == Mode::Browse { CPU_HAND_STEP_MS } else { CPU_AIM_MS };
        if elapsed < rest {
            return Shown::Wait;
        }
        match self.board.mode {
            // Walk the hand to the piece, then pick it up.
            Mode::Browse if self.board.hand == mv.from() => self.board.mode = Mode::Aim { from: mv.from(), at: mv.to() },
            Mode::Browse => self.board.hand = step_towards(self.board.hand, mv.from()),
            Mode::Aim { from, .. } => match mv.promotion() {
                Some(kind) => {
                    let index = PICKER.iter().position(|&k| k == kind).unwrap_or(0);
                    self.board.mode = Mode::Promote { from, to: mv.to(), index };
                }
                None => return Shown::Done,
            },
            Mode::Promote { .. } => return Shown::Done,
        }
        Shown::Step
    }
}

/// One step of the hand from `at` towards `to`: along the file first, then the rank.
fn step_towards(at: Square, to: Square) -> Square {
    let df = (to.file() as i8 - at.file() as i8).signum();
    let dr = (to.rank() as i8 - at.rank() as i8).signum();
    let (df, dr) = if df != 0 { (df, 0) } else { (0, dr) };
    at.offset(df, dr).unwrap_or(to)
}
