//! Checkers' sound cues, decided from what a frame changed: a piece picked up or put
//! back, each landing of a capture, a move played, a crowning, the next turn, the end,
//! the hand moving, and a press that did nothing.

use chek_ui::sound::{AddCue, Cue, Cues};
use chek_ui::Command;

use crate::duel::Snapshot;

use super::super::rules::Bits;
use super::{Cell, CheckersBoard, CheckersPlay, Mode};

/// What the cues compare: the play before the frame.
#[derive(Debug)]
pub struct Before {
    mode: Mode,
    hand: Cell,
    plies: u32,
    kings: Bits,
}

impl Snapshot<CheckersBoard> for Before {
    fn of(play: &CheckersPlay) -> Before {
        Before { mode: play.board.mode.clone(), hand: play.board.hand, plies: play.plies(), kings: play.state().board().kings }
    }

    fn cues(&self, play: &CheckersPlay, command: &Command) -> Cues {
        let mut cues = Cues::new();
        if play.plies() != self.plies {
            if let Some(mv) = play.record().last() {
                if mv.jumps() > 0 {
                    cues.add(Cue::Jump);
                    cues.add(Cue::Capture);
                } else {
                    cues.add(Cue::Place);
                }
                let crowned = self.kings & mv.from().bit() == 0 && play.state().board().kings & mv.to().bit() != 0;
                if crowned {
                    cues.add(Cue::Crown);
                }
            }
            cues.add(if play.state().end().is_some() { Cue::Over } else { Cue::Turn });
            return cues;
        }
        match (&self.mode, &play.board.mode) {
            (Mode::Browse, Mode::Aim { .. }) => cues.add(Cue::Pick),
            (Mode::Aim { .. }, Mode::Browse) => cues.add(Cue::Cancel),
            (Mode::Aim { path: was, index: i, .. }, Mode::Aim { path, index, .. }) => {
                if path.len() > was.len() {
                    cues.add(Cue::Jump);
                } else if path.len() < was.len() {
                    cues.add(Cue::Cancel);
                } else if let Some(cue) = chek_ui::sound::selection(index != i, command) {
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
