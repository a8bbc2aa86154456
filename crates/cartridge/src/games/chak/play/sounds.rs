//! Chak's sound cues, decided from what a frame changed: a piece picked up or put
//! back, a move played or a capture, a promotion, check, the next turn, the end, the
//! hand or selection moving, and a press that did nothing.

use chek_ui::sound::{AddCue, Cue, Cues};
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
        if play.plies() != self.plies {
            if let Some(mv) = play.record().last() {
                cues.add(if self.board.at(mv.to()).is_some() { Cue::Capture } else { Cue::Place });
                if self.board.at(mv.from()) != play.state().board().at(mv.to()) {
                    cues.add(Cue::Promote);
                }
            }
            if play.state().end().is_some() {
                cues.add(Cue::Over);
            } else {
                if play.state().in_check() {
                    cues.add(Cue::Check);
                }
                cues.add(Cue::Turn);
            }
            return cues;
        }
        match (self.mode, play.board.mode) {
            (Mode::Browse, Mode::Aim { .. }) => cues.add(Cue::Pick),
            (Mode::Aim { .. }, Mode::Browse) => cues.add(Cue::Cancel),
            (Mode::Aim { .. }, Mode::Promote { .. }) | (Mode::Promote { .. }, Mode::Aim { .. }) => cues.add(Cue::Menu),
            (Mode::Aim { at: was, .. }, Mode::Aim { at, .. }) => {
                if let Some(cue) = chek_ui::sound::selection(at != was, command) {
                    cues.add(cue);
                }
            }
            (Mode::Promote { index: was, .. }, Mode::Promote { index, .. }) => {
                if let Some(cue) = chek_ui::sound::selection(index != was, command) {
                    cues.add(cue);
                }
            }
            _ if play.board.hand != self.hand => cues.add(Cue::Move),
            _ if command.a => cues.add(Cue::Deny),
            _ => {}
        }
        cues
    }
}
