//! The hand on Chek's board: browsing, picking a piece up and aiming it, the chain
//! state's attacks and links (C4, C11–C13), and Chek Nights' second card (N3).

use alloc::vec::Vec;

use arrayvec::ArrayVec;
use chek_rules::{Action, PieceActions, Square};
use chek_ui::{Command, Dir, SeatKind};

use super::{ChekPlay, Mode};

/// An option in the chain state.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum ChainOption {
    /// A chain attack from the active piece (C11).
    Attack(Action),
    /// A link step to an ally (C12).
    Link(Square),
}

impl ChainOption {
    /// The square the option points at.
    pub fn square(self) -> Square {
        match self {
            ChainOption::Attack(action) => action.to().unwrap_or(Square::A1),
            ChainOption::Link(square) => square,
        }
    }
}

/// Order of `to` around `from`, clockwise from straight up (0) to up-left (7).
fn clockwise_rank(from: Square, to: Square) -> u8 {
    chek_ui::layout::bearing(to.file() as i32 - from.file() as i32, to.rank() as i32 - from.rank() as i32)
}

impl ChekPlay {
    /// The in-control seat's piece nearest the board's centre, where the hand starts.
    pub(super) fn centre_piece(&self) -> Square {
        let seat = self.position().in_control();
        let centre_distance = |sq: &Square| {
            let f = sq.file() as i32 * 2 - 7;
            let r = sq.rank() as i32 * 2 - 7;
            f * f + r * r
        };
        self.position().pieces(seat).iter().min_by_key(centre_distance).unwrap_or(self.hand)
    }

    /// The in-control seat's piece nearest the hand (ties: the lowest square).
    fn nearest_piece(&self) -> Square {
        let seat = self.position().in_control();
        self.nearest_to_hand(self.position().pieces(seat).iter()).unwrap_or(self.hand)
    }

    /// Of `squares`, the one nearest the hand (ties: the first).
    fn nearest_to_hand(&self, squares: impl Iterator<Item = Square>) -> Option<Square> {
        let hand = self.hand;
        let distance = |sq: &Square| {
            let df = sq.file() as i32 - hand.file() as i32;
            let dr = sq.rank() as i32 - hand.rank() as i32;
            df * df + dr * dr
        };
        squares.min_by_key(distance)
    }

    /// Puts the mode and the hand where the position wants them: the chain state on
    /// the active piece, a new turn on the mover's nearest piece, Chek Nights' second
    /// card on the nearest card that can step.
    pub fn settle(&mut self) {
        match self.position().chain() {
            Some(chain) => {
                self.hand = chain.active;
                self.mode = Mode::Chain { index: 0 };
            }
            None if self.position().first_step().is_some() => {
                let own = self.position().pieces(self.position().to_move());
                let playable = own.iter().filter(|&sq| !self.aim_actions(sq).is_empty());
                self.hand = self.nearest_to_hand(playable).unwrap_or_else(|| self.nearest_piece());
                self.mode = Mode::Browse;
            }
            None => {
                if !matches!(self.mode, Mode::Browse)
                    || self.position().seat_at(self.hand) != Some(self.position().to_move())
                {
                    self.hand = self.nearest_piece();
                }
                self.mode = Mode::Browse;
            }
        }
    }

    /// The legal actions of the piece on `from`, clockwise from up, a step before two
    /// (C4; N3). For Chek Nights' second card also the steps the rules play the other
    /// way round ([`ChekPlay::second_step`]).
    pub fn aim_actions(&self, from: Square) -> PieceActions {
        let position = self.position();
        if position.chain().is_some() {
            return ArrayVec::new();
        }
        let mut list = position.actions_of(from);
        if position.first_step().is_some() {
            for to in from.neighbours4() {
                let action = Action::Move { from, to };
                if !list.contains(&action) && position.two_card_move_in_order(from, to).is_some() {
                    let _ = list.try_push(action);
                }
            }
        }
        let distance = |to: Square| (to.file() as i32 - from.file() as i32).abs() + (to.rank() as i32 - from.rank() as i32).abs();
        list.sort_unstable_by_key(|a| a.to().map_or((0, 0, 0), |to| (clockwise_rank(from, to), distance(to), to.index())));
        list
    }

    /// Chek Nights' second card (N3): plays the step, or, when the rules write the two
    /// cards the other way round, takes the first step back and plays both in their
    /// order. The board ends the same either way.
    fn second_step(&mut self, action: Action, now: u32) {
        let (Action::Move { from, to }, true) = (action, self.position().first_step().is_some()) else {
            return self.play(action, now);
        };
        if self.position().is_legal(action) {
            return self.play(action, now);
        }
        let (Some(pair), Some(back)) = (self.position().two_card_move_in_order(from, to), self.session.history().len().checked_sub(1))
        else {
            return;
        };
        self.rewind(back);
        for step in pair {
            self.play(step, now);
        }
    }

    /// The chain options around the active piece, clockwise from up: attacks from the
    /// active piece (C11) and links to allies (C12).
    pub fn chain_options(&self) -> Vec<ChainOption> {
        let position = self.position();
        let Some(chain) = position.chain() else {
            return Vec::new();
        };
        let mut options: Vec<ChainOption> = position
            .legal_actions()
            .iter()
            .filter(|a| a.from() == Some(chain.active))
            .map(|&a| ChainOption::Attack(a))
            .chain(position.link_targets().iter().map(ChainOption::Link))
            .collect();
        chek_ai::sort_by_key(&mut options, |o| i32::from(clockwise_rank(chain.active, o.square())) << 8 | i32::from(o.square().index()));
        options
    }

    /// The action the selection box points at, in Aim mode.
    pub fn aimed_action(&self) -> Option<Action> {
        match self.mode {
            Mode::Aim { from, index } => self.aim_actions(from).get(index).copied(),
            _ => None,
        }
    }

    /// The option the selection box points at, in the chain state.
    pub fn chosen_option(&self) -> Option<ChainOption> {
        match self.mode {
            Mode::Chain { index } => self.chain_options().get(index).copied(),
            _ => None,
        }
    }

    /// Whether the seat in control can use the piece under the hand.
    pub fn hand_on_playable_piece(&self) -> bool {
        !self.aim_actions(self.hand).is_empty()
    }

    /// One frame of input on the board.
    pub(super) fn on_board(&mut self, command: &Command, now: u32) {
        let (dpad, steps, a, b) = (command.dpad, command.steps, command.a, command.b);
        if self.showing(now).is_some() {
            if a {
                self.show = None;
            }
            return;
        }
        self.show = None;
        if let SeatKind::Cpu(level) = self.session.kinds[self.position().in_control()] {
            self.cpu_turn(level, command.clock, now);
            return;
        }
        self.cpu = None;
        match self.mode {
            // B ends a turn after one number card's step (N3).
            Mode::Browse if b && self.position().first_step().is_some() => self.play(Action::End, now),
            Mode::Browse => self.browse(dpad, steps, a, now),
            Mode::Aim { from, index } => {
                let actions = self.aim_actions(from);
                if actions.is_empty() || b {
                    self.mode = Mode::Browse;
                    return;
                }
                let mut index = (index as i32 + steps).rem_euclid(actions.len() as i32) as usize;
                if let Some(dir) = dpad {
                    // A direction points at the square next to the piece; again, at
                    // the one beyond (a number card's two steps, N3), and back.
                    let (df, dr) = dir.delta();
                    let near = from.offset(df, dr);
                    let far = from.offset(2 * df, 2 * dr);
                    let current = actions.get(index).and_then(|a| a.to());
                    let target = if current == near && actions.iter().any(|a| a.to() == far) { far } else { near };
                    if let Some(i) = actions.iter().position(|a| a.to() == target) {
                        index = i;
                    }
                }
                self.mode = Mode::Aim { from, index };
                if a {
                    if let Some(&action) = actions.get(index) {
                        self.second_step(action, now);
                    }
                }
            }
            Mode::Chain { index } => {
                let options = self.chain_options();
                if b || options.is_empty() {
                    self.play(Action::End, now);
                    return;
                }
                let step = steps + dpad.map_or(0, Dir::step);
                let index = (index as i32 + step).rem_euclid(options.len() as i32) as usize;
                self.mode = Mode::Chain { index };
                if a {
                    match options.get(index) {
                        Some(&ChainOption::Attack(action)) => self.play(action, now),
                        Some(&ChainOption::Link(to)) => self.link(to),
                        _ => {}
                    }
                }
            }
        }
    }

    /// Browsing: the D-pad moves the hand; the crank steps it through the pieces that
    /// can act, in reading order; A picks up the piece under it. A seat that can only
    /// pass (C5) passes with A.
    fn browse(&mut self, dpad: Option<Dir>, steps: i32, a: bool, now: u32) {
        if let Some(dir) = dpad {
            let (df, dr) = dir.delta();
            self.hand = self.hand.offset(df, dr).unwrap_or(self.hand);
        }
        if steps != 0 {
            let mut pieces: Vec<Square> = self
                .position()
                .pieces(self.position().to_move())
                .iter()
                .filter(|&sq| !self.aim_actions(sq).is_empty())
                .collect();
            chek_ai::sort_by_key(&mut pieces, |sq| i32::from(7 - sq.rank()) << 8 | i32::from(sq.file()));
            if let Some(sq) = chek_ui::controls::crank_step(&pieces, Some(self.hand), steps) {
                self.hand = sq;
            }
        }
        if a && self.must_pass() {
            self.play(Action::Pass, now);
        } else if a && self.hand_on_playable_piece() {
            self.mode = Mode::Aim { from: self.hand, index: 0 };
        }
    }

    /// Whether the seat to move can only pass (C5; only in Chek Simple).
    pub fn must_pass(&self) -> bool {
        self.position().legal_actions().first() == Some(&Action::Pass)
    }
}
