//! Chek Nights (V3): the cards that replace the pieces, their values, the deal and the
//! strength around a contested card (N1, N2, N4, N5).

use core::fmt;

use crate::{Dice, Position, Seat, Seating, Square, SquareSet, QUIET_SHOWN_FROM};

/// N1: a card's rank: `A` (1), `2`–`9`, `T` (10), `J` (11), `Q` (12), `K` (13).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Rank(u8);

impl Rank {
    /// The ace, the lowest card.
    pub const ACE: Rank = Rank(1);
    /// The king, the highest card.
    pub const KING: Rank = Rank(13);
    /// The ranks' characters in the notation, ace first.
    const CHARS: &'static [u8; 13] = b"A23456789TJQK";

    /// The rank numbered `n`: 1 (ace) to 13 (king).
    pub const fn new(n: u8) -> Option<Rank> {
        if n >= 1 && n <= 13 {
            Some(Rank(n))
        } else {
            None
        }
    }

    /// 1 for the ace up to 13 for the king.
    pub const fn number(self) -> u8 {
        self.0
    }

    /// N1: what the card scores: its face value, 10 for a ten or a face card.
    pub const fn value(self) -> u8 {
        if self.0 > 10 {
            10
        } else {
            self.0
        }
    }

    /// N3: a face card (`J`, `Q`, `K`) steps one square; a number card may step two.
    pub const fn is_face(self) -> bool {
        self.0 > 10
    }

    /// The rank's character in the notation (N6).
    pub const fn char(self) -> char {
        Rank::CHARS[(self.0 - 1) as usize] as char
    }

    /// The rank written `c`.
    pub fn from_char(c: char) -> Option<Rank> {
        Rank::CHARS.iter().position(|&r| r as char == c).map(|i| Rank(i as u8 + 1))
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use fmt::Write;
        f.write_char(self.char())
    }
}

/// N1: the suit each seat plays. With four seats South ♠, West ♥, North ♣, East ♦;
/// with two, South ♠ and North ♥.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Suit {
    /// ♠
    Spades,
    /// ♥
    Hearts,
    /// ♣
    Clubs,
    /// ♦
    Diamonds,
}

impl Suit {
    /// The suit `seat` plays at a table of `seating`.
    pub const fn of(seat: Seat, seating: Seating) -> Suit {
        match (seat, seating) {
            (Seat::South, _) => Suit::Spades,
            (Seat::West, _) | (Seat::North, Seating::Two) => Suit::Hearts,
            (Seat::North, Seating::Four) => Suit::Clubs,
            (Seat::East, _) => Suit::Diamonds,
        }
    }

    /// The suit's name, for people.
    pub const fn name(self) -> &'static str {
        match self {
            Suit::Spades => "spades",
            Suit::Hearts => "hearts",
            Suit::Clubs => "clubs",
            Suit::Diamonds => "diamonds",
        }
    }
}

/// The rank of the card on each square, four bits a square (0: no card). Outside Chek
/// Nights every square is 0.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Cards([u8; 32]);

impl Cards {
    /// No card anywhere.
    pub const NONE: Cards = Cards([0; 32]);

    /// The four bits of `sq`: its card's rank number, 0 for none.
    const fn nibble(&self, sq: Square) -> u8 {
        let i = sq.index() as usize;
        (self.0[i / 2] >> ((i % 2) * 4)) & 0xf
    }

    /// The rank of the card on `sq`, if one is there.
    pub const fn at(&self, sq: Square) -> Option<Rank> {
        Rank::new(self.nibble(sq))
    }

    /// Puts `rank` on `sq` (`None` takes the card away).
    pub fn set(&mut self, sq: Square, rank: Option<Rank>) {
        let i = sq.index() as usize;
        let shift = (i % 2) * 4;
        let n = rank.map_or(0, Rank::number);
        if let Some(byte) = self.0.get_mut(i / 2) {
            *byte = (*byte & !(0xf << shift)) | (n << shift);
        }
    }

    /// The card on `from` moves to `to`.
    pub fn carry(&mut self, from: Square, to: Square) {
        let rank = self.at(from);
        self.set(from, None);
        self.set(to, rank);
    }

    /// Squares holding a card.
    pub fn squares(&self) -> SquareSet {
        Square::all().filter(|&sq| self.at(sq).is_some()).collect()
    }

    /// The value of the card on `sq`, 0 when there is none (N1): looked up, since the
    /// search asks at every node.
    pub const fn value(&self, sq: Square) -> u8 {
        /// A rank's value by its number (0: no card; 14 and 15 never occur).
        const VALUES: [u8; 16] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10, 0, 0];
        VALUES[self.nibble(sq) as usize]
    }

    /// The values of the cards on `squares`, added up (N5).
    pub fn total(&self, squares: SquareSet) -> u32 {
        squares.iter().map(|sq| self.value(sq) as u32).sum()
    }
}

/// N2: the squares of `pieces` in reading order: rank 8 to 1, file a to h.
pub fn reading_order(pieces: SquareSet) -> impl Iterator<Item = Square> {
    (0..8u8)
        .rev()
        .flat_map(move |rank| (0..8u8).filter_map(move |file| Square::new(file, rank)))
        .filter(move |&sq| pieces.contains(sq))
}

/// Whether `a` comes before `b` in reading order (N3's order of a two-card move).
pub const fn reads_before(a: Square, b: Square) -> bool {
    a.rank() > b.rank() || (a.rank() == b.rank() && a.file() < b.file())
}

/// N2: the deal: each seat's squares, in reading order, get cards drawn without
/// replacement from its own 13, the seats drawing in clockwise order from South.
pub fn deal(pieces: &crate::BySeat<SquareSet>, seating: Seating, dice: &mut Dice) -> Cards {
    let mut cards = Cards::NONE;
    for &seat in seating.seats() {
        let mut left: [u8; 13] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13];
        let mut count = left.len();
        for sq in reading_order(pieces[seat]) {
            if count == 0 {
                break;
            }
            let pick = dice.below(count as u8) as usize;
            cards.set(sq, Rank::new(left[pick]));
            count -= 1;
            left.swap(pick, count);
        }
    }
    cards
}

/// N4: which side the cards favour in a conflict, and by how much. Outside Chek Nights
/// it is [`Edge::Off`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
#[repr(u8)]
pub enum Edge {
    /// Not a game of cards.
    #[default]
    Off,
    /// Equal strength: nothing added.
    Even,
    /// The attacker is stronger: +1.
    Attacker,
    /// The attacker is at least twice as strong: +2.
    AttackerDouble,
    /// The defender is stronger: +1 to its roll.
    Defender,
    /// The defender is at least twice as strong: +2.
    DefenderDouble,
}

impl Edge {
    /// The edge numbered `n` as `Edge as u8` numbers them (none: [`Edge::Off`]).
    pub const fn from_u8(n: u8) -> Edge {
        match n {
            1 => Edge::Even,
            2 => Edge::Attacker,
            3 => Edge::AttackerDouble,
            4 => Edge::Defender,
            5 => Edge::DefenderDouble,
            _ => Edge::Off,
        }
    }

    /// N4: the edge of strengths `attack` against `defence`.
    pub const fn of(attack: u32, defence: u32) -> Edge {
        if attack > defence {
            if attack >= 2 * defence {
                Edge::AttackerDouble
            } else {
                Edge::Attacker
            }
        } else if defence > attack {
            if defence >= 2 * attack {
                Edge::DefenderDouble
            } else {
                Edge::Defender
            }
        } else if cfg!(feature = "proposal-even-attacks") {
            Edge::Attacker
        } else {
            Edge::Even
        }
    }

    /// The edge one step the attacker's way (the proposal `proposal-late-edge`).
    pub const fn towards_attacker(self) -> Edge {
        match self {
            Edge::Off => Edge::Off,
            Edge::DefenderDouble => Edge::Defender,
            Edge::Defender => Edge::Even,
            Edge::Even => Edge::Attacker,
            Edge::Attacker | Edge::AttackerDouble => Edge::AttackerDouble,
        }
    }

    /// What the edge adds to the attacker's roll: 0, 1 or 2.
    pub const fn attacker(self) -> u8 {
        match self {
            Edge::Attacker => 1,
            Edge::AttackerDouble => 2,
            _ => 0,
        }
    }

    /// What the edge adds to the defender's roll: 0, 1 or 2.
    pub const fn defender(self) -> u8 {
        match self {
            Edge::Defender => 1,
            Edge::DefenderDouble => 2,
            _ => 0,
        }
    }

    /// Whether the conflict is one of Chek Nights.
    pub const fn is_cards(self) -> bool {
        !matches!(self, Edge::Off)
    }
}

impl Position {
    /// N2: the same position with its pieces dealt new cards from `dice` (Chek Nights
    /// only; any other position comes back as it is).
    pub fn dealt(&self, dice: &mut Dice) -> Position {
        if !self.variant.has_cards() {
            return *self;
        }
        Position { cards: deal(&self.pieces, self.seating, dice), ..*self }
    }

    /// N1: the rank of the card on `sq` (Chek Nights only).
    pub const fn card_at(&self, sq: Square) -> Option<Rank> {
        self.cards.at(sq)
    }

    /// Every card on the board, by square (all empty outside Chek Nights).
    pub const fn cards(&self) -> &Cards {
        &self.cards
    }

    /// What the piece on `sq` is worth: its card's value in Chek Nights (N1), one
    /// elsewhere (C10), none on an empty square.
    pub fn worth(&self, sq: Square) -> u8 {
        if !self.occupied().contains(sq) {
            0
        } else if self.variant.has_cards() {
            self.cards.value(sq)
        } else {
            1
        }
    }

    /// What `seat`'s pieces on the board are worth together (N5; C17 counts them).
    pub fn worth_of(&self, seat: Seat) -> u32 {
        if self.variant.has_cards() {
            self.cards.total(self.pieces[seat])
        } else {
            self.pieces[seat].len()
        }
    }

    /// N4: the attacker's strength on `target`: the two highest values among its cards
    /// on the eight squares around it.
    pub fn attack_strength(&self, attacker: Seat, target: Square) -> u32 {
        let (mut first, mut second) = (0, 0);
        for sq in self.pieces[attacker] & target.neighbours8() {
            let v = self.cards.value(sq) as u32;
            if v > first {
                second = first;
                first = v;
            } else if v > second {
                second = v;
            }
        }
        first + second
    }

    /// N4: the defender's strength on `target`: the card's own value plus its highest
    /// ally on the eight squares around it (none: 0).
    pub fn defence_strength(&self, target: Square) -> u32 {
        let Some(defender) = self.seat_at(target) else {
            return 0;
        };
        if cfg!(feature = "proposal-lone-defence") {
            return self.cards.value(target) as u32;
        }
        let ally = (self.pieces[defender] & target.neighbours8()).iter().map(|sq| self.cards.value(sq)).max();
        self.cards.value(target) as u32 + ally.unwrap_or(0) as u32
    }

    /// N4: the edge the cards give in an attack by `attacker` on `target`.
    pub fn edge(&self, attacker: Seat, target: Square) -> Edge {
        if self.variant.has_cards() {
            let edge = Edge::of(self.attack_strength(attacker, target), self.defence_strength(target));
            if cfg!(feature = "proposal-late-edge") && self.quiet >= QUIET_SHOWN_FROM {
                edge.towards_attacker()
            } else {
                edge
            }
        } else {
            Edge::Off
        }
    }
}
