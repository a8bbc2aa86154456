//! The board (K1, K10): the 32 dark squares, numbered 1–32 from Light's side, as bits
//! of a `u32`, and the diagonal steps between them.
//!
//! Square `n` is bit `n − 1`. Rows of four go from rank 8 (squares 1–4) down to rank 1
//! (29–32); on ranks 8, 6, 4 and 2 the dark squares are files b, d, f, h, on the others
//! a, c, e, g. "Up" is towards rank 8: Light's forward, Dark's back.

use core::fmt;

/// A set of squares, one bit each.
pub type Bits = u32;

/// Squares on the ranks whose dark squares are b, d, f, h (8, 6, 4, 2).
const BDFH_ROWS: Bits = 0x0F0F_0F0F;
/// Squares on the ranks whose dark squares are a, c, e, g (7, 5, 3, 1).
const ACEG_ROWS: Bits = 0xF0F0_F0F0;
/// File a: 5, 13, 21, 29.
const FILE_A: Bits = 0x1010_1010;
/// File h: 4, 12, 20, 28.
const FILE_H: Bits = 0x0808_0808;
/// Rank 8, Light's far row: 1–4.
pub const RANK_8: Bits = 0x0000_000F;
/// Rank 1, Dark's far row: 29–32.
pub const RANK_1: Bits = 0xF000_0000;

/// A dark square, 1–32 (K10).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// Every square, 1 to 32.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..32).map(Square)
    }

    /// Square number `n` (1–32).
    pub const fn new(n: u8) -> Option<Square> {
        if n >= 1 && n <= 32 {
            Some(Square(n - 1))
        } else {
            None
        }
    }

    /// The square whose bit is `index` (0–31).
    pub const fn from_index(index: u8) -> Option<Square> {
        if index < 32 {
            Some(Square(index))
        } else {
            None
        }
    }

    /// The dark square at `file` (0 = a) and `rank` (0 = rank 1), if it is dark.
    pub const fn at(file: u8, rank: u8) -> Option<Square> {
        if file >= 8 || rank >= 8 || (file + rank) % 2 == 1 {
            return None;
        }
        Some(Square((7 - rank) * 4 + file / 2))
    }

    /// The square's number, 1–32.
    pub const fn number(self) -> u8 {
        self.0 + 1
    }

    /// Its bit index, 0–31.
    pub const fn index(self) -> u8 {
        self.0
    }

    /// Its bit.
    pub const fn bit(self) -> Bits {
        1 << self.0
    }

    /// Its file, 0 (a) to 7 (h).
    pub const fn file(self) -> u8 {
        let p = self.0 % 4;
        if (self.0 / 4).is_multiple_of(2) {
            2 * p + 1
        } else {
            2 * p
        }
    }

    /// Its rank, 0 (rank 1, Light's side) to 7 (rank 8).
    pub const fn rank(self) -> u8 {
        7 - self.0 / 4
    }

    /// The next square in `dir`, if the board goes on.
    pub const fn step(self, dir: Dir) -> Option<Square> {
        let (df, dr) = dir.delta();
        let file = self.file() as i8 + df;
        let rank = self.rank() as i8 + dr;
        if file < 0 || rank < 0 {
            return None;
        }
        Square::at(file as u8, rank as u8)
    }

    /// The squares of `bits`, lowest number first.
    pub fn each(bits: Bits) -> impl Iterator<Item = Square> {
        chek_engine::set_bits(bits).map(Square)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.number())
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.number())
    }
}

/// A diagonal direction. Up is towards rank 8.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Dir {
    /// Towards rank 8 and file a.
    UpLeft = 0,
    /// Towards rank 8 and file h.
    UpRight = 1,
    /// Towards rank 1 and file a.
    DownLeft = 2,
    /// Towards rank 1 and file h.
    DownRight = 3,
}

impl Dir {
    /// The four directions.
    pub const ALL: [Dir; 4] = [Dir::UpLeft, Dir::UpRight, Dir::DownLeft, Dir::DownRight];

    /// The direction with this number (its low two bits).
    pub const fn from_bits(bits: u32) -> Dir {
        match bits & 3 {
            0 => Dir::UpLeft,
            1 => Dir::UpRight,
            2 => Dir::DownLeft,
            _ => Dir::DownRight,
        }
    }

    /// (files, ranks) of one step.
    pub const fn delta(self) -> (i8, i8) {
        match self {
            Dir::UpLeft => (-1, 1),
            Dir::UpRight => (1, 1),
            Dir::DownLeft => (-1, -1),
            Dir::DownRight => (1, -1),
        }
    }

    /// Whether the step goes towards rank 8.
    pub const fn is_up(self) -> bool {
        matches!(self, Dir::UpLeft | Dir::UpRight)
    }

    /// Every square of `bits` moved one step this way (squares leaving the board drop
    /// out).
    pub const fn shift(self, bits: Bits) -> Bits {
        match self {
            Dir::UpLeft => ((bits & BDFH_ROWS) >> 4) | ((bits & ACEG_ROWS & !FILE_A) >> 5),
            Dir::UpRight => ((bits & BDFH_ROWS & !FILE_H) >> 3) | ((bits & ACEG_ROWS) >> 4),
            Dir::DownLeft => ((bits & BDFH_ROWS) << 4) | ((bits & ACEG_ROWS & !FILE_A) << 3),
            Dir::DownRight => ((bits & BDFH_ROWS & !FILE_H) << 5) | ((bits & ACEG_ROWS) << 4),
        }
    }

    /// The opposite direction.
    pub const fn back(self) -> Dir {
        match self {
            Dir::UpLeft => Dir::DownRight,
            Dir::UpRight => Dir::DownLeft,
            Dir::DownLeft => Dir::UpRight,
            Dir::DownRight => Dir::UpLeft,
        }
    }
}

chek_engine::two_sides! {
    /// Light (moves first in the rulebook's game, from ranks 1–3 up) or Dark (from ranks
    /// 6–8 down): seats 0 and 1.
    pub enum Side { Light, Dark }
}

impl Side {
    /// The letter of PDN FEN: `W` for Light, `B` for Dark (K10).
    pub const fn letter(self) -> char {
        match self {
            Side::Light => 'W',
            Side::Dark => 'B',
        }
    }

    /// The directions its men move (K2).
    pub const fn forward(self) -> [Dir; 2] {
        match self {
            Side::Light => [Dir::UpLeft, Dir::UpRight],
            Side::Dark => [Dir::DownLeft, Dir::DownRight],
        }
    }

    /// The row where its men are crowned, the opponent's back row (K5).
    pub const fn far_row(self) -> Bits {
        match self {
            Side::Light => RANK_8,
            Side::Dark => RANK_1,
        }
    }
}

/// Where the pieces stand: each side's pieces and which of all are kings.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Board {
    /// Light's pieces.
    pub light: Bits,
    /// Dark's pieces.
    pub dark: Bits,
    /// The kings among them.
    pub kings: Bits,
}

impl Board {
    /// The start (K1): Light's 12 men on 21–32, Dark's on 1–12.
    pub const START: Board = Board { light: 0xFFF0_0000, dark: 0x0000_0FFF, kings: 0 };

    /// `side`'s pieces.
    pub const fn pieces(&self, side: Side) -> Bits {
        match side {
            Side::Light => self.light,
            Side::Dark => self.dark,
        }
    }

    /// Every piece.
    pub const fn occupied(&self) -> Bits {
        self.light | self.dark
    }

    /// The empty squares.
    pub const fn empty(&self) -> Bits {
        !self.occupied()
    }

    /// The side with a piece on `square`, and whether it is a king.
    pub const fn at(&self, square: Square) -> Option<(Side, bool)> {
        let bit = square.bit();
        let king = self.kings & bit != 0;
        if self.light & bit != 0 {
            Some((Side::Light, king))
        } else if self.dark & bit != 0 {
            Some((Side::Dark, king))
        } else {
            None
        }
    }

    /// `side`'s pieces (mutable).
    pub fn pieces_mut(&mut self, side: Side) -> &mut Bits {
        match side {
            Side::Light => &mut self.light,
            Side::Dark => &mut self.dark,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_are_numbered_from_lights_side_as_k10_says() {
        let names = [(1, 1, 7), (2, 3, 7), (4, 7, 7), (5, 0, 6), (29, 0, 0), (30, 2, 0), (32, 6, 0)];
        for (n, file, rank) in names {
            let sq = Square::new(n).unwrap();
            assert_eq!((sq.file(), sq.rank()), (file, rank), "square {n}");
            assert_eq!(Square::at(file, rank), Some(sq));
        }
        assert_eq!(Square::at(1, 0), None, "b1 is light");
        assert_eq!(Square::new(0), None);
        assert_eq!(Square::new(33), None);
    }

    #[test]
    fn shifts_agree_with_single_steps() {
        for dir in Dir::ALL {
            for sq in Square::all() {
                let expected = sq.step(dir).map_or(0, Square::bit);
                assert_eq!(dir.shift(sq.bit()), expected, "{sq} {dir:?}");
                if let Some(to) = sq.step(dir) {
                    assert_eq!(to.step(dir.back()), Some(sq));
                }
            }
        }
    }
}
