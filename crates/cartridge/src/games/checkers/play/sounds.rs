//! Checkers' sound cues, decided from what a frame changed: a piece picked up or put
//! back, each landing of a capture, a move played, a crowning, the next turn, the end,
//! the hand moving, and a press that did nothing.

use chek_ui::sound::{Cue, Cues};
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
        let mut push = |cue| {
            let _ = cues.try_push(cue);
        };
        if play.plies() != self.plies {
            if let Some(mv) = play.game.last() {
                if mv.jumps() > 0 {
                    push(Cue::Jump);
                    push(Cue::Capture);
                } else {
                    push(Cue::Place);
                }
                let crowned = self.kings & mv.from().bit() == 0 && play.state().board().kings & mv.to().bit() != 0;
                if crowned {
                    push(Cue::Crown);
                }
            }
            push(if play.state().end().is_some() { Cue::Over } else { Cue::Turn });
            return cues;
        }
        match (&self.mode, &play.board.mode) {
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
            _ if play.board.hand != self.hand => push(Cue::Move),
            _ if command.a => push(Cue::Deny),
            _ => {}
        }
        cues
    }
}
