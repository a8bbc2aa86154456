//! Conflicts: the two outcomes of an attack and what each leaves behind (C6–C10).

use crate::{Bonus, Position, Seat, Square};

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

    /// The attacker's modifiers (C7, C8).
    pub const fn bonus(&self) -> Bonus {
        self.bonus
    }

    /// In how many of 36 dice pairs the attacker wins (C9).
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

    /// The position after the conflict ends with `outcome`: the winner scores the
    /// loser's piece (C10), takes control with its piece on the contested square as the
    /// active piece, and the chain goes on or ends by itself (C11–C15).
    pub fn resolve(&self, outcome: Outcome) -> Position {
        self.before.after_conflict(self, outcome)
    }
}
