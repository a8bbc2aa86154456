//! Che's sound cues, decided from what a frame changed: a tile taken or put back, a
//! tile placed or lifted, the next turn, the end, the hand or the tile turning, and a
//! press that did nothing.

use chek_ui::sound::{Cue, Cues};
use chek_ui::Command;

use super::super::rules::Cell;
use super::{ChePlay, Mode};

/// What the cues compare: the play before the frame.
#[derive(Debug)]
pub struct Before {
    mode: Mode,
    hand: Cell,
    tiles: usize,
    threats: bool,
}

impl ChePlay {
    /// The play as the cues will compare it.
    pub(super) fn before(&self) -> Before {
        Before {
            mode: self.board.mode,
            hand: self.board.hand,
            tiles: self.state().tiling().len(),
            threats: self.board.show_threats,
        }
    }

    /// The cues of the frame since `before`, given its input.
    pub(super) fn cues_since(&self, before: &Before, command: &Command) -> Cues {
        let mut cues = Cues::new();
        let mut push = |cue| {
            let _ = cues.try_push(cue);
        };
        let tiles = self.state().tiling().len();
        if tiles > before.tiles {
            push(Cue::Place);
            if self.state().end().is_some() {
                push(Cue::Over);
            } else if self.state().placed() == 0 {
                push(Cue::Turn);
            }
            return cues;
        }
        if tiles < before.tiles {
            push(Cue::Cancel);
            return cues;
        }
        if self.board.show_threats != before.threats {
            push(Cue::Menu);
            return cues;
        }
        match (before.mode, self.board.mode) {
            (Mode::Browse, Mode::Hold { .. }) => push(Cue::Pick),
            (Mode::Hold { .. }, Mode::Browse) => push(Cue::Cancel),
            (Mode::Hold { index: was }, Mode::Hold { index }) => {
                if let Some(cue) = chek_ui::sound::selection(index != was || self.board.hand != before.hand, command) {
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
