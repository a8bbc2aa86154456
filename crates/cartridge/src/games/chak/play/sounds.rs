//! Chak's sound cues, decided from what a frame changed: a piece picked up or put
//! back, a move played or a capture, a promotion, check, the next turn, the end, the
//! hand or selection moving, and a press that did nothing.

use chek_ui::sound::{Cue, Cues};
use chek_ui::Command;

use super::super::rules::{Board, Square};
use super::{ChakPlay, Mode};

/// What the cues compare: the play before the frame.
#[derive(Debug)]
pub struct Before {
    mode: Mode,
    hand: Square,
    plies: u32,
    board: Board,
}

impl ChakPlay {
    /// The play as the cues will compare it.
    pub(super) fn before(&self) -> Before {
        Before { mode: self.board.mode, hand: self.board.hand, plies: self.plies(), board: *self.state().board() }
    }

    /// The cues of the frame since `before`, given its input.
    pub(super) fn cues_since(&self, before: &Before, command: &Command) -> Cues {
        let mut cues = Cues::new();
        let mut push = |cue| {
            let _ = cues.try_push(cue);
        };
        if self.plies() != before.plies {
            if let Some(mv) = self.game.last() {
                push(if before.board.at(mv.to()).is_some() { Cue::Capture } else { Cue::Place });
                if before.board.at(mv.from()) != self.state().board().at(mv.to()) {
                    push(Cue::Promote);
                }
            }
            if self.state().end().is_some() {
                push(Cue::Over);
            } else {
                if self.state().in_check() {
                    push(Cue::Check);
                }
                push(Cue::Turn);
            }
            return cues;
        }
        match (before.mode, self.board.mode) {
            (Mode::Browse, Mode::Aim { .. }) => push(Cue::Pick),
            (Mode::Aim { .. }, Mode::Browse) => push(Cue::Cancel),
            (Mode::Aim { .. }, Mode::Promote { .. }) | (Mode::Promote { .. }, Mode::Aim { .. }) => push(Cue::Menu),
            (Mode::Aim { at: was, .. }, Mode::Aim { at, .. }) => {
                if let Some(cue) = chek_ui::sound::selection(at != was, command) {
                    push(cue);
                }
            }
            (Mode::Promote { index: was, .. }, Mode::Promote { index, .. }) => {
                if let Some(cue) = chek_ui::sound::selection(index != was, command) {
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
