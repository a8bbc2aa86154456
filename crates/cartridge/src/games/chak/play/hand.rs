//! The hand on the Chak board: browsing, picking up a piece that can move, choosing its
//! target, and the promotion picker (A4).

use chek_ui::controls::crank_step;
use chek_engine::Game;
use chek_ui::{Command, Dir};

use super::super::rules::{Move, Square};
use super::{ChakPlay, Mode, PICKER};

impl ChakPlay {
    /// One frame of a person's input on the board.
    pub(super) fn on_input(&mut self, command: &Command) {
        match self.board.mode {
            Mode::Browse => self.browse(command),
            Mode::Aim { from, at } => self.aim(from, at, command),
            Mode::Promote { from, to, index } => self.promote(from, to, index, command),
        }
    }

    /// Whether the hand is on a piece the side to move can move.
    pub fn hand_on_movable(&self) -> bool {
        self.state().legal().iter().any(|m| m.from() == self.board.hand)
    }

    /// Browsing: the D-pad moves the hand over every square; the crank steps it
    /// through the pieces that can move, in reading order; A picks up the piece under
    /// it if it can move.
    fn browse(&mut self, command: &Command) {
        if let Some(dir) = command.dpad {
            let (df, dr) = dir.delta();
            let file = (self.board.hand.file() as i8 + df).clamp(0, 8) as u8;
            let rank = (self.board.hand.rank() as i8 + dr).clamp(0, 8) as u8;
            self.board.hand = Square::at(file, rank).unwrap_or(self.board.hand);
        }
        if command.steps != 0 {
            let pieces = self.movable();
            if let Some(sq) = crank_step(&pieces, Some(self.board.hand), command.steps) {
                self.board.hand = sq;
            }
        }
        if command.a && self.hand_on_movable() {
            let first = self.targets(self.board.hand).first().copied().unwrap_or(self.board.hand);
            self.board.mode = Mode::Aim { from: self.board.hand, at: first };
        }
    }

    /// A piece held: the D-pad walks the cursor square by square, the crank jumps it
    /// to the next or previous target, A moves there if it is a target (or opens the
    /// picker), B puts the piece back.
    fn aim(&mut self, from: Square, mut at: Square, command: &Command) {
        let targets = self.targets(from);
        if targets.is_empty() || command.b {
            self.board.mode = Mode::Browse;
            return;
        }
        if command.steps != 0 {
            at = crank_step(&targets, Some(at), command.steps).unwrap_or(at);
        }
        if let Some(dir) = command.dpad {
            let (df, dr) = dir.delta();
            at = at.offset(df, dr).unwrap_or(at);
        }
        self.board.mode = Mode::Aim { from, at };
        if !command.a || !targets.contains(&at) {
            return;
        }
        if self.state().legal().contains(&Move::new(from, at, None)) {
            self.play(Move::new(from, at, None));
        } else {
            self.board.mode = Mode::Promote { from, to: at, index: PICKER.len() - 1 };
        }
    }

    /// The picker: the crank or the D-pad chooses the kind, A promotes, B goes back to
    /// the targets.
    fn promote(&mut self, from: Square, to: Square, index: usize, command: &Command) {
        if command.b {
            self.board.mode = Mode::Aim { from, at: to };
            return;
        }
        let mut step = command.steps;
        match command.dpad {
            Some(Dir::Left | Dir::Up) => step -= 1,
            Some(Dir::Right | Dir::Down) => step += 1,
            None => {}
        }
        let index = (index as i32 + step).rem_euclid(PICKER.len() as i32) as usize;
        if command.a {
            self.play(Move::new(from, to, Some(PICKER[index])));
        } else {
            self.board.mode = Mode::Promote { from, to, index };
        }
    }
}
