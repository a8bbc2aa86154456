//! What every square of a square board has: its place by file and rank, numbered rank by
//! rank from the bottom-left corner (`a1` = 0). Chek's 8×8 board and Chak's 9×9 share
//! it; each game's `Square` adds what is its own (neighbours, rays, notation).

/// Writes the file-and-rank basics into a square type's `impl` block: `$new(file,
/// rank)` (the constructor, by the name the game uses), `from_index`, `index`, `file`,
/// `rank`, `offset` and `all`, for a board `$side` squares wide. The type is a tuple
/// struct around the `u8` index.
///
/// ```
/// #[derive(Clone, Copy, PartialEq, Debug)]
/// struct Square(u8);
/// impl Square {
///     chek_engine::board_square!(5, at);
/// }
/// let c2 = Square::at(2, 1).unwrap();
/// assert_eq!((c2.index(), c2.file(), c2.rank()), (7, 2, 1));
/// assert_eq!(c2.offset(-2, 1), Square::at(0, 2));
/// assert_eq!(c2.offset(3, 0), None);
/// assert_eq!(Square::all().count(), 25);
/// ```
#[macro_export]
macro_rules! board_square {
    ($side:literal, $new:ident) => {
        /// The square on `file` (0 = `a`) and `rank` (0 = `1`), if both are on the board.
        pub const fn $new(file: u8, rank: u8) -> Option<Self> {
            if file < $side && rank < $side {
                Some(Self(rank * $side + file))
            } else {
                None
            }
        }

        /// The square with this index (`a1` = 0, rank by rank), if it is on the board.
        pub const fn from_index(index: u8) -> Option<Self> {
            if index < $side * $side {
                Some(Self(index))
            } else {
                None
            }
        }

        /// The index, rank by rank from `a1` = 0.
        pub const fn index(self) -> u8 {
            self.0
        }

        /// The file, 0 = `a`.
        pub const fn file(self) -> u8 {
            self.0 % $side
        }

        /// The rank, 0 = `1`.
        pub const fn rank(self) -> u8 {
            self.0 / $side
        }

        /// The square `df` files right and `dr` ranks up, if it is on the board.
        pub const fn offset(self, df: i8, dr: i8) -> Option<Self> {
            let file = self.file() as i8 + df;
            let rank = self.rank() as i8 + dr;
            if file < 0 || rank < 0 {
                return None;
            }
            Self::$new(file as u8, rank as u8)
        }

        /// Every square, `a1` first, rank by rank.
        pub fn all() -> impl Iterator<Item = Self> {
            (0..$side * $side).map(Self)
        }
    };
}

/// A board's squares as the bits of an unsigned integer (bit `i` for square `i`).
pub trait BitSet: Copy {
    /// Whether no bit is set.
    fn is_empty(self) -> bool;
    /// The lowest set bit's index and the set without it (`self` not empty).
    fn pop_lowest(self) -> (u8, Self);
}

macro_rules! bit_set {
    ($($int:ty),*) => {$(
        impl BitSet for $int {
            fn is_empty(self) -> bool {
                self == 0
            }

            fn pop_lowest(self) -> (u8, Self) {
                (self.trailing_zeros() as u8, self & self.wrapping_sub(1))
            }
        }
    )*};
}

bit_set!(u32, u64, u128);

/// The indexes of the bits set in `bits`, lowest first.
///
/// ```
/// let squares: Vec<u8> = chek_engine::set_bits(0b1010_0001u32).collect();
/// assert_eq!(squares, [0, 5, 7]);
/// assert_eq!(chek_engine::set_bits(1u128 << 80).collect::<Vec<_>>(), [80]);
/// ```
pub fn set_bits<B: BitSet>(mut bits: B) -> impl Iterator<Item = u8> {
    core::iter::from_fn(move || {
        if bits.is_empty() {
            return None;
        }
        let (index, rest) = bits.pop_lowest();
        bits = rest;
        Some(index)
    })
}
