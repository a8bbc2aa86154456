//! Conflicts: the odds of an attack, its two outcomes and what each leaves behind
//! (C6–C10), Chek Simple's support (V2) and Chek Nights' cards (N4, N5).

use crate::{Bonus, Chain, Position, Seat, Square};

/// Who wins a conflict (C6).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Outcome {
    /// The attacker's roll plus its modifiers beat the defender's roll.
    AttackerWins,
    /// The defender rolled as high or higher: defenders win ties.
    DefenderWins,
}

impl Outcome {
    /// Both outcomes, attacker first.
    pub const BOTH: [Outcome; 2] = [Outcome::AttackerWins, Outcome::DefenderWins];
}

/// An attack that has been declared and waits for its outcome: a chance node with two
/// outcomes weighted out of 36 (C9). Resolve it with dice ([`crate::Dice`]) or with an
/// outcome chosen by a search.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Conflict {
    pub(crate) before: Position,
    pub(crate) attacker: Seat,
    pub(crate) defender: Seat,
    pub(crate) from: Square,
    pub(crate) to: Square,
    pub(crate) bonus: Bonus,
}

impl Conflict {
    /// The position the attack was declared in.
    pub const fn position(&self) -> &Position {
        &self.before
    }

    /// The attacking seat.
    pub const fn attacker(&self) -> Seat {
        self.attacker
    }

    /// The defending seat.
    pub const fn defender(&self) -> Seat {
        self.defender
    }

    /// The attacking piece's square.
    pub const fn from(&self) -> Square {
        self.from
    }

    /// The contested square.
    pub const fn to(&self) -> Square {
        self.to
    }

    /// The attacker's modifiers (C7, C8), and in Chek Nights the defender's (N4).
    pub const fn bonus(&self) -> Bonus {
        self.bonus
    }

    /// In how many of 36 dice pairs the attacker wins (C9, N4).
    pub const fn attacker_wins_in_36(&self) -> u8 {
        self.bonus.attacker_wins_in_36()
    }

    /// The weight out of 36 of `outcome`.
    pub const fn weight_in_36(&self, outcome: Outcome) -> u8 {
        match outcome {
            Outcome::AttackerWins => self.attacker_wins_in_36(),
            Outcome::DefenderWins => 36 - self.attacker_wins_in_36(),
        }
    }

    /// The winner of the conflict for `outcome`.
    pub const fn winner(&self, outcome: Outcome) -> Seat {
        match outcome {
            Outcome::AttackerWins => self.attacker,
            Outcome::DefenderWins => self.defender,
        }
    }

    /// The loser of the conflict for `outcome`.
    pub const fn loser(&self, outcome: Outcome) -> Seat {
        match outcome {
            Outcome::AttackerWins => self.defender,
            Outcome::DefenderWins => self.attacker,
        }
    }

    /// The square of the piece that `outcome` removes: the defender's on the contested
    /// square, or the attacking piece.
    pub const fn loser_square(&self, outcome: Outcome) -> Square {
        match outcome {
            Outcome::AttackerWins => self.to,
            Outcome::DefenderWins => self.from,
        }
    }

    /// The position after the conflict ends with `outcome`: the winner scores the
    /// loser's piece (C10), takes control with its piece on the contested square as the
    /// active piece, and the chain goes on or ends by itself (C11–C15).
    pub fn resolve(&self, outcome: Outcome) -> Position {
        self.before.after_conflict(self.attacker, self.defender, self.from, self.to, outcome)
    }
}

impl Position {
    /// C7: whether `attacker` gets the bully bonus on `target`: two or more of its
    /// pieces, the attacking piece included, are 8-way neighbours of the contested
    /// square. Never in Chek Basic (V1) or Simple (V2).
    pub fn bully(&self, attacker: Seat, target: Square) -> bool {
        self.variant.has_bully() && (self.pieces[attacker] & target.neighbours8()).len() >= 2
    }

    /// V2: the attacker's support on `target`: its pieces on the eight squares around
    /// it (the attacking piece is one of them), plus one for a chain attack.
    pub fn attack_support(&self, attacker: Seat, target: Square, chain: bool) -> u32 {
        (self.pieces[attacker] & target.neighbours8()).len() + chain as u32
    }

    /// V2: the defender's support on `target`: the target itself and the defender's
    /// pieces on the eight squares around it.
    pub fn defence_support(&self, target: Square) -> u32 {
        match self.seat_at(target) {
            Some(defender) => 1 + (self.pieces[defender] & target.neighbours8()).len(),
            None => 0,
        }
    }

    /// V2: whether `attacker` may take `target`: its support is greater than the
    /// defender's.
    pub fn takes(&self, attacker: Seat, target: Square, chain: bool) -> bool {
        self.attack_support(attacker, target, chain) > self.defence_support(target)
    }

    /// C10: the winner scores the loser's piece (in Chek Nights its card's value, N5)
    /// and takes control, its piece on the
    /// contested square becoming the active piece; V2 retires a loser left with one
    /// piece; then C13 and C15 may end the chain.
    pub(crate) fn after_conflict(
        &self,
        attacker: Seat,
        defender: Seat,
        from: Square,
        to: Square,
        outcome: Outcome,
    ) -> Position {
        let mut next = *self;
        let (winner, loser, taken) = match outcome {
            Outcome::AttackerWins => {
                next.pieces[defender] = self.pieces[defender].without(to);
                next.pieces[attacker] = self.pieces[attacker].without(from).with(to);
                if self.variant.has_cards() {
                    next.cards.carry(from, to);
                }
                (attacker, defender, to)
            }
            Outcome::DefenderWins => {
                next.pieces[attacker] = self.pieces[attacker].without(from);
                if self.variant.has_cards() {
                    next.cards.set(from, None);
                }
                (defender, attacker, from)
            }
        };
        next.captured[winner] = self.captured[winner].saturating_add(self.worth(taken));
        next.retire_lone_piece(loser);
        next.quiet = 0;
        next.chain = Some(Chain { controller: winner, active: to });
        if next.last_seat_standing().is_some() || next.chain_ends_by_itself() {
            next.after_turn_ends(winner)
        } else {
            next
        }
    }

    /// V2: in Chek Simple a seat left with exactly one piece is out at once: the piece
    /// leaves the board and counts in the seat's points as a survivor (a lone piece
    /// could never be taken, and would stall the game).
    fn retire_lone_piece(&mut self, seat: Seat) {
        if !self.variant.has_dice() && self.pieces[seat].len() == 1 {
            self.pieces[seat] = crate::SquareSet::EMPTY;
            self.captured[seat] = self.captured[seat].saturating_add(1);
        }
    }
}
