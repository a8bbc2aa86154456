//! The hand on the Chak board: browsing, picking up a piece that can move, choosing its
//! target, and the promotion picker (A4).

use chek_ui::{Command, Dir, SeatKind};

use super::super::rules::{Move, Square};
use super::{ChakPlay, Mode, Targets, PICKER};

impl ChakPlay {
    /// One frame of input on the board.
    pub(super) fn on_board(&mut self, command: &Command, now: u32) {
        if self.state().end().is_some() {
            return;
        }
        if let SeatKind::Cpu(level) = self.kinds[self.state().to_move() as usize] {
            self.cpu_turn(level, command.clock, now);
            return;
        }
        self.cpu = None;
        match self.mode {
            Mode::Browse => self.browse(command),
            Mode::Aim { from, index } => self.aim(from, index, command),
            Mode::Promote { from, to, index } => self.promote(from, to, index, command),
        }
    }

    /// Whether the hand is on a piece the side to move can move.
    pub fn hand_on_movable(&self) -> bool {
        self.state().moves().iter().any(|m| m.from() == self.hand)
    }

    /// Browsing: the D-pad moves the hand over every square; the crank steps it
    /// through the pieces that can move, in reading order; A picks up the piece under
    /// it if it can move.
    fn browse(&mut self, command: &Command) {
        if let Some(dir) = command.dpad {
            let (df, dr) = dir.delta();
            let file = (self.hand.file() as i8 + df).clamp(0, 8) as u8;
            let rank = (self.hand.rank() as i8 + dr).clamp(0, 8) as u8;
            self.hand = Square::at(file, rank).unwrap_or(self.hand);
        }
        if command.steps != 0 {
            let pieces = self.movable();
            if !pieces.is_empty() {
                let index = match pieces.iter().position(|&sq| sq == self.hand) {
                    Some(i) => (i as i32 + command.steps).rem_euclid(pieces.len() as i32) as usize,
                    None if command.steps > 0 => 0,
                    None => pieces.len() - 1,
                };
                self.hand = pieces[index];
            }
        }
        if command.a && self.hand_on_movable() {
            self.mode = Mode::Aim { from: self.hand, index: 0 };
        }
    }

    /// A piece held: the crank steps through its targets, the D-pad goes to the target
    /// that lies its way, A moves there (or opens the picker), B puts the piece back.
    fn aim(&mut self, from: Square, index: usize, command: &Command) {
        let targets = self.targets(from);
        if targets.is_empty() || command.b {
            self.mode = Mode::Browse;
            return;
        }
        let mut index = (index as i32 + command.steps).rem_euclid(targets.len() as i32) as usize;
        if let Some(dir) = command.dpad {
            index = towards(from, &targets, dir, index);
        }
        let Some(&to) = targets.get(index) else { return };
        if !command.a {
            self.mode = Mode::Aim { from, index };
            return;
        }
        if self.state().moves().contains(&Move::new(from, to, None)) {
            self.play(Move::new(from, to, None));
        } else {
            self.mode = Mode::Promote { from, to, index: PICKER.len() - 1 };
        }
    }

    /// The picker: the crank or the D-pad chooses the kind, A promotes, B goes back to
    /// the targets.
    fn promote(&mut self, from: Square, to: Square, index: usize, command: &Command) {
        if command.b {
            let index = self.targets(from).iter().position(|&sq| sq == to).unwrap_or(0);
            self.mode = Mode::Aim { from, index };
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
            self.mode = Mode::Promote { from, to, index };
        }
    }
}

/// Which target the D-pad's `dir` goes to from the selected one: the nearest that lies
/// that way (ahead counts, sideways counts double); none that way keeps the selection.
fn towards(from: Square, targets: &Targets, dir: Dir, current: usize) -> usize {
    let at = targets.get(current).copied().unwrap_or(from);
    let (dx, dy) = dir.delta();
    let cost = |sq: &Square| {
        let df = sq.file() as i32 - at.file() as i32;
        let dr = sq.rank() as i32 - at.rank() as i32;
        let ahead = df * dx as i32 + dr * dy as i32;
        let side = (df * dy as i32 - dr * dx as i32).abs();
        (ahead > 0).then_some(ahead + 2 * side)
    };
    (0..targets.len()).filter_map(|i| cost(&targets[i]).map(|c| (c, i))).min().map_or(current, |(_, i)| i)
}
