//! Chak's sound cues, decided from what a frame changed: a piece picked up or put
//! back, a move played or a capture, a promotion, check, the next turn, the end, the
//! hand or selection moving, and a press that did nothing.

use chek_ui::sound::{Cue, Cues};
use chek_ui::Command;

use crate::duel::Snapshot;

use super::super::rules::{Board, Square};
use super::{ChakBoard, ChakPlay, Mode};

/// What the cues compare: the play before the frame.
#[derive(Debug)]
pub struct Before {
    mode: Mode,
    hand: Square,
    plies: u32,
    board: Board,
}

impl Snapshot<ChakBoard> for Before {
    fn of(play: &ChakPlay) -> Before {
        Before { mode: play.board.mode, hand: play.board.hand, plies: play.plies(), board: *play.state().board() }
    }

    fn cues(&self, play: &ChakPlay, command: &Command) -> Cues {
        let mut cues = Cues::new();
        let mut push = |cue| {
            let _ = cues.try_push(cue);
        };
        if play.plies() != self.plies {
            if let Some(mv) = play.game.last() {
                push(if self.board.at(mv.to()).is_some() { Cue::Capture } else { Cue::Place });
                if self.board.at(mv.from()) != play.state().board().at(mv.to()) {
                    push(Cue::Promote);
                }
            }
            if play.state().end().is_some() {
                push(Cue::Over);
            } else {
                if play.state().in_check() {
                    push(Cue::Check);
                }
                push(Cue::Turn);
            }
            return cues;
        }
        match (self.mode, play.board.mode) {
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
            _ if play.board.hand != self.hand => push(Cue::Move),
            _ if command.a => push(Cue::Deny),
            _ => {}
        }
        cues
    }
}
