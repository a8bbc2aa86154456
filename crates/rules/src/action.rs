//! What a player can do: actions and their modifiers (C4, C7, C8, C11, C13; N3, N4).

use core::fmt;

use arrayvec::ArrayVec;

use crate::{Edge, Square};

/// The modifiers an attack carries, by name (C7, C8; N4), in one byte (the device's
/// action lists hold hundreds).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Bonus(u8);

impl Bonus {
    const BULLY: u8 = 1;
    const CHAIN: u8 = 2;
    const EDGE_SHIFT: u8 = 2;

    /// The modifiers of an attack in Chek or Chek Basic: `bully`, +1 when two or more
    /// of the attacker's pieces, counting the attacking piece, are 8-way neighbours of
    /// the contested square (C7); `chain`, +1 in a chain attack (C8).
    pub const fn dice(bully: bool, chain: bool) -> Bonus {
        Bonus(bully as u8 * Bonus::BULLY + chain as u8 * Bonus::CHAIN)
    }

    /// The modifiers of an attack in Chek Nights: the chain bonus (C8) and the edge the
    /// cards' strength gives (N4).
    pub const fn cards(chain: bool, edge: Edge) -> Bonus {
        Bonus(chain as u8 * Bonus::CHAIN + ((edge as u8) << Bonus::EDGE_SHIFT))
    }

    /// +1 by the bully bonus (C7).
    pub const fn bully(self) -> bool {
        self.0 & Bonus::BULLY != 0
    }

    /// +1 by the chain bonus (C8).
    pub const fn chain(self) -> bool {
        self.0 & Bonus::CHAIN != 0
    }

    /// Chek Nights: +1 or +2 to the stronger side (N4); [`Edge::Off`] elsewhere.
    pub const fn edge(self) -> Edge {
        Edge::from_u8(self.0 >> Bonus::EDGE_SHIFT)
    }

    /// The total modifier added to the attacker's roll: 0, 1 or 2 (in Chek Nights up
    /// to 3, N4). Looked up from the byte: the search asks at every attack.
    pub const fn total(self) -> u8 {
        /// By the byte's low five bits: bully, chain and the edge's attacker part.
        const TOTAL: [u8; 32] = {
            let mut table = [0; 32];
            let mut bits = 0;
            while bits < 32 {
                let bonus = Bonus(bits as u8);
                table[bits] = bonus.bully() as u8 + bonus.chain() as u8 + bonus.edge().attacker();
                bits += 1;
            }
            table
        };
        TOTAL[(self.0 & 31) as usize]
    }

    /// The modifier added to the defender's roll: 0 except in Chek Nights (N4).
    pub const fn defence(self) -> u8 {
        self.edge().defender()
    }

    /// The attacker's modifier minus the defender's: −2 to +3.
    pub const fn net(self) -> i8 {
        self.total() as i8 - self.defence() as i8
    }

    /// In how many of the 36 equally likely dice pairs the attacker wins (C9, N4):
    /// 15 at +0, 21 at +1, 26 at +2; in Chek Nights also 6 at −2, 10 at −1, 30 at +3.
    /// Looked up from the byte, like [`Bonus::total`].
    pub const fn attacker_wins_in_36(self) -> u8 {
        /// By the byte's low five bits, from the net modifier.
        const WINS: [u8; 32] = {
            let mut table = [0; 32];
            let mut bits = 0;
            while bits < 32 {
                table[bits] = match Bonus(bits as u8).net() {
                    i8::MIN..=-2 => 6,
                    -1 => 10,
                    0 => 15,
                    1 => 21,
                    2 => 26,
                    _ => 30,
                };
                bits += 1;
            }
            table
        };
        WINS[(self.0 & 31) as usize]
    }
}

/// One decision of the player in control.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Action {
    /// `b2-b3`: one step 4-way onto an empty square (C4). In Chek Nights a number
    /// card may also step two squares in a line (`b2-b4`), and a second number card may
    /// step after the first (N3).
    Move {
        /// The square the piece leaves.
        from: Square,
        /// The empty square it steps onto.
        to: Square,
    },
    /// `b2xb3 +1`: a conflict against the opponent piece on `to`. At the start of a
    /// turn `to` is a 4-way neighbour of `from` (ATTACK, C4); in the chain state `from`
    /// is any piece of the active group and `to` an 8-way neighbour (CHAIN, C11).
    Attack {
        /// The attacking piece.
        from: Square,
        /// The contested square, held by an opponent.
        to: Square,
        /// The modifiers of the attacker's roll.
        bonus: Bonus,
    },
    /// `b2xb3` (Chek Simple, V2): an attack with more support than the defender's, so
    /// it wins without dice. At the start of a turn `to` is a 4-way neighbour of
    /// `from`; in the chain state `from` is any piece of the active group and `to` an
    /// 8-way neighbour.
    Take {
        /// The attacking piece.
        from: Square,
        /// The contested square, held by an opponent.
        to: Square,
    },
    /// `end`: the controller ends the chain (C13); in Chek Nights also the turn after
    /// one number card's single step, without a second (N3).
    End,
    /// `pass` (C5): the seat to move has no legal action. Only Chek Simple can leave a
    /// seat without one (V2: an attack needs the support on its side).
    Pass,
}

impl Action {
    /// The square the acting piece stands on, for moves and attacks.
    pub const fn from(self) -> Option<Square> {
        match self {
            Action::Move { from, .. } | Action::Attack { from, .. } | Action::Take { from, .. } => Some(from),
            Action::End | Action::Pass => None,
        }
    }

    /// The square the action aims at, for moves and attacks.
    pub const fn to(self) -> Option<Square> {
        match self {
            Action::Move { to, .. } | Action::Attack { to, .. } | Action::Take { to, .. } => Some(to),
            Action::End | Action::Pass => None,
        }
    }

    /// Whether this action is a conflict: an attack with dice, or a take (V2).
    pub const fn is_attack(self) -> bool {
        matches!(self, Action::Attack { .. } | Action::Take { .. })
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Action::Move { from, to } => write!(f, "{from}-{to}"),
            Action::Attack { from, to, bonus } if bonus.edge().is_cards() => {
                write!(f, "{from}x{to} +{}:+{}", bonus.total(), bonus.defence())
            }
            Action::Attack { from, to, bonus } => write!(f, "{from}x{to} +{}", bonus.total()),
            Action::Take { from, to } => write!(f, "{from}x{to}"),
            Action::End => f.write_str("end"),
            Action::Pass => f.write_str("pass"),
        }
    }
}

/// The most actions a position can offer, which is reached in the chain state: each
/// of the 210 8-way neighbour pairs of the board gives at most one chain attack (from
/// the controller's piece to the opponent's), plus `end`. At the start of a turn each
/// of the 112 4-way pairs gives at most one move or attack, and in Chek Nights each of
/// the 96 pairs two apart in a line at most one two-step move (N3): 208.
pub const MAX_ACTIONS: usize = 211;

/// The legal actions of a position; no heap.
pub type ActionList = ArrayVec<Action, MAX_ACTIONS>;
