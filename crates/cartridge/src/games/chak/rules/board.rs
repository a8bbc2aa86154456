//! The 9×9 board (A1): squares, sides, the six kinds and their + forms, the river that
//! splits the board into halves (A2), and which squares a piece attacks (A3). A mailbox
//! of 81 bytes: the board is small, and most of the cost of a move is the check test,
//! which walks out from the Ajaw in eight directions.

use core::fmt;

pub use chek_engine::hash::mix;

/// The side a piece belongs to. White moves first (A1).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Side {
    /// Upper-case letters, ranks 1 and 2 at the start.
    White = 0,
    /// Lower-case letters, ranks 8 and 9 at the start.
    Black = 1,
}

impl Side {
    /// Both sides, White first.
    pub const ALL: [Side; 2] = [Side::White, Side::Black];

    /// The other side.
    pub const fn other(self) -> Side {
        match self {
            Side::White => Side::Black,
            Side::Black => Side::White,
        }
    }

    /// The seat of the side: White 0, Black 1.
    pub const fn seat(self) -> u8 {
        self as u8
    }

    /// The side of a seat.
    pub const fn of_seat(seat: u8) -> Option<Side> {
        match seat {
            0 => Some(Side::White),
            1 => Some(Side::Black),
            _ => None,
        }
    }

    /// The side's name.
    pub const fn name(self) -> &'static str {
        match self {
            Side::White => "White",
            Side::Black => "Black",
        }
    }

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

    /// The piece's letter in the notation: upper case for White.
    pub const fn letter(self) -> u8 {
        match self.side {
            Side::White => self.kind.letter(),
            Side::Black => self.kind.letter().to_ascii_lowercase(),
        }
    }
}

/// Each direction of [`DIRS`] as a step of the square index.
const DELTAS: [i8; 8] = [9, 10, 1, -8, -9, -10, -1, 8];

/// For each square and direction, how many squares lie that way before the edge.
const REACH: [[u8; 8]; 81] = {
    let mut table = [[0u8; 8]; 81];
    let mut sq = 0;
    while sq < 81 {
        let (file, rank) = ((sq % 9) as i8, (sq / 9) as i8);
        let mut dir = 0;
        while dir < 8 {
            let (df, dr) = DIRS[dir];
            let (mut f, mut r, mut n) = (file + df, rank + dr, 0);
            while f >= 0 && f < 9 && r >= 0 && r < 9 {
                n += 1;
                f += df;
                r += dr;
            }
            table[sq][dir] = n;
            dir += 1;
        }
        sq += 1;
    }
    table
};

/// The squares from `from` in direction `dir`, nearest first, to the edge.
pub fn ray(from: Square, dir: usize) -> impl Iterator<Item = Square> {
    let (reach, delta) = (REACH[from.0 as usize][dir % 8], DELTAS[dir % 8]);
    (1..=reach as i16).map(move |n| Square((from.0 as i16 + n * delta as i16) as u8))
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
const MOVES: [(u8, u8); 25] = {
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

/// A square, 0 (a1) to 80 (i9), rank by rank.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// The square on `file` (0 = a) and `rank` (0 = rank 1).
    pub const fn at(file: u8, rank: u8) -> Option<Square> {
        if file < 9 && rank < 9 {
            Some(Square(rank * 9 + file))
        } else {
            None
        }
    }

    /// The square with this index.
    pub const fn from_index(index: u8) -> Option<Square> {
        if index < 81 {
            Some(Square(index))
        } else {
            None
        }
    }

    /// 0–80.
    pub const fn index(self) -> u8 {
        self.0
    }

    /// 0 (a) to 8 (i).
    pub const fn file(self) -> u8 {
        self.0 % 9
    }

    /// 0 (rank 1) to 8 (rank 9).
    pub const fn rank(self) -> u8 {
        self.0 / 9
    }

    /// The square `(df, dr)` away, if on the board.
    pub const fn offset(self, df: i8, dr: i8) -> Option<Square> {
        let file = self.file() as i8 + df;
        let rank = self.rank() as i8 + dr;
        if file < 0 || rank < 0 {
            return None;
        }
        Square::at(file as u8, rank as u8)
    }

    /// The next square in direction `dir` (an index of [`DIRS`]).
    pub const fn step(self, dir: usize) -> Option<Square> {
        if REACH[self.0 as usize][dir % 8] == 0 {
            return None;
        }
        Some(Square((self.0 as i16 + DELTAS[dir % 8] as i16) as u8))
    }

    /// The half of the board the square is in (A2): ranks 1–5 White's, 6–9 Black's.
    pub const fn half(self) -> Side {
        if self.rank() <= 4 {
            Side::White
        } else {
            Side::Black
        }
    }

    /// Every square, a1 first.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..81).map(Square)
    }

    /// Parses `e4`.
    pub fn parse(text: &[u8]) -> Option<Square> {
        match text {
            [f @ b'a'..=b'i', r @ b'1'..=b'9'] => Square::at(f - b'a', r - b'1'),
            _ => None,
        }
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", char::from(b'a' + self.file()), self.rank() + 1)
    }
}

/// The board: a byte per square (0 empty, else [`Piece::byte`]), and kept with it as
/// pieces move: each side's squares as a bit set, where each Ajaw stands, and the
/// board's hash.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Board {
    cells: [u8; 81],
    occupied: [u128; 2],
    ajaw: [Option<Square>; 2],
    key: u64,
}

impl Default for Board {
    fn default() -> Board {
        Board { cells: [0; 81], occupied: [0; 2], ajaw: [None; 2], key: 0 }
    }
}

/// The squares of a bit set, lowest first.
pub fn squares(mut bits: u128) -> impl Iterator<Item = Square> {
    core::iter::from_fn(move || {
        if bits == 0 {
            return None;
        }
        let index = bits.trailing_zeros() as u8;
        bits &= bits - 1;
        Some(Square(index))
    })
}

/// The hash of a piece on a square (a Zobrist key computed, not tabled).
pub const fn key(byte: u8, square: Square) -> u64 {
    mix((byte as u64) << 8 | square.0 as u64)
}

impl Board {
    /// The start (A1).
    pub fn start() -> Board {
        let mut board = Board::default();
        let back = [Kind::Serpent, Kind::Jaguar, Kind::Vulture, Kind::Shaman, Kind::Ajaw];
        for file in 0..9u8 {
            let kind = back[(file as usize).min(8 - file as usize)];
            for (side, rank) in [(Side::White, 0), (Side::Black, 8)] {
                board.put(Square::at(file, rank), Some(Piece::new(side, kind)));
            }
            if (1..8).contains(&file) {
                board.put(Square::at(file, 1), Some(Piece::new(Side::White, Kind::Pawn)));
                board.put(Square::at(file, 7), Some(Piece::new(Side::Black, Kind::Pawn)));
            }
        }
        board
    }

    /// The piece on `square`.
    pub fn at(&self, square: Square) -> Option<Piece> {
        PIECES[self.cells[square.0 as usize] as usize % 25]
    }

    /// The byte on `square`.
    pub fn byte(&self, square: Square) -> u8 {
        self.cells[square.0 as usize]
    }

    /// Puts `piece` on `square` (or empties it), keeping the Ajaws' squares.
    pub fn put(&mut self, square: Option<Square>, piece: Option<Piece>) {
        let Some(square) = square else { return };
        let bit = 1u128 << square.0;
        if let Some(old) = self.at(square) {
            if old.kind == Kind::Ajaw && self.ajaw[old.side as usize] == Some(square) {
                self.ajaw[old.side as usize] = None;
            }
            self.occupied[old.side as usize] &= !bit;
            self.key ^= key(old.byte(), square);
        }
        self.cells[square.0 as usize] = piece.map_or(0, Piece::byte);
        if let Some(p) = piece {
            if p.kind == Kind::Ajaw {
                self.ajaw[p.side as usize] = Some(square);
            }
            self.occupied[p.side as usize] |= bit;
            self.key ^= key(p.byte(), square);
        }
    }

    /// The squares of `side`'s pieces as a bit set (bit `n` for square index `n`).
    pub fn occupied(&self, side: Side) -> u128 {
        self.occupied[side as usize]
    }

    /// Where `side`'s Ajaw stands.
    pub fn ajaw(&self, side: Side) -> Option<Square> {
        self.ajaw[side as usize]
    }

    /// The squares of `side`'s pieces with the pieces, a1 first.
    pub fn pieces(&self, side: Side) -> impl Iterator<Item = (Square, Piece)> + '_ {
        squares(self.occupied[side as usize]).filter_map(move |sq| self.at(sq).map(|p| (sq, p)))
    }

    /// The board's hash: the pieces on their squares.
    pub fn key(&self) -> u64 {
        self.key
    }

    /// Whether a piece of `by` attacks `target` (A3): the walk goes out from the target
    /// in each direction to the first piece, and asks whether it reaches back.
    pub fn attacked(&self, target: Square, by: Side) -> bool {
        let theirs = self.occupied[by as usize];
        for dir in 0..8 {
            let back = 1u8 << ((dir + 4) % 8);
            for (distance, at) in ray(target, dir).enumerate() {
                let byte = self.cells[at.0 as usize];
                if byte == 0 {
                    continue;
                }
                if theirs & 1 << at.0 != 0 {
                    let (steps, slides) = MOVES[byte as usize % 25];
                    if slides & back != 0 || (distance == 0 && steps & back != 0) {
                        return true;
                    }
                }
                break;
            }
        }
        false
    }

    /// The pieces of `side` pinned to its Ajaw: each stands alone between the Ajaw and
    /// an enemy piece sliding along that line, so it may not simply leave it.
    pub fn pinned(&self, side: Side) -> u128 {
        let Some(ajaw) = self.ajaw(side) else { return 0 };
        let own = self.occupied[side as usize];
        let mut pinned = 0;
        for dir in 0..8 {
            let back = 1u8 << ((dir + 4) % 8);
            let mut shield = None;
            for at in ray(ajaw, dir) {
                let byte = self.cells[at.0 as usize];
                if byte == 0 {
                    continue;
                }
                match shield {
                    None if own & 1 << at.0 != 0 => shield = Some(at),
                    None => break,
                    Some(s) => {
                        if own & 1 << at.0 == 0 && MOVES[byte as usize % 25].1 & back != 0 {
                            pinned |= 1u128 << s.0;
                        }
                        break;
                    }
                }
            }
        }
        pinned
    }

    /// Whether `side`'s Ajaw is attacked (A5).
    pub fn in_check(&self, side: Side) -> bool {
        self.ajaw(side).is_some_and(|sq| self.attacked(sq, side.other()))
    }
}
