//! The hand on the Che plane: browsing cells, taking a tile on a free cell and turning
//! it through the kinds that fit, placing it, lifting the move's first tile back, and
//! the threats shown on request.

use chek_ui::controls::crank_step;
use chek_ui::{Command, Dir};

use super::super::rules::Cell;
use super::{ChePlay, Mode};

impl ChePlay {
    /// One frame of a person's input.
    pub(super) fn on_input(&mut self, command: &Command) {
        match self.board.mode {
            Mode::Browse => self.browse(command),
            Mode::Hold { index } => self.hold(index, command),
        }
        self.follow();
    }

    /// Whether the hand is on a free cell that can take a tile.
    pub fn hand_on_free(&self) -> bool {
        !self.kinds_here().is_empty()
    }

    /// Browsing: the D-pad moves the hand a cell (the view pans to keep it in sight);
    /// the crank jumps it through the free cells in reading order; A takes a tile on a
    /// free cell; B lifts the move's first tile back, or with none to lift shows or
    /// hides the threats.
    fn browse(&mut self, command: &Command) {
        if let Some(dir) = command.dpad {
            self.board.hand = stepped(self.board.hand, dir);
        }
        if command.steps != 0 {
            let free = self.free_cells();
            if let Some(cell) = crank_step(&free, Some(self.board.hand), command.steps) {
                self.board.hand = cell;
            }
        }
        if command.a && self.hand_on_free() {
            self.board.mode = Mode::Hold { index: 0 };
        } else if command.b && !self.lift() {
            self.board.show_threats = !self.board.show_threats;
        }
    }

    /// A tile held: the crank or up/down turns it through the kinds that fit; left and
    /// right carry it to the next cell (held still if that cell is free); A places it,
    /// B puts it back.
    fn hold(&mut self, index: usize, command: &Command) {
        if command.b {
            self.board.mode = Mode::Browse;
            return;
        }
        let mut index = index as i32 + command.turn();
        if let Some(dir @ (Dir::Left | Dir::Right)) = command.dpad {
            self.board.hand = stepped(self.board.hand, dir);
            index = 0;
        }
        let kinds = self.kinds_here();
        if kinds.is_empty() {
            self.board.mode = Mode::Browse;
            return;
        }
        let index = index.rem_euclid(kinds.len() as i32) as usize;
        self.board.mode = Mode::Hold { index };
        if command.a {
            if let Some(tile) = self.held() {
                self.play(tile);
            }
        }
    }
}

/// The cell a D-pad press moves the hand to (kept within the plane's reach).
fn stepped(at: Cell, dir: Dir) -> Cell {
    let (dx, dy) = dir.delta();
    // The D-pad's up is north: y grows.
    Cell::at(at.x as i32 + dx as i32, at.y as i32 + dy as i32).unwrap_or(at)
}
