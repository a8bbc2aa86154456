//! What a seat may do, and playing it (C4, C5, C11–C14; V1, V2).

use crate::action::{ActionList, Bonus};
use crate::{Action, Conflict, IllegalAction, Next, Outcome, Position, Seat, Square, Variant};

impl Position {
    /// The legal actions. At the start of a turn: MOVE and ATTACK (C4), or `pass` when
    /// there is none (C5). In the chain state: every chain attack from the active group
    /// and `end` (C11–C13). None once the game is over.
    ///
    /// In Chek and Chek Basic the pass never happens: while the game is not over, the
    /// seat to move has pieces and does not fill the board, and the board is 4-way
    /// connected, so one of its pieces borders an empty square (a move) or an opponent
    /// (an attack). In Chek Simple an attack needs the support (V2), so a seat whose
    /// pieces touch only opponents can be left without one.
    pub fn legal_actions(&self) -> ActionList {
        let mut list = ActionList::new();
        self.legal_actions_into(&mut list);
        list
    }

    /// [`Position::legal_actions`], written into `list` (emptied first): the search
    /// fills its frames in place.
    pub fn legal_actions_into(&self, list: &mut ActionList) {
        list.clear();
        if self.is_over() {
            return;
        }
        match self.chain {
            None => {
                self.push_turn_actions(list);
                if list.is_empty() {
                    push(list, Action::Pass);
                }
            }
            Some(chain) => {
                self.push_chain_attacks(chain.controller, list);
                push(list, Action::End);
            }
        }
    }

    /// The attack of `seat`'s piece on `from` against the opponent on `to`, as the
    /// variant has it: with its modifiers (C7, C8), or a take when the support allows
    /// it (V2), or none.
    #[inline]
    fn attack(&self, seat: Seat, from: Square, to: Square, chain: bool) -> Option<Action> {
        match self.variant {
            Variant::Standard => Some(Action::Attack { from, to, bonus: Bonus { bully: self.bully(seat, to), chain } }),
            Variant::Basic => Some(Action::Attack { from, to, bonus: Bonus { bully: false, chain } }),
            Variant::Simple => self.takes(seat, to, chain).then_some(Action::Take { from, to }),
        }
    }

    /// C4: a move 4-way onto an empty square, or an attack 4-way onto an opponent.
    fn push_turn_actions(&self, list: &mut ActionList) {
        let seat = self.to_move;
        let empty = !self.occupied();
        let opponents = self.opponents_of(seat);
        for from in self.pieces[seat] {
            for to in from.neighbours4() & empty {
                push(list, Action::Move { from, to });
            }
            for to in from.neighbours4() & opponents {
                if let Some(attack) = self.attack(seat, from, to, false) {
                    push(list, attack);
                }
            }
        }
    }

    /// C11, C12: a chain attack from any piece of the active group onto an 8-way
    /// neighbouring opponent, with the chain bonus (C8) and maybe the bully bonus (C7).
    fn push_chain_attacks(&self, seat: Seat, list: &mut ActionList) {
        let opponents = self.opponents_of(seat);
        for from in self.active_group() {
            for to in from.neighbours8() & opponents {
                if let Some(attack) = self.attack(seat, from, to, true) {
                    push(list, attack);
                }
            }
        }
    }

    /// Whether `action` is legal here.
    pub fn is_legal(&self, action: Action) -> bool {
        self.legal_actions().contains(&action)
    }

    /// Plays `action`: a move, a take, `end` or `pass` gives the next position; an
    /// attack gives the [`Conflict`] to resolve.
    ///
    /// # Errors
    /// [`IllegalAction`] if the action is not legal here.
    pub fn play(&self, action: Action) -> Result<Next, IllegalAction> {
        if !self.is_legal(action) {
            return Err(IllegalAction(action));
        }
        Ok(self.play_legal(action))
    }

    /// [`Position::play`] for an action taken from [`Position::legal_actions`], without
    /// checking it again. An illegal action gives a wrong position but never panics.
    pub fn play_legal(&self, action: Action) -> Next {
        let seat = self.in_control();
        match action {
            Action::Move { from, to } => Next::Position(self.after_move(from, to)),
            Action::Attack { from, to, bonus } => {
                let defender = self.seat_at(to).unwrap_or(seat);
                Next::Conflict(Conflict { before: *self, attacker: seat, defender, from, to, bonus })
            }
            Action::Take { from, to } => {
                let defender = self.seat_at(to).unwrap_or(seat);
                Next::Position(self.after_conflict(seat, defender, from, to, Outcome::AttackerWins))
            }
            Action::End | Action::Pass => Next::Position(self.after_turn_ends(seat)),
        }
    }

    /// C4: the piece steps onto the empty square; the turn is over.
    fn after_move(&self, from: Square, to: Square) -> Position {
        let mut next = *self;
        let seat = self.to_move;
        next.pieces[seat] = self.pieces[seat].without(from).with(to);
        next.after_turn_ends(seat)
    }
}

/// Pushes onto a list whose capacity [`crate::action::MAX_ACTIONS`] is proven enough;
/// were it ever not, the action would be dropped rather than panic.
fn push(list: &mut ActionList, action: Action) {
    let _ = list.try_push(action);
}
