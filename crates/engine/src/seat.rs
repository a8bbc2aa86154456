//! Seats at the table and what is kept for each.

use core::fmt;
use core::ops::{Index, IndexMut};

/// The most seats a game of the cartridge has (Chek's four sides).
pub const MAX_SEATS: usize = 4;

/// A seat at the table, by its place in the turn order: the first seat plays first.
/// Games name their seats (Chek's South to East, Checkers' Light and Dark) and say
/// which seat each name sits in.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Seat(u8);

impl Seat {
    /// The first seat to play.
    pub const FIRST: Seat = Seat(0);
    /// The second seat to play.
    pub const SECOND: Seat = Seat(1);
    /// Every seat there can be, in turn order.
    pub const ALL: [Seat; MAX_SEATS] = [Seat(0), Seat(1), Seat(2), Seat(3)];

    /// The seat at `index` in the turn order, if there is one.
    pub const fn new(index: usize) -> Option<Seat> {
        if index < MAX_SEATS {
            Some(Seat(index as u8))
        } else {
            None
        }
    }

    /// The seat's place in the turn order, from 0.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The seat as one byte (saves and codes write it so).
    pub const fn byte(self) -> u8 {
        self.0
    }

    /// The seat a byte names ([`Seat::byte`]).
    pub const fn from_byte(byte: u8) -> Option<Seat> {
        Seat::new(byte as usize)
    }
}

impl fmt::Debug for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Seat({})", self.0)
    }
}

/// One value for each seat there can be, indexed by [`Seat`]. Seats not at the table
/// keep their default.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct PerSeat<T>(pub [T; MAX_SEATS]);

impl<T> PerSeat<T> {
    /// A value for each seat, made by `f`.
    pub fn from_fn(mut f: impl FnMut(Seat) -> T) -> PerSeat<T> {
        PerSeat(Seat::ALL.map(&mut f))
    }

    /// Each seat with its value, in turn order.
    pub fn iter(&self) -> impl Iterator<Item = (Seat, &T)> {
        Seat::ALL.into_iter().zip(self.0.iter())
    }

    /// The values in turn order.
    pub fn values(&self) -> &[T; MAX_SEATS] {
        &self.0
    }

    /// The values in turn order, to change.
    pub fn values_mut(&mut self) -> &mut [T; MAX_SEATS] {
        &mut self.0
    }
}

impl<T> Index<Seat> for PerSeat<T> {
    type Output = T;
    fn index(&self, seat: Seat) -> &T {
        // A `Seat` is always below MAX_SEATS, so this never panics.
        &self.0[seat.index() % MAX_SEATS]
    }
}

impl<T> IndexMut<Seat> for PerSeat<T> {
    fn index_mut(&mut self, seat: Seat) -> &mut T {
        &mut self.0[seat.index() % MAX_SEATS]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seats_are_the_turn_order_and_nothing_past_it() {
        assert_eq!(Seat::new(1), Some(Seat::SECOND));
        assert_eq!(Seat::new(MAX_SEATS), None);
        assert_eq!(Seat::from_byte(3).map(Seat::index), Some(3));
        assert_eq!(Seat::ALL.map(Seat::byte), [0, 1, 2, 3]);
        let mut each = PerSeat::from_fn(|s| s.index() * 10);
        each[Seat::SECOND] += 1;
        assert_eq!(each.0, [0, 11, 20, 30]);
        assert_eq!(each.iter().nth(2), Some((Seat::ALL[2], &20)));
    }
}
