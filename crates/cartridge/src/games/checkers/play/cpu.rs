//! The CPU's move on the Checkers board, shown the way a player enters one, at a
//! readable pace: the hand walks to the piece, and the selection rests on each landing
//! before it is taken.

use chek_ui::{CPU_AIM_MS, CPU_HAND_STEP_MS};

use super::super::rules::Move;
use super::{Cell, CheckersPlay, Mode, Path};
use crate::duel::Shown;

/// The selection rests this long on each landing after the first.
pub const CPU_HOP_MS: u32 = 300;

impl CheckersPlay {
    /// One frame of the CPU's move being shown, `elapsed` after its last step.
    pub(super) fn show_cpu(&mut self, mv: Move, elapsed: u32) -> Shown {
        let from = Cell::of(mv.from());
        if !matches!(self.board.mode, Mode::Aim { .. }) {
            // Walk the hand to the piece, then pick it up.
            if elapsed < CPU_HAND_STEP_MS {
                return Shown::Wait;
            }
            if self.board.hand == from {
                self.board.mode = Mode::Aim { from: mv.from(), path: Path::new(), index: 0 };
            } else {
                let hand = self.board.hand;
                let df = (from.file as i8 - hand.file as i8).signum();
                let dr = (from.rank as i8 - hand.rank as i8).signum();
                let (df, dr) = if df != 0 { (df, 0) } else { (0, dr) };
                self.board.hand = Cell { file: (hand.file as i8 + df) as u8, rank: (hand.rank as i8 + dr) as u8 };
            }
            self.point_at_next(mv);
            return Shown::Step;
        }
        let Mode::Aim { path, .. } = &self.board.mode else { return Shown::Wait };
        let rest = if path.is_empty() { CPU_AIM_MS } else { CPU_HOP_MS };
        if elapsed < rest {
            return Shown::Wait;
        }
        let mut path = path.clone();
        if let Some(landing) = mv.landings().nth(path.len()) {
            let _ = path.try_push(landing);
        }
        if path.len() >= mv.landings().count() {
            return Shown::Done;
        }
        self.board.mode = Mode::Aim { from: mv.from(), path, index: 0 };
        self.point_at_next(mv);
        Shown::Step
    }

    /// Puts the selection on the CPU's next landing.
    fn point_at_next(&mut self, mv: Move) {
        let Mode::Aim { from, path, .. } = &self.board.mode else { return };
        let next = mv.landings().nth(path.len());
        let index = self.next_landings(*from, path).iter().position(|&sq| Some(sq) == next).unwrap_or(0);
        if let Mode::Aim { index: i, .. } = &mut self.board.mode {
            *i = index;
        }
    }
}
