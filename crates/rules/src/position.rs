//! A legal position and the rules that act on it (C4–C18).

use crate::action::{ActionList, Bonus};
use crate::{Action, BySeat, Conflict, Outcome, Seat, Seating, Square, SquareSet};

/// C18: this many turns in a row without a conflict end the game quietly.
pub const QUIET_END_TURNS: u8 = 60;

/// The chain state (C11–C13): inside a turn, after a conflict, the seat in control and
/// its active piece.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Chain {
    /// The seat that won the last conflict and now holds control (C10).
    pub controller: Seat,
    /// The square of the controller's active piece.
    pub active: Square,
}

/// How a game ended.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum End {
    /// Only this seat has pieces left on the board (C15).
    LastSeatStanding(Seat),
    /// `QUIET_END_TURNS` turns passed without a conflict (C18).
    Quiet,
    /// The players agreed to end the game (C16). Positions never end this way by
    /// themselves; the game record does.
    Agreement,
}

/// A legal Chek position: the board, who plays, whose turn it is, the points captured
/// so far, the quiet-turn count and, mid-turn, the chain state.
///
/// Build one from a [`crate::Setup`], from the text notation (`str::parse`), or from a
/// [`RawPosition`] with `TryFrom`, which checks it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Position {
    pub(crate) pieces: BySeat<SquareSet>,
    pub(crate) seating: Seating,
    pub(crate) to_move: Seat,
    pub(crate) captured: BySeat<u8>,
    pub(crate) quiet: u8,
    pub(crate) chain: Option<Chain>,
}

/// A position that may break the rules: the fields of the notation, before the checks
/// of `Position::try_from`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct RawPosition {
    /// Each seat's pieces.
    pub pieces: BySeat<SquareSet>,
    /// The seats in play.
    pub seating: Seating,
    /// Whose turn it is.
    pub to_move: Seat,
    /// Points captured so far (C10), per seat.
    pub captured: BySeat<u8>,
    /// Turns since the last conflict (C18).
    pub quiet: u8,
    /// The chain state, mid-turn.
    pub chain: Option<Chain>,
}

/// The next step after playing an action.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Next {
    /// The action is done: this is the new position.
    Position(Position),
    /// The action started a conflict, which needs its outcome.
    Conflict(Conflict),
}

/// The action is not legal in this position.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct IllegalAction(pub Action);

impl core::fmt::Display for IllegalAction {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "action: {} is not legal here", self.0)
    }
}

impl Position {
    /// The position as plain fields.
    pub const fn raw(&self) -> RawPosition {
        RawPosition {
            pieces: self.pieces,
            seating: self.seating,
            to_move: self.to_move,
            captured: self.captured,
            quiet: self.quiet,
            chain: self.chain,
        }
    }

    /// The seats in play.
    pub const fn seating(&self) -> Seating {
        self.seating
    }

    /// Whose turn it is. In the chain state this stays the seat whose turn it is, while
    /// [`Position::in_control`] may be another seat.
    pub const fn to_move(&self) -> Seat {
        self.to_move
    }

    /// The seat that decides now: the controller in the chain state, otherwise the seat
    /// to move.
    pub const fn in_control(&self) -> Seat {
        match self.chain {
            Some(chain) => chain.controller,
            None => self.to_move,
        }
    }

    /// The chain state, if the turn is in one.
    pub const fn chain(&self) -> Option<Chain> {
        self.chain
    }

    /// Turns in a row without a conflict (C18).
    pub const fn quiet(&self) -> u8 {
        self.quiet
    }

    /// `seat`'s pieces.
    pub fn pieces(&self, seat: Seat) -> SquareSet {
        self.pieces[seat]
    }

    /// Every piece on the board.
    pub fn occupied(&self) -> SquareSet {
        self.pieces.0.iter().fold(SquareSet::EMPTY, |all, &p| all | p)
    }

    /// The seat with a piece on `sq`, if any.
    pub fn seat_at(&self, sq: Square) -> Option<Seat> {
        Seat::ALL.into_iter().find(|&s| self.pieces[s].contains(sq))
    }

    /// Points `seat` has captured so far (C10).
    pub fn captured(&self, seat: Seat) -> u8 {
        self.captured[seat]
    }

    /// `seat`'s score if the game ended now: captures plus own pieces on the board
    /// (C17).
    pub fn score(&self, seat: Seat) -> u8 {
        self.captured[seat].saturating_add(self.pieces[seat].len() as u8)
    }

    /// C5: a seat with no pieces left is out, and its turns are skipped.
    pub fn is_out(&self, seat: Seat) -> bool {
        self.pieces[seat].is_empty()
    }

    /// Pieces of every seat other than `seat`: its opponents (C4: in a 4-player game,
    /// every other seat).
    pub fn opponents_of(&self, seat: Seat) -> SquareSet {
        self.occupied() & !self.pieces[seat]
    }

    /// C14: the seat that plays after `seat`: the next seat clockwise that is not out.
    /// When every other seat is out, `seat` itself.
    pub fn next_seat_after(&self, seat: Seat) -> Seat {
        let mut next = self.seating.clockwise_after(seat);
        while next != seat && self.is_out(next) {
            next = self.seating.clockwise_after(next);
        }
        next
    }

    /// C15: the one seat left with pieces, if only one is.
    pub fn last_seat_standing(&self) -> Option<Seat> {
        let mut standing = self.seating.seats().iter().filter(|&&s| !self.is_out(s));
        match (standing.next(), standing.next()) {
            (Some(&seat), None) => Some(seat),
            _ => None,
        }
    }

    /// C18: whether `QUIET_END_TURNS` turns have passed without a conflict.
    pub const fn quiet_end(&self) -> bool {
        self.quiet >= QUIET_END_TURNS
    }

    /// How the game has ended, if it has (C15, C18).
    pub fn end(&self) -> Option<End> {
        if let Some(seat) = self.last_seat_standing() {
            Some(End::LastSeatStanding(seat))
        } else if self.quiet_end() {
            Some(End::Quiet)
        } else {
            None
        }
    }

    /// Whether the game is over (C15, C18).
    pub fn is_over(&self) -> bool {
        self.end().is_some()
    }

    /// C7: whether `attacker` gets the bully bonus on `target`: two or more of its
    /// pieces, the attacking piece included, are 8-way neighbours of the contested
    /// square.
    pub fn bully(&self, attacker: Seat, target: Square) -> bool {
        (self.pieces[attacker] & target.neighbours8()).len() >= 2
    }

    /// C12: the active group: the controller's pieces 8-way connected to the active
    /// piece, through which links can pass the active role. Empty outside the chain.
    pub fn active_group(&self) -> SquareSet {
        let Some(chain) = self.chain else {
            return SquareSet::EMPTY;
        };
        let own = self.pieces[chain.controller];
        let mut group = chain.active.set() & own;
        loop {
            let grown = group.grown8() & own;
            if grown == group {
                return group;
            }
            group = grown;
        }
    }

    /// C12: the controller's pieces the active role can pass to in one LINK step: its
    /// own pieces that are 8-way neighbours of the active piece.
    pub fn link_targets(&self) -> SquareSet {
        match self.chain {
            Some(chain) => chain.active.neighbours8() & self.pieces[chain.controller],
            None => SquareSet::EMPTY,
        }
    }

    /// C11: opponent pieces the active piece itself can chain-attack (8-way neighbours).
    pub fn active_targets(&self) -> SquareSet {
        match self.chain {
            Some(chain) => chain.active.neighbours8() & self.opponents_of(chain.controller),
            None => SquareSet::EMPTY,
        }
    }

    /// C11, C12: opponent pieces that some piece of the active group can chain-attack.
    pub fn chain_targets(&self) -> SquareSet {
        match self.chain {
            Some(chain) => self.active_group().grown8() & self.opponents_of(chain.controller),
            None => SquareSet::EMPTY,
        }
    }

    /// C13: the chain ends by itself when no piece of the active group has an opponent
    /// as an 8-way neighbour.
    pub fn chain_ends_by_itself(&self) -> bool {
        self.chain_targets().is_empty()
    }

    /// The legal actions. At the start of a turn: MOVE and ATTACK (C4). In the chain
    /// state: every chain attack from the active group and `end` (C11–C13). None once
    /// the game is over.
    ///
    /// C5's pass never happens in Chek: while the game is not over, the seat to move
    /// has pieces and does not fill the board, and the board is 4-way connected, so one
    /// of its pieces borders an empty square (a move) or an opponent (an attack).
    pub fn legal_actions(&self) -> ActionList {
        let mut list = ActionList::new();
        if self.is_over() {
            return list;
        }
        match self.chain {
            None => self.push_turn_actions(&mut list),
            Some(chain) => {
                self.push_chain_attacks(chain.controller, &mut list);
                push(&mut list, Action::End);
            }
        }
        list
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
                let bonus = Bonus { bully: self.bully(seat, to), chain: false };
                push(list, Action::Attack { from, to, bonus });
            }
        }
    }

    /// C11, C12: a chain attack from any piece of the active group onto an 8-way
    /// neighbouring opponent, with the chain bonus (C8) and maybe the bully bonus (C7).
    fn push_chain_attacks(&self, seat: Seat, list: &mut ActionList) {
        let opponents = self.opponents_of(seat);
        for from in self.active_group() {
            for to in from.neighbours8() & opponents {
                let bonus = Bonus { bully: self.bully(seat, to), chain: true };
                push(list, Action::Attack { from, to, bonus });
            }
        }
    }

    /// Whether `action` is legal here.
    pub fn is_legal(&self, action: Action) -> bool {
        self.legal_actions().contains(&action)
    }

    /// Plays `action`: a move or `end` gives the next position; an attack gives
    /// the [`Conflict`] to resolve.
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
        match action {
            Action::Move { from, to } => Next::Position(self.after_move(from, to)),
            Action::Attack { from, to, bonus } => {
                let attacker = self.in_control();
                let defender = self.seat_at(to).unwrap_or(attacker);
                Next::Conflict(Conflict { before: *self, attacker, defender, from, to, bonus })
            }
            Action::End => Next::Position(self.after_turn_ends(self.in_control())),
        }
    }

    /// C4: the piece steps onto the empty square; the turn is over.
    fn after_move(&self, from: Square, to: Square) -> Position {
        let mut next = *self;
        let seat = self.to_move;
        next.pieces[seat] = self.pieces[seat].without(from).with(to);
        next.after_turn_ends(seat)
    }

    /// C14: the turn passes clockwise after `last` (the mover, or the winner of the final
    /// conflict), skipping seats that are out. C18 counts turns without a conflict: a
    /// turn that reached the chain state had one.
    fn after_turn_ends(&self, last: Seat) -> Position {
        let mut next = *self;
        next.chain = None;
        next.to_move = self.next_seat_after(last);
        next.quiet = match self.chain {
            Some(_) => 0,
            None => self.quiet.saturating_add(1),
        };
        next
    }

    /// C10: the winner scores the loser's piece and takes control, its piece on the
    /// contested square becoming the active piece; then C13 and C15 may end the chain.
    pub(crate) fn after_conflict(&self, conflict: &Conflict, outcome: Outcome) -> Position {
        let Conflict { attacker, defender, from, to, .. } = *conflict;
        let mut next = *self;
        let winner = conflict.winner(outcome);
        match outcome {
            Outcome::AttackerWins => {
                next.pieces[defender] = self.pieces[defender].without(to);
                next.pieces[attacker] = self.pieces[attacker].without(from).with(to);
            }
            Outcome::DefenderWins => {
                next.pieces[attacker] = self.pieces[attacker].without(from);
            }
        }
        next.captured[winner] = self.captured[winner].saturating_add(1);
        next.quiet = 0;
        next.chain = Some(Chain { controller: winner, active: to });
        if next.last_seat_standing().is_some() || next.chain_ends_by_itself() {
            next.after_turn_ends(winner)
        } else {
            next
        }
    }

    /// C12: a LINK step: the active role passes to `to`, one of the controller's pieces
    /// that is an 8-way neighbour of the active piece. Pieces do not move.
    ///
    /// # Errors
    /// `None` outside the chain state or if `to` is not a link target.
    pub fn link(&self, to: Square) -> Option<Position> {
        let chain = self.chain?;
        if !self.link_targets().contains(to) {
            return None;
        }
        let mut next = *self;
        next.chain = Some(Chain { active: to, ..chain });
        Some(next)
    }
}

/// Pushes onto a list whose capacity [`crate::action::MAX_ACTIONS`] is proven enough;
/// were it ever not, the action would be dropped rather than panic.
fn push(list: &mut ActionList, action: Action) {
    let _ = list.try_push(action);
}
