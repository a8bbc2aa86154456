//! Share codes for Chek: a position between turns packed into the cartridge's code
//! format (`chek_engine::code`: Crockford base32 in groups of four, Reed–Solomon
//! checks).
//!
//! Bits, most significant first: rules (2: 0 Chek, 1 Basic, 2 Simple) · four seats?
//! (1) · seat to move (1 or 2) · quiet count (6) · each seat's points (5 each) · the
//! occupied squares (64) · each piece's seat in square order (1 or 2 bits). So the
//! first character names the game and the variant: 0–7 Chek, 8–F Chek Basic, G–Q Chek
//! Simple (codes made before the variants existed are Chek's, and still read). A
//! reachable position (at most 24 pieces, at most 31 points a seat) takes at most 143
//! bits: 29 data characters and 2 check characters, one block.

use chek_engine::code::{self, Bits, CodeChars, CodeError, Reader};

use crate::{BySeat, Position, RawPosition, Seat, Seating, SquareSet, Variant};

/// The first symbols of Chek's codes (all three variants): `0`–`Q`.
pub const CODE_SYMBOLS: core::ops::Range<u8> = 0..24;

fn seat_bits(seating: Seating) -> u32 {
    match seating {
        Seating::Two => 1,
        Seating::Four => 2,
    }
}

/// Data symbols of a position with `pieces` pieces.
fn data_symbols(seating: Seating, pieces: u32) -> usize {
    let bits = 2 + 1 + seat_bits(seating) + 6 + 5 * seating.count() as u32 + 64 + pieces * seat_bits(seating);
    bits.div_ceil(5) as usize
}

impl Position {
    /// The share code of this position (between turns), without group separators.
    ///
    /// # Errors
    /// [`CodeError::Unavailable`] in the chain state or for a position no game reaches.
    pub fn share_code(&self) -> Result<CodeChars, CodeError> {
        if self.chain.is_some() {
            return Err(CodeError::Unavailable("codes are made between turns, not in the middle of a chain"));
        }
        let too_large = CodeError::Unavailable("this position has more pieces or points than a game can reach");
        let seating = self.seating;
        let seats = seating.seats();
        let mut bits = Bits::new();
        bits.push(self.variant as u32, 2)?;
        bits.push((seating == Seating::Four) as u32, 1)?;
        let to_move = seats.iter().position(|&s| s == self.to_move).unwrap_or(0);
        bits.push(to_move as u32, seat_bits(seating))?;
        bits.push(self.quiet as u32, 6)?;
        for &seat in seats {
            let points = self.captured[seat];
            if points > 31 {
                return Err(too_large);
            }
            bits.push(points as u32, 5)?;
        }
        let occupied = self.occupied();
        if data_symbols(seating, occupied.len()) > code::BLOCK_DATA {
            return Err(too_large);
        }
        bits.push_u64(occupied.0)?;
        for square in occupied {
            let seat = self.seat_at(square).unwrap_or(Seat::South);
            let index = seats.iter().position(|&s| s == seat).unwrap_or(0);
            bits.push(index as u32, seat_bits(seating))?;
        }
        code::encode(&bits.finish()?)
    }

    /// Reads a share code: groups and separators (`-`, spaces) as written, any case,
    /// `O` for `0` and `I`/`L` for `1`.
    ///
    /// # Errors
    /// [`CodeError`] naming what is wrong, and for a single wrong character or a swap,
    /// the group; never panics.
    pub fn from_share_code(text: &str) -> Result<Position, CodeError> {
        // From two seats on an empty board to a full block.
        let count = text.chars().filter(|&c| c != '-' && c != ' ').count();
        if !(data_symbols(Seating::Two, 0) + 2..=code::BLOCK).contains(&count) {
            let bad = text.chars().find(|&c| c != '-' && c != ' ' && code::symbol_of(c).is_none());
            if let Some(c) = bad {
                return Err(CodeError::Character(c));
            }
            return Err(CodeError::Length(count));
        }
        let data = code::decode(text)?;
        let mut r = Reader::new(&data);
        let first = data.first().copied().unwrap_or(0);
        let variant = *Variant::ALL.get(r.take(2)? as usize).ok_or(CodeError::Game(code::char_of(first)))?;
        let seating = if r.take(1)? == 1 { Seating::Four } else { Seating::Two };
        let seats = seating.seats();
        let bits = seat_bits(seating);
        let to_move = *seats.get(r.take(bits)? as usize).ok_or(CodeError::Position)?;
        let quiet = r.take(6)? as u8;
        let mut captured = BySeat::<u8>::default();
        for &seat in seats {
            captured[seat] = r.take(5)? as u8;
        }
        let occupied = SquareSet(r.take_u64()?);
        let mut pieces = BySeat::<SquareSet>::default();
        for square in occupied {
            let seat = *seats.get(r.take(bits)? as usize).ok_or(CodeError::Position)?;
            pieces[seat] = pieces[seat].with(square);
        }
        // The code is exactly as long as its content: padding bits are zero.
        if !r.at_end() {
            return Err(CodeError::Position);
        }
        Position::try_from(RawPosition { variant, pieces, seating, to_move, captured, quiet, chain: None })
            .map_err(|_| CodeError::Position)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Setup;

    #[test]
    fn setups_encode_short_and_read_back_in_every_variant() {
        for variant in Variant::ALL {
            for setup in Setup::ALL {
                let start = setup.start().with_variant(variant).unwrap();
                let code = start.share_code().unwrap();
                assert!(code.len() <= 31, "{setup}: {}", code.len());
                let first = code::first_symbol(&code).unwrap();
                assert!(CODE_SYMBOLS.contains(&first));
                assert_eq!(first / 8, variant as u8, "the first character names the variant");
                assert_eq!(Position::from_share_code(&code), Ok(start));
                assert_eq!(Position::from_share_code(&code::grouped(&code)), Ok(start));
                assert_eq!(Position::from_share_code(&code::grouped(&code).to_ascii_lowercase()), Ok(start));
            }
        }
    }

    #[test]
    fn codes_made_before_the_variants_still_read() {
        // From the README of the build before the variants (four-sides, South to move).
        let code = "4000-007X-0C1G-60R3-0BY0-03QE-XVTN-8K3";
        assert_eq!(Position::from_share_code(code), Ok(Setup::FourSides.start()));
        assert_eq!(code::grouped(&Setup::FourSides.start().share_code().unwrap()).as_str(), code);
    }
}
