//! Chak's sides, the six kinds and their + forms (A1, A3, A4): which directions each
//! piece steps and slides in.

use super::square::Square;

chek_engine::two_sides! {
    /// The side a piece belongs to. White (upper-case letters, ranks 1 and 2 at the
    /// start) moves first (A1); Black has the lower-case letters, ranks 8 and 9.
    pub enum Side { White, Black }
}

impl Side {
    /// Which way is forward: +1 rank for White, −1 for Black.
    pub const fn forward(self) -> i8 {
        match self {
            Side::White => 1,
            Side::Black => -1,
        }
    }

    /// The rank a pawn of this side promotes on (A4): 9 for White, 1 for Black.
    pub const fn last_rank(self) -> u8 {
        match self {
            Side::White => 8,
            Side::Black => 0,
        }
    }

    /// The side's own temple, the square the other side's Warrior Ajaw aims for (A6):
    /// e1 for White, e9 for Black.
    pub const fn temple(self) -> Square {
        match self {
            Side::White => Square(4),
            Side::Black => Square(76),
        }
    }
}

/// A piece's kind (A3), without its form.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Kind {
    /// The royal piece (K); its + form is the Warrior Ajaw.
    Ajaw = 0,
    /// S.
    Shaman = 1,
    /// V.
    Vulture = 2,
    /// R.
    Serpent = 3,
    /// J.
    Jaguar = 4,
    /// P.
    Pawn = 5,
}

impl Kind {
    /// Every kind, in the order of [`Kind`]'s values.
    pub const ALL: [Kind; 6] = [Kind::Ajaw, Kind::Shaman, Kind::Vulture, Kind::Serpent, Kind::Jaguar, Kind::Pawn];
    /// What a pawn may become on the last rank (A4), in the picker's order.
    pub const PROMOTIONS: [Kind; 4] = [Kind::Shaman, Kind::Vulture, Kind::Serpent, Kind::Jaguar];

    /// The kind's letter in the notation (A8), upper case.
    pub const fn letter(self) -> u8 {
        match self {
            Kind::Ajaw => b'K',
            Kind::Shaman => b'S',
            Kind::Vulture => b'V',
            Kind::Serpent => b'R',
            Kind::Jaguar => b'J',
            Kind::Pawn => b'P',
        }
    }

    /// The kind of a letter (either case).
    pub fn of_letter(letter: u8) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| k.letter() == letter.to_ascii_uppercase())
    }

    /// The kind's name.
    pub const fn name(self) -> &'static str {
        match self {
            Kind::Ajaw => "Ajaw",
            Kind::Shaman => "Shaman",
            Kind::Vulture => "Vulture",
            Kind::Serpent => "Serpent",
            Kind::Jaguar => "Jaguar",
            Kind::Pawn => "Pawn",
        }
    }
}

/// A piece: side, kind and form (`plus`: the + form, A4).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Piece {
    /// Whose it is.
    pub side: Side,
    /// What it is.
    pub kind: Kind,
    /// Whether it is in its + form (crossed the river, or a promoted pawn).
    pub plus: bool,
}

/// The eight directions, clockwise from north (towards rank 9): N, NE, E, SE, S, SW, W, NW.
pub const DIRS: [(i8, i8); 8] = [(0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1)];
/// The orthogonal directions as a mask over [`DIRS`].
pub const ORTHOGONAL: u8 = 0b0101_0101;
/// The diagonal directions as a mask over [`DIRS`].
pub const DIAGONAL: u8 = 0b1010_1010;
const NORTH: u8 = 1;
const SOUTH: u8 = 1 << 4;

impl Piece {
    /// A base-form piece.
    pub const fn new(side: Side, kind: Kind) -> Piece {
        Piece { side, kind, plus: false }
    }

    /// The piece as a board byte (1–24; 0 is an empty square).
    pub const fn byte(self) -> u8 {
        1 + self.kind as u8 + 6 * self.plus as u8 + 12 * self.side as u8
    }

    /// The piece of a board byte.
    pub const fn of_byte(byte: u8) -> Option<Piece> {
        if byte == 0 || byte > 24 {
            return None;
        }
        let v = byte - 1;
        let side = if v >= 12 { Side::Black } else { Side::White };
        let kind = match v % 6 {
            0 => Kind::Ajaw,
            1 => Kind::Shaman,
            2 => Kind::Vulture,
            3 => Kind::Serpent,
            4 => Kind::Jaguar,
            _ => Kind::Pawn,
        };
        Some(Piece { side, kind, plus: (v % 12) >= 6 })
    }

    /// The piece's forward and backward single directions.
    const fn straight(self) -> (u8, u8) {
        match self.side {
            Side::White => (NORTH, SOUTH),
            Side::Black => (SOUTH, NORTH),
        }
    }

    /// The directions the piece moves (and captures) one step in (A3). A pawn's are
    /// its captures; it moves straight forward onto an empty square besides.
    pub const fn steps(self) -> u8 {
        let (forward, back) = self.straight();
        match (self.kind, self.plus) {
            (Kind::Ajaw, _) => 0xff,
            (Kind::Shaman, false) => DIAGONAL | forward,
            (Kind::Shaman, true) => DIAGONAL | forward | back,
            (Kind::Vulture, false) => 0,
            (Kind::Vulture, true) => ORTHOGONAL,
            (Kind::Serpent, false) => 0,
            (Kind::Serpent, true) => DIAGONAL,
            (Kind::Jaguar, false) => DIAGONAL,
            (Kind::Jaguar, true) => 0,
            (Kind::Pawn, _) => match self.side {
                Side::White => 1 << 1 | 1 << 7,
                Side::Black => 1 << 3 | 1 << 5,
            },
        }
    }

    /// The directions the piece slides in (A3).
    pub const fn slides(self) -> u8 {
        match (self.kind, self.plus) {
            (Kind::Vulture, _) => DIAGONAL,
            (Kind::Serpent, _) => ORTHOGONAL,
            (Kind::Jaguar, false) => ORTHOGONAL,
            (Kind::Jaguar, true) => 0xff,
            _ => 0,
        }
    }

    /// Its steps and slides together, from a table.
    pub fn moves(self) -> (u8, u8) {
        MOVES.get(self.byte() as usize).copied().unwrap_or((0, 0))
    }

    /// The piece's letter in the notation: upper case for White.
    pub const fn letter(self) -> u8 {
        match self.side {
            Side::White => self.kind.letter(),
            Side::Black => self.kind.letter().to_ascii_lowercase(),
        }
    }
}

/// The piece of each board byte, for lookups without decoding.
pub const PIECES: [Option<Piece>; 25] = {
    let mut table = [None; 25];
    let mut byte = 1;
    while byte < 25 {
        table[byte] = Piece::of_byte(byte as u8);
        byte += 1;
    }
    table
};

/// Each board byte's one-step directions ([`Piece::steps`]) and slides, 0 for empty.
pub(super) const MOVES: [(u8, u8); 25] = {
    let mut table = [(0u8, 0u8); 25];
    let mut byte = 1;
    while byte < 25 {
        if let Some(p) = Piece::of_byte(byte as u8) {
            table[byte] = (p.steps(), p.slides());
        }
        byte += 1;
    }
    table
};

