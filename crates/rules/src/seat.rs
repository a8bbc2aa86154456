//! Seats, who is playing, and data kept per seat (C3).

use core::fmt;
use core::ops::{Index, IndexMut};

/// A seat at the table (C3). Each seat plays one side of the board.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
#[repr(u8)]
pub enum Seat {
    /// The bottom edge; `S` in the notation.
    South = 0,
    /// The left edge; `W`.
    West = 1,
    /// The top edge; `N`.
    North = 2,
    /// The right edge; `E`.
    East = 3,
}

impl Seat {
    /// All seats in clockwise turn order, South first (C3).
    pub const ALL: [Seat; 4] = [Seat::South, Seat::West, Seat::North, Seat::East];

    /// The seat's letter in the notation: `S`, `W`, `N` or `E`.
    pub const fn char(self) -> char {
        match self {
            Seat::South => 'S',
            Seat::West => 'W',
            Seat::North => 'N',
            Seat::East => 'E',
        }
    }

    /// The seat with this letter.
    pub const fn from_char(c: char) -> Option<Seat> {
        match c {
            'S' => Some(Seat::South),
            'W' => Some(Seat::West),
            'N' => Some(Seat::North),
            'E' => Some(Seat::East),
            _ => None,
        }
    }

    /// The seat's name, for people: "South", …
    pub const fn name(self) -> &'static str {
        match self {
            Seat::South => "South",
            Seat::West => "West",
            Seat::North => "North",
            Seat::East => "East",
        }
    }

    /// 0 for South, 1 West, 2 North, 3 East.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The seat at the table, as the game interface numbers seats (turn order).
    pub const fn at_table(self) -> chek_engine::Seat {
        chek_engine::Seat::ALL[self as usize]
    }

    /// The side sitting in the game interface's `seat`.
    pub const fn of_table(seat: chek_engine::Seat) -> Seat {
        Seat::ALL[seat.index() % 4]
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}

/// Who sits at the table: a 2-player game uses South and North, a 4-player game all
/// four seats (C3).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Seating {
    /// South and North.
    Two,
    /// South, West, North and East.
    Four,
}

impl Seating {
    /// The seats in play in clockwise order, as written in the notation.
    pub const fn seats(self) -> &'static [Seat] {
        match self {
            Seating::Two => &[Seat::South, Seat::North],
            Seating::Four => &Seat::ALL,
        }
    }

    /// Whether `seat` plays in this seating.
    pub const fn contains(self, seat: Seat) -> bool {
        match self {
            Seating::Two => matches!(seat, Seat::South | Seat::North),
            Seating::Four => true,
        }
    }

    /// The number of seats in play.
    pub const fn count(self) -> usize {
        self.seats().len()
    }

    /// The next seat in play clockwise after `seat` (C3), whether or not it is out.
    pub const fn clockwise_after(self, seat: Seat) -> Seat {
        match self {
            Seating::Two => match seat {
                Seat::South | Seat::West => Seat::North,
                Seat::North | Seat::East => Seat::South,
            },
            Seating::Four => Seat::ALL[(seat as usize + 1) % 4],
        }
    }
}

/// One value per seat, indexed by [`Seat`]. Seats not in play keep their default.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct BySeat<T>(pub [T; 4]);

impl<T> BySeat<T> {
    /// A value for each seat, made by `f`.
    pub fn from_fn(mut f: impl FnMut(Seat) -> T) -> BySeat<T> {
        BySeat(Seat::ALL.map(&mut f))
    }
}

impl<T> Index<Seat> for BySeat<T> {
    type Output = T;
    fn index(&self, seat: Seat) -> &T {
        &self.0[seat.index()]
    }
}

impl<T> IndexMut<Seat> for BySeat<T> {
    fn index_mut(&mut self, seat: Seat) -> &mut T {
        &mut self.0[seat.index()]
    }
}

/// The game interface's per-seat values, read by the sides' names.
impl<T> Index<Seat> for chek_engine::PerSeat<T> {
    type Output = T;
    fn index(&self, seat: Seat) -> &T {
        &self[seat.at_table()]
    }
}

impl<T> IndexMut<Seat> for chek_engine::PerSeat<T> {
    fn index_mut(&mut self, seat: Seat) -> &mut T {
        &mut self[seat.at_table()]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn c3_turns_go_clockwise_south_west_north_east() {
        let four = Seating::Four;
        assert_eq!(four.clockwise_after(Seat::South), Seat::West);
        assert_eq!(four.clockwise_after(Seat::West), Seat::North);
        assert_eq!(four.clockwise_after(Seat::North), Seat::East);
        assert_eq!(four.clockwise_after(Seat::East), Seat::South);
        assert_eq!(Seating::Two.clockwise_after(Seat::South), Seat::North);
        assert_eq!(Seating::Two.clockwise_after(Seat::North), Seat::South);
        assert_eq!(Seating::Two.seats(), &[Seat::South, Seat::North]);
    }

    #[test]
    fn seat_letters_round_trip() {
        for seat in Seat::ALL {
            assert_eq!(Seat::from_char(seat.char()), Some(seat));
        }
        assert_eq!(Seat::from_char('X'), None);
    }
}
