//! The six starting setups, selectable on the title screen.

use core::fmt;

use crate::{BySeat, Position, RawPosition, Seat, Seating, Square, SquareSet, Variant};

/// A starting setup, by its id in the rules.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Setup {
    /// `checkered`: 2 players, 8 each, the designer's 2-player standard.
    Checkered,
    /// `duel`: 2 players, 12 each on the middle six files.
    Duel,
    /// `open-duel`: 2 players, 12 each, a full back row and a middle four.
    OpenDuel,
    /// `skirmish`: 2 players, 6 each.
    Skirmish,
    /// `four-sides`: 4 players, 6 each, the designer's standard 4-player game.
    FourSides,
    /// `four-corners`: 4 players, 6 each in a corner triangle.
    FourCorners,
}

impl Setup {
    /// All setups, in the order the title screen lists them.
    pub const ALL: [Setup; 6] =
        [Setup::Checkered, Setup::Duel, Setup::OpenDuel, Setup::Skirmish, Setup::FourSides, Setup::FourCorners];

    /// The setup's id, as the rules and the command line write it.
    pub const fn id(self) -> &'static str {
        match self {
            Setup::Checkered => "checkered",
            Setup::Duel => "duel",
            Setup::OpenDuel => "open-duel",
            Setup::Skirmish => "skirmish",
            Setup::FourSides => "four-sides",
            Setup::FourCorners => "four-corners",
        }
    }

    /// The setup with this id.
    pub fn from_id(id: &str) -> Option<Setup> {
        Setup::ALL.into_iter().find(|s| s.id() == id)
    }

    /// The seats this setup is for.
    pub const fn seating(self) -> Seating {
        match self {
            Setup::FourSides | Setup::FourCorners => Seating::Four,
            _ => Seating::Two,
        }
    }

    /// Each seat's starting squares.
    fn squares(self) -> [&'static str; 4] {
        // South, West, North, East.
        match self {
            Setup::Checkered => ["a1 c1 e1 g1 b2 d2 f2 h2", "", "a7 c7 e7 g7 b8 d8 f8 h8", ""],
            Setup::Duel => ["b1 c1 d1 e1 f1 g1 b2 c2 d2 e2 f2 g2", "", "b7 c7 d7 e7 f7 g7 b8 c8 d8 e8 f8 g8", ""],
            Setup::OpenDuel => ["a1 b1 c1 d1 e1 f1 g1 h1 c2 d2 e2 f2", "", "a8 b8 c8 d8 e8 f8 g8 h8 c7 d7 e7 f7", ""],
            Setup::Skirmish => ["b1 c1 d1 e1 f1 g1", "", "b8 c8 d8 e8 f8 g8", ""],
            Setup::FourSides => ["b1 c1 d1 e1 f1 g1", "a2 a3 a4 a5 a6 a7", "b8 c8 d8 e8 f8 g8", "h2 h3 h4 h5 h6 h7"],
            Setup::FourCorners => ["a1 b1 c1 a2 b2 a3", "a8 b8 c8 a7 b7 a6", "h8 g8 f8 h7 g7 h6", "h1 g1 f1 h2 g2 h3"],
        }
    }

    /// Each seat's starting pieces.
    pub fn pieces(self) -> BySeat<SquareSet> {
        let squares = self.squares();
        BySeat::from_fn(|seat| squares[seat.index()].split(' ').filter_map(|s| s.parse::<Square>().ok()).collect())
    }

    /// The starting position with `first` to move (South unless the players pick
    /// another seat). `None` if `first` does not play in this setup.
    pub fn position(self, first: Seat) -> Option<Position> {
        Position::try_from(RawPosition {
            variant: Variant::Standard,
            pieces: self.pieces(),
            seating: self.seating(),
            to_move: first,
            captured: BySeat::default(),
            quiet: 0,
            chain: None,
            cards: crate::Cards::NONE,
            first_step: None,
        })
        .ok()
    }

    /// The starting position played by `variant`'s rules, with `first` to move. `None`
    /// if `first` does not play in this setup.
    ///
    /// Chek Nights' cards are dealt from a fixed stream here, so the position is always
    /// the same; a game deals from its own dice with [`Setup::dealt`] (N2).
    pub fn position_in(self, variant: Variant, first: Seat) -> Option<Position> {
        self.dealt(variant, first, &mut crate::Dice::new(0))
    }

    /// The starting position played by `variant`'s rules, with `first` to move, in
    /// Chek Nights with the cards dealt from `dice` (N2: each seat's squares in reading
    /// order, the seats in clockwise order from South). `None` if `first` does not play
    /// in this setup.
    pub fn dealt(self, variant: Variant, first: Seat, dice: &mut crate::Dice) -> Option<Position> {
        let start = self.position(first)?;
        if !variant.has_cards() {
            return start.with_variant(variant).ok();
        }
        let undealt = Position { variant, ..start };
        Some(undealt.dealt(dice))
    }

    /// The starting position with South to move.
    pub fn start(self) -> Position {
        // South plays in every setup and the tables above are legal (tested), so this
        // never falls back; were it to, an empty-handed default is still no panic.
        self.position(Seat::South).unwrap_or(FALLBACK)
    }
}

const FALLBACK: Position = Position {
    variant: Variant::Standard,
    pieces: BySeat([SquareSet(1), SquareSet(0), SquareSet(1 << 63), SquareSet(0)]),
    seating: Seating::Two,
    to_move: Seat::South,
    captured: BySeat([0; 4]),
    quiet: 0,
    chain: None,
    cards: crate::Cards::NONE,
    first_step: None,
};

impl fmt::Display for Setup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::string::ToString;

    #[test]
    fn every_setup_is_legal_with_the_piece_counts_of_the_rules() {
        let counts = [8, 12, 12, 6, 6, 6];
        for (setup, count) in Setup::ALL.into_iter().zip(counts) {
            let start = setup.position(Seat::South).expect("legal setup");
            assert_ne!(start, FALLBACK);
            for &seat in setup.seating().seats() {
                assert_eq!(start.pieces(seat).len(), count, "{setup} {seat}");
            }
            assert_eq!(Setup::from_id(setup.id()), Some(setup));
        }
    }

    #[test]
    fn setups_print_as_in_the_rules() {
        assert_eq!(Setup::Duel.start().to_string(), "1NNNNNN1/1NNNNNN1/8/8/8/8/1SSSSSS1/1SSSSSS1 SN S 0,0");
        assert_eq!(Setup::Checkered.start().to_string(), "1N1N1N1N/N1N1N1N1/8/8/8/8/1S1S1S1S/S1S1S1S1 SN S 0,0");
        assert_eq!(Setup::FourSides.start().to_string(), "1NNNNNN1/W6E/W6E/W6E/W6E/W6E/W6E/1SSSSSS1 SWNE S 0,0,0,0");
        assert_eq!(Setup::FourCorners.start().to_string(), "WWW2NNN/WW4NN/W6N/8/8/S6E/SS4EE/SSS2EEE SWNE S 0,0,0,0");
    }

    #[test]
    fn a_seat_not_at_the_table_cannot_start() {
        assert_eq!(Setup::Duel.position(Seat::West), None);
        assert!(Setup::FourSides.position(Seat::East).is_some());
    }
}
