//! Chek's sound cues, decided from what a frame changed: a piece picked up or put back,
//! a move played, the dice for as long as they roll and then the conflict won or lost
//! (from the mover's side) with its capture, control held for a chain, the next turn,
//! the end, the hand or the selection moving, and a press that did nothing.

use chek_rules::{Action, Square};
use chek_ui::sound::{AddCue, Cue, Cues};
use chek_ui::Command;

use super::{ChekPlay, Mode};

/// What the cues compare: the play before the frame.
pub(super) struct Before {
    mode: Mode,
    hand: Square,
    plies: u32,
}

/// A conflict's result, due when its dice stop.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Pending {
    /// When the dice stop.
    at_ms: u32,
    /// Whether the mover won.
    won: bool,
}

impl ChekPlay {
    /// The play as the cues will compare it.
    pub(super) fn before(&self) -> Before {
        Before { mode: self.mode, hand: self.hand, plies: self.plies() }
    }

    /// The cues of the frame since `before`, given its input, at `now`.
    pub(super) fn cues_since(&mut self, before: &Before, command: &Command, now: u32) -> Cues {
        let mut cues = Cues::new();
        // The result sounds when the dice stop, or at once if A skipped the show.
        let skipped = self.show.is_none();
        if let Some(pending) = self.pending.filter(|p| skipped || now.wrapping_sub(p.at_ms) < u32::MAX / 2) {
            self.pending = None;
            cues.add(if pending.won { Cue::Win } else { Cue::Lose });
            cues.add(Cue::Capture);
            cues.add(self.next_cue());
        }
        if self.plies() != before.plies {
            match (self.line().last, self.show) {
                (Some(played), Some(show)) if show.played == played => {
                    let won = played.winner() == Some(played.seat);
                    if show.roll_ms() > 0 {
                        cues.add(Cue::Dice);
                        self.pending = Some(Pending { at_ms: show.start_ms.wrapping_add(show.roll_ms()), won });
                    } else {
                        cues.add(if won { Cue::Win } else { Cue::Lose });
                        cues.add(Cue::Capture);
                        cues.add(self.next_cue());
                    }
                }
                (Some(played), _) => {
                    if !matches!(played.action, Action::End | Action::Pass) {
                        cues.add(Cue::Place);
                    }
                    cues.add(self.next_cue());
                }
                _ => {}
            }
            return cues;
        }
        match (before.mode, self.mode) {
            (Mode::Browse, Mode::Aim { .. }) => cues.add(Cue::Pick),
            (Mode::Aim { .. }, Mode::Browse) => cues.add(Cue::Cancel),
            (Mode::Aim { index: i, .. }, Mode::Aim { index, .. }) | (Mode::Chain { index: i }, Mode::Chain { index })
                if i != index =>
            {
                cues.add(Cue::Move)
            }
            _ if self.hand != before.hand => cues.add(Cue::Move),
            _ if command.a && self.showing(now).is_none() => cues.add(Cue::Deny),
            _ => {}
        }
        cues
    }

    /// After a move or a conflict: the end, control held for a chain, or the next turn.
    fn next_cue(&self) -> Cue {
        let position = self.position();
        if position.is_over() {
            Cue::Over
        } else if position.chain().is_some() {
            Cue::Chain
        } else {
            Cue::Turn
        }
    }
}
