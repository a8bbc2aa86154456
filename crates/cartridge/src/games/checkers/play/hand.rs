//! The hand on the Checkers board: browsing, picking up a piece that can move, and
//! entering its move one landing at a time (a multi-jump landing by landing, B taking
//! back the last landing).

use alloc::vec::Vec;

use chek_ui::controls::crank_step;
use chek_ui::{Command, Dir};

use super::super::rules::Square;
use super::{CheckersPlay, Cell, Mode, Path};

impl CheckersPlay {
    /// One frame of a person's input on the board.
    pub(super) fn on_input(&mut self, command: &Command) {
        match self.board.mode.clone() {
            Mode::Browse => self.browse(command),
            Mode::Aim { from, path, index } => self.aim(from, path, index, command),
        }
    }

    /// Whether the hand is on a piece the side to move can move.
    pub fn hand_on_movable(&self) -> bool {
        self.board.hand.square().is_some_and(|sq| self.state().movable() & sq.bit() != 0)
    }

    /// Browsing: the D-pad moves the hand over every square; the crank steps it
    /// through the pieces that can move, in reading order; A picks up the piece under
    /// it if it can move.
    fn browse(&mut self, command: &Command) {
        if let Some(dir) = command.dpad {
            let (df, dr) = dir.delta();
            let file = (self.board.hand.file as i8 + df).clamp(0, 7) as u8;
            let rank = (self.board.hand.rank as i8 + dr).clamp(0, 7) as u8;
            self.board.hand = Cell { file, rank };
        }
        if command.steps != 0 {
            let mut pieces: Vec<Square> = Square::each(self.state().movable()).collect();
            chek_ai::sort_by_key(&mut pieces, |sq| (7 - i32::from(sq.rank())) * 8 + i32::from(sq.file()));
            if let Some(sq) = crank_step(&pieces, self.board.hand.square(), command.steps) {
                self.board.hand = Cell::of(sq);
            }
        }
        if command.a && self.hand_on_movable() {
            if let Some(from) = self.board.hand.square() {
                self.board.mode = Mode::Aim { from, path: Path::new(), index: 0 };
            }
        }
    }

    /// Entering a move: the crank steps through the next landings, the D-pad picks the
    /// one that lies its way, A confirms it (the last one plays the move), B takes the
    /// last landing back or puts the piece down.
    fn aim(&mut self, from: Square, mut path: Path, index: usize, command: &Command) {
        let next = self.next_landings(from, &path);
        if next.is_empty() {
            self.board.mode = Mode::Browse;
            return;
        }
        if command.b {
            self.board.mode = match path.pop() {
                Some(last) => {
                    let index = self.next_landings(from, &path).iter().position(|&sq| sq == last).unwrap_or(0);
                    Mode::Aim { from, path, index }
                }
                None => Mode::Browse,
            };
            return;
        }
        let at = path.last().copied().unwrap_or(from);
        let mut index = (index as i32 + command.steps).rem_euclid(next.len() as i32) as usize;
        if let Some(dir) = command.dpad {
            index = towards(at, &next, dir, index);
        }
        let Some(&landing) = next.get(index) else { return };
        if !command.a {
            self.board.mode = Mode::Aim { from, path, index };
            return;
        }
        let _ = path.try_push(landing);
        match self.completed(from, &path) {
            Some(mv) => {
                self.play(mv);
            }
            None => self.board.mode = Mode::Aim { from, path, index: 0 },
        }
    }

    /// The landing the selection is on, while a move is being entered.
    pub fn selected_landing(&self) -> Option<Square> {
        match &self.board.mode {
            Mode::Aim { from, path, index } => self.next_landings(*from, path).get(*index).copied(),
            Mode::Browse => None,
        }
    }
}

/// Which of the landings `next` (around `at`) the D-pad's `dir` points to: the one
/// most in that direction; pressing again among equals goes on to the next of them.
fn towards(at: Square, next: &[Square], dir: Dir, current: usize) -> usize {
    let (dx, dy) = dir.delta();
    let lean = |sq: &Square| {
        let df = (sq.file() as i32 - at.file() as i32).signum();
        let dr = (sq.rank() as i32 - at.rank() as i32).signum();
        df * dx as i32 + dr * dy as i32
    };
    let best = next.iter().map(lean).max().unwrap_or(0);
    let ties: Vec<usize> = (0..next.len()).filter(|&i| lean(&next[i]) == best).collect();
    match ties.iter().position(|&i| i == current) {
        Some(k) => ties[(k + 1) % ties.len()],
        None => ties.first().copied().unwrap_or(current),
    }
}
