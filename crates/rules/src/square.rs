//! Squares and sets of squares (C1, C2).

use core::fmt;
use core::ops::{BitAnd, BitOr, BitOrAssign, Not};

/// A square of the 8×8 board (C1). Files `a`–`h` run left to right, ranks `1`–`8`
/// bottom to top, as seen on the Playdate screen.
///
/// ```
/// use chek_rules::Square;
/// let b2 = Square::new(1, 1).unwrap();
/// assert_eq!(b2.to_string(), "b2");
/// assert_eq!("b2".parse::<Square>(), Ok(b2));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Square(u8);

impl Square {
    /// The bottom-left square.
    pub const A1: Square = Square(0);

    // `new`, `from_index`, `index`, `file`, `rank`, `offset` and `all` (a1, b1, … h8).
    chek_engine::board_square!(8, new);

    /// The set holding only this square.
    pub const fn set(self) -> SquareSet {
        SquareSet(1 << self.0)
    }

    /// The 4-way neighbours: up, down, left, right (C2).
    pub const fn neighbours4(self) -> SquareSet {
        NEIGHBOURS4[self.0 as usize]
    }

    /// The 8-way neighbours: the 4-way ones and the four diagonals (C2).
    pub const fn neighbours8(self) -> SquareSet {
        NEIGHBOURS8[self.0 as usize]
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file()) as char, self.rank() + 1)
    }
}

/// The text was not a square such as `b2`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct ParseSquareError;

impl fmt::Display for ParseSquareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("expected a square a1-h8")
    }
}

impl core::str::FromStr for Square {
    type Err = ParseSquareError;

    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        match s.as_bytes() {
            [f @ b'a'..=b'h', r @ b'1'..=b'8'] => Square::new(f - b'a', r - b'1').ok_or(ParseSquareError),
            _ => Err(ParseSquareError),
        }
    }
}

const fn neighbour_table(diagonals: bool) -> [SquareSet; 64] {
    let mut table = [SquareSet::EMPTY; 64];
    let mut i = 0;
    while i < 64 {
        let sq = Square(i as u8);
        let mut bits = 0u64;
        let mut dr = -1i8;
        while dr <= 1 {
            let mut df = -1i8;
            while df <= 1 {
                let orthogonal = (df == 0) != (dr == 0);
                let diagonal = df != 0 && dr != 0;
                if orthogonal || (diagonals && diagonal) {
                    if let Some(n) = sq.offset(df, dr) {
                        bits |= 1 << n.0;
                    }
                }
                df += 1;
            }
            dr += 1;
        }
        table[i] = SquareSet(bits);
        i += 1;
    }
    table
}

static NEIGHBOURS4: [SquareSet; 64] = neighbour_table(false);
static NEIGHBOURS8: [SquareSet; 64] = neighbour_table(true);

/// A set of squares, one bit per square (bit `i` is the square with index `i`).
#[derive(Clone, Copy, PartialEq, Eq, Default, Hash)]
pub struct SquareSet(pub u64);

impl SquareSet {
    /// No squares.
    pub const EMPTY: SquareSet = SquareSet(0);

    /// Every square.
    pub const FULL: SquareSet = SquareSet(u64::MAX);

    /// Whether `sq` is in the set.
    pub const fn contains(self, sq: Square) -> bool {
        self.0 & (1 << sq.0) != 0
    }

    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// How many squares the set holds.
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// The set with `sq` added.
    #[must_use]
    pub const fn with(self, sq: Square) -> SquareSet {
        SquareSet(self.0 | 1 << sq.0)
    }

    /// The set with `sq` removed.
    #[must_use]
    pub const fn without(self, sq: Square) -> SquareSet {
        SquareSet(self.0 & !(1 << sq.0))
    }

    /// The lowest square in the set, if any.
    pub const fn first(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square(self.0.trailing_zeros() as u8))
        }
    }

    /// The set and every square that is an 8-way neighbour of one of its squares.
    #[must_use]
    pub const fn grown8(self) -> SquareSet {
        let row = self.grown_along_ranks();
        SquareSet(row | row << 8 | row >> 8)
    }

    /// The set and every square that is a 4-way neighbour of one of its squares.
    #[must_use]
    pub const fn grown4(self) -> SquareSet {
        let b = self.0;
        SquareSet(self.grown_along_ranks() | b << 8 | b >> 8)
    }

    /// The set's bits with their left and right neighbours (no wrap-around).
    const fn grown_along_ranks(self) -> u64 {
        const NOT_A: u64 = !0x0101_0101_0101_0101;
        const NOT_H: u64 = !0x8080_8080_8080_8080;
        let b = self.0;
        b | ((b << 1) & NOT_A) | ((b >> 1) & NOT_H)
    }

    /// The squares in index order (`a1` first).
    pub fn iter(self) -> SquareIter {
        SquareIter(self.0)
    }
}

impl fmt::Debug for SquareSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter().map(DisplayAsDebug)).finish()
    }
}

struct DisplayAsDebug(Square);

impl fmt::Debug for DisplayAsDebug {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0, f)
    }
}

impl IntoIterator for SquareSet {
    type Item = Square;
    type IntoIter = SquareIter;

    fn into_iter(self) -> SquareIter {
        self.iter()
    }
}

impl FromIterator<Square> for SquareSet {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> SquareSet {
        iter.into_iter().fold(SquareSet::EMPTY, SquareSet::with)
    }
}

impl BitAnd for SquareSet {
    type Output = SquareSet;
    fn bitand(self, rhs: SquareSet) -> SquareSet {
        SquareSet(self.0 & rhs.0)
    }
}

impl BitOr for SquareSet {
    type Output = SquareSet;
    fn bitor(self, rhs: SquareSet) -> SquareSet {
        SquareSet(self.0 | rhs.0)
    }
}

impl BitOrAssign for SquareSet {
    fn bitor_assign(&mut self, rhs: SquareSet) {
        self.0 |= rhs.0;
    }
}

impl Not for SquareSet {
    type Output = SquareSet;
    fn not(self) -> SquareSet {
        SquareSet(!self.0)
    }
}

/// Iterator over the squares of a [`SquareSet`], lowest index first.
#[derive(Clone, Debug)]
pub struct SquareIter(u64);

impl Iterator for SquareIter {
    type Item = Square;

    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            return None;
        }
        let sq = Square(self.0.trailing_zeros() as u8);
        self.0 &= self.0 - 1;
        Some(sq)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for SquareIter {}

#[cfg(test)]
mod tests {
    use super::*;
    use std::string::ToString;

    fn sq(s: &str) -> Square {
        s.parse().unwrap()
    }

    #[test]
    fn c1_squares_are_named_file_then_rank_from_the_bottom_left() {
        assert_eq!(Square::new(0, 0).unwrap().to_string(), "a1");
        assert_eq!(Square::new(7, 7).unwrap().to_string(), "h8");
        assert_eq!(sq("c5").file(), 2);
        assert_eq!(sq("c5").rank(), 4);
        assert!("i1".parse::<Square>().is_err());
        assert!("a9".parse::<Square>().is_err());
        assert!("a10".parse::<Square>().is_err());
        for s in Square::all() {
            assert_eq!(s.to_string().parse::<Square>(), Ok(s));
        }
    }

    #[test]
    fn c2_neighbours_are_4_way_and_8_way() {
        let n4: SquareSet = ["d5", "d3", "c4", "e4"].iter().map(|s| sq(s)).collect();
        assert_eq!(sq("d4").neighbours4(), n4);
        assert_eq!(sq("d4").neighbours8().len(), 8);
        assert_eq!(sq("a1").neighbours4(), [sq("a2"), sq("b1")].into_iter().collect());
        assert_eq!(sq("a1").neighbours8().len(), 3);
        assert_eq!(sq("h5").neighbours8().len(), 5);
        assert!(!sq("h5").neighbours8().contains(sq("a6")), "no wrap-around");
    }

    #[test]
    fn grown8_matches_the_neighbour_table() {
        for s in Square::all() {
            assert_eq!(s.set().grown8(), s.neighbours8().with(s), "{s}");
        }
    }

    #[test]
    fn grown4_matches_the_neighbour_table() {
        for s in Square::all() {
            assert_eq!(s.set().grown4(), s.neighbours4().with(s), "{s}");
        }
    }
}
