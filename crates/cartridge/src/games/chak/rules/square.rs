//! The 81 squares of the 9×9 board (A1), the river's halves (A2), and the rays a
//! sliding piece walks.

use core::fmt;

use super::piece::{Side, DIRS};

/// Each direction of [`DIRS`] as a step of the square index.
pub(super) const DELTAS: [i8; 8] = [9, 10, 1, -8, -9, -10, -1, 8];

/// For each square and direction, how many squares lie that way before the edge.
pub(super) const REACH: [[u8; 8]; 81] = {
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

/// For each direction and square, the squares that way to the edge as a bit set.
pub(super) static RAYS: [[u128; 81]; 8] = {
    let mut rays = [[0u128; 81]; 8];
    let mut dir = 0;
    while dir < 8 {
        let mut sq = 0;
        while sq < 81 {
            let mut n = 1;
            while n <= REACH[sq][dir] as i16 {
                rays[dir][sq] |= 1u128 << (sq as i16 + n * DELTAS[dir] as i16);
                n += 1;
            }
            sq += 1;
        }
        dir += 1;
    }
    rays
};

/// The squares of `bits`, lowest first, each as its index and its bit.
pub(super) fn each_bit(mut bits: u128) -> impl Iterator<Item = (usize, u128)> {
    core::iter::from_fn(move || {
        let bit = bits & bits.wrapping_neg();
        bits ^= bit;
        (bit != 0).then(|| (bit.trailing_zeros() as usize, bit))
    })
}

/// How far the board reaches from square index `at` in direction `dir`, and the step
/// of the index that way.
pub(super) fn reach_and_delta(at: usize, dir: usize) -> (u8, isize) {
    let reach = REACH.get(at).and_then(|r| r.get(dir)).copied().unwrap_or(0);
    (reach, DELTAS.get(dir).copied().unwrap_or(0) as isize)
}

/// The squares next to each square as a bit set.
pub(super) static NEIGHBOURS: [u128; 81] = {
    let mut masks = [0u128; 81];
    let mut sq = 0;
    while sq < 81 {
        let mut dir = 0;
        while dir < 8 {
            if REACH[sq][dir] > 0 {
                masks[sq] |= 1u128 << (sq as i16 + DELTAS[dir] as i16);
            }
            dir += 1;
        }
        sq += 1;
    }
    masks
};

/// For each square, the squares along its lines to the edge as bit sets: the
/// orthogonal lines first (the even directions of [`DIRS`]), then the diagonal ones.
pub(super) static LINES: [[u128; 81]; 2] = {
    let mut lines = [[0u128; 81]; 2];
    let mut sq = 0;
    while sq < 81 {
        let mut dir = 0;
        while dir < 8 {
            lines[dir % 2][sq] |= RAYS[dir][sq];
            dir += 1;
        }
        sq += 1;
    }
    lines
};

/// The direction of [`DIRS`] from square index `from` to `to`, a square next to it.
pub(super) fn direction(from: usize, to: usize) -> usize {
    // The step of the index, +10 (NE) to -10 (SW), each direction's in DELTAS.
    const OF_STEP: [u8; 21] = {
        let mut table = [0u8; 21];
        let mut dir = 0;
        while dir < 8 {
            table[(DELTAS[dir] + 10) as usize] = dir as u8;
            dir += 1;
        }
        table
    };
    OF_STEP.get((to as isize - from as isize + 10) as usize).copied().unwrap_or(0) as usize
}

/// The nearest square of `bits` (not empty) from a square, looking in direction
/// `dir`: the lowest index where the direction raises the index, else the highest.
pub(super) fn nearest(bits: u128, dir: usize) -> u32 {
    if DELTAS[dir % 8] > 0 {
        bits.trailing_zeros()
    } else {
        127 - bits.leading_zeros()
    }
}

/// How many squares `bits` holds, counting no further than `most`: a bit at a time,
/// cheaper than a full count for the few squares near an Ajaw (the console has no
/// instruction that counts bits, and a full count of 128 is some forty).
pub fn count_up_to(mut bits: u128, most: u32) -> u32 {
    let mut count = 0;
    while bits != 0 && count < most {
        bits &= bits - 1;
        count += 1;
    }
    count
}

/// The squares from `from` in direction `dir`, nearest first, to the edge.
pub fn ray(from: Square, dir: usize) -> impl Iterator<Item = Square> {
    let (reach, delta) = (REACH[from.0 as usize][dir % 8], DELTAS[dir % 8]);
    (1..=reach as i16).map(move |n| Square((from.0 as i16 + n * delta as i16) as u8))
}

/// A square, 0 (a1) to 80 (i9), rank by rank.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Square(pub(super) u8);

impl Square {
    // `at`, `from_index`, `index`, `file`, `rank`, `offset` and `all` (a1, b1, … i9).
    chek_engine::board_square!(9, at);

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

/// The squares of a bit set, lowest first.
pub fn squares(bits: u128) -> impl Iterator<Item = Square> {
    chek_engine::set_bits(bits).map(Square)
}

