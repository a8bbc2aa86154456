//! Che's sound cues, decided from what a frame changed: a tile taken or put back, a
//! tile placed or lifted, the next turn, the end, the hand or the tile turning, and a
//! press that did nothing.

use chek_ui::sound::{AddCue, Cue, Cues};
use chek_ui::Command;

use crate::duel::Snapshot;

use super::super::rules::Cell;
use super::{CheBoard, ChePlay, Mode};

/// What the cues compare: the play before the frame.
#[derive(Debug)]
pub struct Before {
    mode: Mode,
    hand: Cell,
    tiles: usize,
    threats: bool,
}

impl Snapshot<CheBoard> for Before {
    fn of(play: &ChePlay) -> Before {
        Before {
            mode: play.board.mode,
            hand: play.board.hand,
            tiles: play.state().tiling().len(),
            threats: play.board.show_threats,
        }
    }

    fn cues(&self, play: &ChePlay, command: &Command) -> Cues {
        let mut cues = Cues::new();
        let tiles = play.state().tiling().len();
        if tiles > self.tiles {
            cues.add(Cue::Place);
            if play.state().end().is_some() {
                cues.add(Cue::Over);
            } else if play.state().placed() == 0 {
                cues.add(Cue::Turn);
            }
            return cues;
        }
        if tiles < self.tiles {
            cues.add(Cue::Cancel);
            return cues;
        }
        if play.board.show_threats != self.threats {
            cues.add(Cue::Menu);
            return cues;
        }
        match (self.mode, play.board.mode) {
            (Mode::Browse, Mode::Hold { .. }) => cues.add(Cue::Pick),
            (Mode::Hold { .. }, Mode::Browse) => cues.add(Cue::Cancel),
            (Mode::Hold { index: was }, Mode::Hold { index }) => {
                if let Some(cue) = chek_ui::sound::selection(index != was || play.board.hand != self.hand, command) {
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
