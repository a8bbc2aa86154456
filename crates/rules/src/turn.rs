//! What a seat may do, and playing it (C4, C5, C11–C14; V1, V2; N3).

use arrayvec::ArrayVec;

use crate::action::{ActionList, Bonus};
use crate::cards::reads_before;
use crate::{Action, Conflict, FirstStep, IllegalAction, Next, Outcome, Position, Seat, Square, SquareSet, Variant};

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
    ///
    /// Chek Nights (N3) adds a number card's two steps in a line; a number card's single
    /// step leads to its first-step state, where a second number card may step, or
    /// `end` ends the turn (the one-card move).
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
        self.push_actions_of(SquareSet::FULL, list);
        if self.mid_turn() {
            push(list, Action::End);
        } else if list.is_empty() {
            push(list, Action::Pass);
        }
    }

    /// The legal attacks and takes alone, in the order of [`Position::legal_actions`]:
    /// what an evaluation weighs, without the moves. Only a piece beside an opponent
    /// (4-way, or 8-way in a chain) can attack, so only those pieces are looked at.
    pub fn attacks_into(&self, list: &mut ActionList) {
        list.clear();
        if self.is_over() {
            return;
        }
        let opponents = self.opponents_of(self.in_control());
        let beside = if self.chain.is_some() { opponents.grown8() } else { opponents.grown4() };
        self.push_actions_of(beside, list);
        list.retain(|action| action.is_attack());
    }

    /// The legal moves and attacks of the piece on `from` (not `end` or `pass`): what
    /// the hand offers when it picks the piece up, without the whole list on the
    /// device's stack.
    pub fn actions_of(&self, from: Square) -> PieceActions {
        let mut list = PieceActions::new();
        if !self.is_over() {
            self.push_actions_of(from.set(), &mut list);
        }
        list
    }

    /// The actions of the pieces in `among`, as the state of the turn allows them.
    fn push_actions_of(&self, among: SquareSet, list: &mut impl Sink) {
        match (self.chain, self.first_step) {
            (Some(chain), _) => self.push_chain_attacks(chain.controller, among, list),
            (None, Some(first)) => self.push_second_steps(first, among, list),
            (None, None) => self.push_turn_actions(among, list),
        }
    }

    /// The attack of `seat`'s piece on `from` against the opponent on `to`, as the
    /// variant has it: with its modifiers (C7, C8), or a take when the support allows
    /// it (V2), or none.
    #[inline]
    fn attack(&self, seat: Seat, from: Square, to: Square, chain: bool) -> Option<Action> {
        match self.variant {
            Variant::Standard => Some(Action::Attack { from, to, bonus: Bonus::dice(self.bully(seat, to), chain) }),
            Variant::Basic => Some(Action::Attack { from, to, bonus: Bonus::dice(false, chain) }),
            Variant::Simple => self.takes(seat, to, chain).then_some(Action::Take { from, to }),
            Variant::Nights => Some(Action::Attack { from, to, bonus: Bonus::cards(chain, self.edge(seat, to)) }),
        }
    }

    /// C4: a move 4-way onto an empty square, or an attack 4-way onto an opponent.
    fn push_turn_actions(&self, among: SquareSet, list: &mut impl Sink) {
        let seat = self.to_move;
        let empty = !self.occupied();
        let opponents = self.opponents_of(seat);
        for from in self.pieces[seat] & among {
            for to in from.neighbours4() & empty {
                push(list, Action::Move { from, to });
            }
            for to in from.neighbours4() & opponents {
                if let Some(attack) = self.attack(seat, from, to, false) {
                    push(list, attack);
                }
            }
            if self.variant.has_cards() && self.is_number_card(from) {
                for to in two_steps(from, empty) {
                    push(list, Action::Move { from, to });
                }
            }
        }
    }

    /// N3: whether the piece on `sq` is a number card (`A`–`T`) of Chek Nights, which
    /// may step twice or share its turn with another.
    pub fn is_number_card(&self, sq: Square) -> bool {
        self.cards.at(sq).is_some_and(|rank| !rank.is_face())
    }

    /// N3: after `first`, a second number card of the mover steps once onto an empty
    /// square, in the order the rules write the pair ([`in_rules_order`]).
    fn push_second_steps(&self, first: FirstStep, among: SquareSet, list: &mut impl Sink) {
        let empty = !self.occupied();
        for from in self.pieces[self.to_move].without(first.to) & among {
            if !self.is_number_card(from) {
                continue;
            }
            for to in from.neighbours4() & empty {
                if in_rules_order(first, from, to) {
                    push(list, Action::Move { from, to });
                }
            }
        }
    }

    /// C11, C12: a chain attack from any piece of the active group onto an 8-way
    /// neighbouring opponent, with the chain bonus (C8) and maybe the bully bonus (C7).
    fn push_chain_attacks(&self, seat: Seat, among: SquareSet, list: &mut impl Sink) {
        let opponents = self.opponents_of(seat);
        for from in self.active_group() & among {
            for to in from.neighbours8() & opponents {
                if let Some(attack) = self.attack(seat, from, to, true) {
                    push(list, attack);
                }
            }
        }
    }

    /// Whether `action` is legal here (one piece's actions are looked at, not the
    /// whole list).
    pub fn is_legal(&self, action: Action) -> bool {
        if self.is_over() {
            return false;
        }
        match action {
            Action::End => self.mid_turn(),
            Action::Pass => {
                !self.mid_turn() && self.pieces[self.to_move].iter().all(|sq| self.actions_of(sq).is_empty())
            }
            _ => action.from().is_some_and(|from| self.actions_of(from).contains(&action)),
        }
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
            Action::Move { from, to } if self.starts_two_card_move(from, to) => {
                Next::Position(self.after_first_step(from, to))
            }
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
        if self.variant.has_cards() {
            next.cards.carry(from, to);
        }
        next.after_turn_ends(seat)
    }

    /// N3: a number card's single step at the start of a turn may be the first half of
    /// a two-card move.
    fn starts_two_card_move(&self, from: Square, to: Square) -> bool {
        self.variant.has_cards()
            && self.chain.is_none()
            && self.first_step.is_none()
            && self.is_number_card(from)
            && from.neighbours4().contains(to)
    }

    /// N3: the first number card has stepped; a second may follow, or the turn ends by
    /// itself when none can.
    fn after_first_step(&self, from: Square, to: Square) -> Position {
        let mut next = *self;
        let seat = self.to_move;
        next.pieces[seat] = self.pieces[seat].without(from).with(to);
        next.cards.carry(from, to);
        let first = FirstStep { from, to };
        next.first_step = Some(first);
        if next.has_second_step(first) {
            next
        } else {
            next.after_turn_ends(seat)
        }
    }

    /// N3: whether some second number card can step after `first`, in either order:
    /// the turn waits in the first-step state, where the rules' order may leave only
    /// `end` (the screen then plays the pair the other way round,
    /// [`Position::two_card_move_in_order`]).
    pub(crate) fn has_second_step(&self, first: FirstStep) -> bool {
        let empty = !self.occupied();
        self.pieces[self.to_move]
            .without(first.to)
            .iter()
            .any(|from| self.is_number_card(from) && !(from.neighbours4() & empty).is_empty())
    }

    /// N3, for a player who moved the later card first: the same two-card move in the
    /// order the rules write it. In the first-step state, when the second step
    /// `from`–`to` is not legal only because the two cards go the other way round,
    /// gives the two actions from the turn's start, the first to play first.
    pub fn two_card_move_in_order(&self, from: Square, to: Square) -> Option<[Action; 2]> {
        let first = self.first_step?;
        let step = from != first.to
            && self.pieces[self.to_move].contains(from)
            && self.is_number_card(from)
            && from.neighbours4().contains(to)
            && !self.occupied().contains(to);
        (step && !in_rules_order(first, from, to))
            .then_some([Action::Move { from, to }, Action::Move { from: first.from, to: first.to }])
    }
}

/// N3: whether the second card's step `from`–`to` after `first` is the pair as the
/// rules write it: when both orders are legal, the card that starts earlier in reading
/// order first; a card that steps into the square the first one left can only come
/// second.
fn in_rules_order(first: FirstStep, from: Square, to: Square) -> bool {
    to == first.from || reads_before(first.from, from)
}

/// N3: the squares two steps from `from` in a line, through an empty square onto an
/// empty one.
fn two_steps(from: Square, empty: SquareSet) -> impl Iterator<Item = Square> {
    [(0, 1), (1, 0), (0, -1), (-1, 0)].into_iter().filter_map(move |(df, dr)| {
        let over = from.offset(df, dr)?;
        let to = from.offset(2 * df, 2 * dr)?;
        (empty.contains(over) && empty.contains(to)).then_some(to)
    })
}

/// The most actions one piece has: 8 chain attacks, or 4 moves or attacks and 4 two-step
/// moves (N3).
pub const MAX_PIECE_ACTIONS: usize = 8;

/// One piece's legal actions ([`Position::actions_of`]).
pub type PieceActions = ArrayVec<Action, MAX_PIECE_ACTIONS>;

/// A list actions are pushed onto, whose capacity is proven enough
/// ([`crate::action::MAX_ACTIONS`], [`MAX_PIECE_ACTIONS`]); were it ever not, the
/// action would be dropped rather than panic.
trait Sink {
    fn push_action(&mut self, action: Action);
}

impl<const N: usize> Sink for ArrayVec<Action, N> {
    fn push_action(&mut self, action: Action) {
        let _ = self.try_push(action);
    }
}

fn push(list: &mut impl Sink, action: Action) {
    list.push_action(action);
}
