//! Checkers' sound cues, decided from what a frame changed: a piece picked up or put
//! back, each landing of a capture, a move played, a crowning, the next turn, the end,
//! the hand moving, and a press that did nothing.

use chek_ui::sound::{Cue, Cues};
use chek_ui::Command;

use super::super::rules::Bits;
use super::{Cell, CheckersPlay, Mode};

/// What the cues compare: the play before the frame.
#[derive(Debug)]
pub struct Before {
    mode: Mode,
    hand: Cell,
    plies: u32,
    kings: Bits,
}

impl CheckersPlay {
    /// The play as the cues will compare it.
    pub(super) fn before(&self) -> Before {
        Before { mode: self.board.mode.clone(), hand: self.board.hand, plies: self.plies(), kings: self.state().board().kings }
    }

    /// The cues of the frame since `before`, given its input.
    pub(super) fn cues_since(&self, before: &Before, command: &Command) -> Cues {
        let mut cues = Cues::new();
        let mut push = |cue| {
            let _ = cues.try_push(cue);
        };
        if self.plies() != before.plies {
            if let Some(mv) = self.game.last() {
                if mv.jumps() > 0 {
                    push(Cue::Jump);
                    push(Cue::Capture);
                } else {
                    push(Cue::Place);
                }
                let crowned = before.kings & mv.from().bit() == 0 && self.state().board().kings & mv.to().bit() != 0;
                if crowned {
                    push(Cue::Crown);
                }
            }
            push(if self.state().end().is_some() { Cue::Over } else { Cue::Turn });
            return cues;
        }
        match (&before.mode, &self.board.mode) {
            (Mode::Browse, Mode::Aim { .. }) => push(Cue::Pick),
            (Mode::Aim { .. }, Mode::Browse) => push(Cue::Cancel),
            (Mode::Aim { path: was, index: i, .. }, Mode::Aim { path, index, .. }) => {
                if path.len() > was.len() {
                    push(Cue::Jump);
                } else if path.len() < was.len() {
                    push(Cue::Cancel);
                } else if let Some(cue) = chek_ui::sound::selection(index != i, command) {
                    push(cue);
                }
            }
            _ if self.board.hand != before.hand => push(Cue::Move),
            _ if command.a => push(Cue::Deny),
            _ => {}
        }
        cues
    }
}
