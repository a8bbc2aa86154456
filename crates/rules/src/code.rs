//! Share codes for Chek: a position between turns as a code of the cartridge's format
//! (`chek_engine::code`: head `W`, an arithmetic-coded payload, six check characters).
//!
//! The payload, in order: the variant, the seating, the seat to move, the quiet count
//! and each seat's points (small numbers, coded short), then the board relative to one
//! of the setups (the encoder picks the one that codes shortest and names it): each
//! square's seat or emptiness, with a model per what the setup had there; in Chek
//! Nights then each card's rank. A start takes 9 to 10 characters (a dealt Nights
//! start about 31); a crowded middle game about 25.
//!
//! Codes of the first release (first character `0` to `Q`) still read.

use chek_engine::code::arith::{Decoder, Encoder, Model, Number};
use chek_engine::code::{self, legacy, CodeChars, CodeError, Reader, Symbols};

use crate::{
    BySeat, Cards, Position, Rank, RawPosition, Seat, Seating, Setup, Square, SquareSet, Variant, QUIET_END_TURNS,
};

/// The head of Chek's codes (`W`), every variant.
pub const CODE_HEAD: u8 = 28;
/// The first symbols of the first release's Chek codes (all three variants): `0`–`Q`.
pub const CODE_SYMBOLS: core::ops::Range<u8> = 0..24;

/// The setups a position of `seating` may be coded against.
fn references(seating: Seating) -> impl Iterator<Item = Setup> {
    Setup::ALL.into_iter().filter(move |s| s.seating() == seating)
}

/// The models of one payload, fresh for each code.
struct Models {
    /// Whether the quiet count is above zero.
    quiet: Model<2>,
    points: Number,
    counts: Number,
    /// By what the reference setup has on the square: nothing, or seat 0–3.
    squares: [Model<5>; 5],
}

impl Models {
    fn new(seats: usize) -> Models {
        let mut squares = [Model::new([1; 5], 24); 5];
        for (context, model) in squares.iter_mut().enumerate() {
            let mut counts = [0u16; 5];
            for (symbol, count) in counts.iter_mut().enumerate() {
                *count = match (context, symbol) {
                    (_, s) if s > seats => 0,
                    (0, 0) => 60,
                    (0, _) => 4,
                    (c, s) if c == s => 30,
                    (_, 0) => 10,
                    _ => 2,
                };
            }
            *model = Model::new(counts, 24);
        }
        Models { quiet: Model::new([1, 1], 1), points: Number::new(), counts: Number::new(), squares }
    }
}

/// The payload of `position` coded against `reference`: a setup's index, or one past
/// them for the counted form (each seat's pieces counted, then each square a draw
/// from what is left to place: the log of the multinomial, for a board far from
/// every setup).
fn payload(position: &Position, reference: usize) -> Result<Symbols, CodeError> {
    let mut enc = Encoder::new();
    encode_position(position, reference, &mut enc)?;
    if position.variant.has_cards() {
        encode_cards(position, &mut enc);
    }
    enc.finish()
}

/// The variants of the first codes of this format, coded first in their payloads.
/// Chek Nights came later: its codes say Chek Simple there, and then give the first
/// seat's points plus [`NIGHTS_MARK`], more than a seat of the older variants can have,
/// so no code reads as both.
const DICE_VARIANTS: u32 = 3;

/// Added to the first seat's points in a Chek Nights code (see [`DICE_VARIANTS`]).
const NIGHTS_MARK: u32 = crate::MAX_CAPTURED as u32 + 1;

/// Everything but the cards: see [`payload`].
fn encode_position(position: &Position, reference: usize, enc: &mut Encoder) -> Result<(), CodeError> {
    let seats = position.seating.seats();
    let references_count = references(position.seating).count();
    let mut m = Models::new(seats.len());
    let cards = position.variant.has_cards();
    let coded_variant = if cards { Variant::Simple } else { position.variant };
    enc.uniform(coded_variant as u32, DICE_VARIANTS);
    enc.uniform((position.seating == Seating::Four) as u32, 2);
    let to_move = seats.iter().position(|&s| s == position.to_move).unwrap_or(0);
    enc.uniform(to_move as u32, seats.len() as u32);
    enc.symbol((position.quiet > 0) as usize, &mut m.quiet);
    if position.quiet > 0 {
        enc.uniform(position.quiet.min(QUIET_END_TURNS) as u32 - 1, QUIET_END_TURNS as u32);
    }
    for (i, &seat) in seats.iter().enumerate() {
        let mark = if cards && i == 0 { NIGHTS_MARK } else { 0 };
        enc.number(position.captured[seat] as u32 + mark, &mut m.points);
    }
    enc.uniform(reference as u32, forms(references_count) as u32);
    if let Some(home) = counted_home(reference, references_count, position.seating) {
        let mut left = [0u16; 5];
        for (i, &seat) in seats.iter().enumerate() {
            left[i + 1] = position.pieces(seat).len() as u16;
            enc.number(left[i + 1] as u32, &mut m.counts);
        }
        left[0] = 64 - left.iter().sum::<u16>();
        for square in Square::all() {
            let here = symbol_at(&position.pieces, seats, square);
            enc.draw(here, &weighted(&left, home.as_ref(), seats, square)[..=seats.len()]);
            left[here] = left[here].saturating_sub(1);
        }
        return Ok(());
    }
    if reference == references_count + 1 {
        for square in Square::all() {
            let context = beside(&position.pieces, seats, square);
            let here = symbol_at(&position.pieces, seats, square);
            enc.symbol(here, &mut m.squares[context]);
        }
        return Ok(());
    }
    let setup = references(position.seating).nth(reference).ok_or(CodeError::TooLarge)?;
    let start = setup.pieces();
    for square in Square::all() {
        let context = symbol_at(&start, seats, square);
        let here = position.seat_at(square).and_then(|seat| seats.iter().position(|&s| s == seat)).map_or(0, |i| i + 1);
        enc.symbol(here, &mut m.squares[context]);
    }
    Ok(())
}

/// Chek Nights: each seat's cards in reading order, each one of the ranks the seat has
/// not shown yet (N2: a seat never holds a rank twice).
fn encode_cards(position: &Position, enc: &mut Encoder) {
    for &seat in position.seating.seats() {
        let mut shown = 0u16;
        for sq in crate::cards::reading_order(position.pieces(seat)) {
            let number = position.cards.at(sq).map_or(1, Rank::number);
            let below = (1..number).filter(|&n| shown & (1 << n) == 0).count() as u32;
            enc.uniform(below, 13 - shown.count_ones());
            shown |= 1 << number;
        }
    }
}

/// Chek Nights: the cards [`encode_cards`] writes, onto `pieces`.
fn decode_cards(pieces: &BySeat<SquareSet>, seating: Seating, dec: &mut Decoder) -> Result<Cards, CodeError> {
    let mut cards = Cards::NONE;
    for &seat in seating.seats() {
        let mut shown = 0u16;
        for sq in crate::cards::reading_order(pieces[seat]) {
            let left = 13u32.checked_sub(shown.count_ones()).filter(|&l| l > 0).ok_or(CodeError::Position)?;
            let below = dec.uniform(left) as usize;
            let number = (1..=13u8).filter(|&n| shown & (1 << n) == 0).nth(below).ok_or(CodeError::Position)?;
            cards.set(sq, Rank::new(number));
            shown |= 1 << number;
        }
    }
    Ok(cards)
}

/// How many forms a seating's boards may be coded in: against each setup, counted,
/// by neighbours, and counted with each setup's homes weighing.
fn forms(references: usize) -> usize {
    2 * references + 2
}

/// For a counted form, the setup whose homes weigh (`Some(None)` for none).
fn counted_home(reference: usize, references_count: usize, seating: Seating) -> Option<Option<BySeat<SquareSet>>> {
    match reference {
        r if r == references_count => Some(None),
        r if r >= references_count + 2 => references(seating).nth(r - references_count - 2).map(|s| Some(s.pieces())),
        _ => None,
    }
}

/// The weights of a counted form's draw at `square`: what is left of each, times how
/// near the square is to the seat's home in `home` (a piece strays from it by degrees).
fn weighted(left: &[u16; 5], home: Option<&BySeat<SquareSet>>, seats: &[Seat], square: Square) -> [u16; 5] {
    const NEAR: [u16; 8] = [12, 9, 6, 4, 3, 2, 2, 2];
    let Some(home) = home else { return *left };
    core::array::from_fn(|i| {
        let weight = match i.checked_sub(1).and_then(|s| seats.get(s)) {
            None => 6,
            Some(&seat) => {
                let distance = home[seat]
                    .iter()
                    .map(|h| {
                        (h.file() as i8 - square.file() as i8)
                            .unsigned_abs()
                            .max((h.rank() as i8 - square.rank() as i8).unsigned_abs())
                    })
                    .min()
                    .unwrap_or(7);
                NEAR[distance.min(7) as usize]
            }
        };
        left[i] * weight
    })
}

/// What `pieces` has on the square coded just before `square` in its rank (the one
/// below, for the first of a rank): the neighbour form's context, for a board far
/// from every setup whose pieces still stand by their own.
fn beside(pieces: &BySeat<SquareSet>, seats: &[Seat], square: Square) -> usize {
    let before = if square.file() > 0 { square.offset(-1, 0) } else { square.offset(0, -1) };
    before.map_or(0, |b| symbol_at(pieces, seats, b))
}

/// What `pieces` has on `square`: 0 for nothing, else 1 + the seat's place in `seats`.
fn symbol_at(pieces: &BySeat<SquareSet>, seats: &[Seat], square: Square) -> usize {
    seats.iter().position(|&s| pieces[s].contains(square)).map_or(0, |i| i + 1)
}

impl Position {
    /// The share code of this position (between turns), without group separators.
    ///
    /// # Errors
    /// [`CodeError::Unavailable`] in the chain state.
    pub fn share_code(&self) -> Result<CodeChars, CodeError> {
        if self.chain.is_some() {
            return Err(CodeError::Unavailable("codes are made between turns, not in the middle of a chain"));
        }
        if self.first_step.is_some() {
            return Err(CodeError::Unavailable("codes are made between turns, not between two cards' steps"));
        }
        let mut best: Option<Symbols> = None;
        for reference in 0..forms(references(self.seating).count()) {
            let p = payload(self, reference)?;
            if best.as_ref().is_none_or(|b| p.len() < b.len()) {
                best = Some(p);
            }
        }
        code::encode(CODE_HEAD, best.as_deref().unwrap_or(&[]))
    }

    /// The position a code's payload holds.
    ///
    /// # Errors
    /// [`CodeError::Position`] unless the payload is exactly the code of a legal
    /// position.
    pub fn from_payload(data: &[u8]) -> Result<Position, CodeError> {
        let mut dec = Decoder::new(data);
        let mut variant = *Variant::ALL.get(dec.uniform(DICE_VARIANTS) as usize).ok_or(CodeError::Position)?;
        let seating = if dec.uniform(2) == 1 { Seating::Four } else { Seating::Two };
        let seats = seating.seats();
        let mut m = Models::new(seats.len());
        let to_move = *seats.get(dec.uniform(seats.len() as u32) as usize).ok_or(CodeError::Position)?;
        let quiet = if dec.symbol(&mut m.quiet) == 1 { dec.uniform(QUIET_END_TURNS as u32) as u8 + 1 } else { 0 };
        let mut captured = BySeat::<u8>::default();
        for (i, &seat) in seats.iter().enumerate() {
            let mut points = dec.number(&mut m.points);
            if i == 0 && variant == Variant::Simple && points >= NIGHTS_MARK {
                variant = Variant::Nights;
                points -= NIGHTS_MARK;
            }
            captured[seat] = u8::try_from(points).map_err(|_| CodeError::Position)?;
        }
        let cards = variant.has_cards();
        let references_count = references(seating).count();
        let reference = dec.uniform(forms(references_count) as u32) as usize;
        let mut pieces = BySeat::<SquareSet>::default();
        let counted = counted_home(reference, references_count, seating);
        if let Some(home) = &counted {
            let mut left = [0u16; 5];
            for i in 0..seats.len() {
                left[i + 1] = u16::try_from(dec.number(&mut m.counts)).map_err(|_| CodeError::Position)?.min(64);
            }
            left[0] = 64u16.checked_sub(left.iter().sum::<u16>()).ok_or(CodeError::Position)?;
            for square in Square::all() {
                let here = dec
                    .draw(&weighted(&left, home.as_ref(), seats, square)[..=seats.len()])
                    .ok_or(CodeError::Position)?;
                left[here] -= 1;
                if here > 0 {
                    let seat = *seats.get(here - 1).ok_or(CodeError::Position)?;
                    pieces[seat] = pieces[seat].with(square);
                }
            }
        }
        let start = references(seating).nth(reference).map(|s| s.pieces());
        for square in Square::all().filter(|_| counted.is_none()) {
            let context = match &start {
                Some(start) => symbol_at(start, seats, square),
                None => beside(&pieces, seats, square),
            };
            let here = dec.symbol(&mut m.squares[context]);
            if here > 0 {
                let seat = *seats.get(here - 1).ok_or(CodeError::Position)?;
                pieces[seat] = pieces[seat].with(square);
            }
        }
        let cards = if cards { decode_cards(&pieces, seating, &mut dec)? } else { Cards::NONE };
        let raw =
            RawPosition { variant, pieces, seating, to_move, captured, quiet, chain: None, cards, first_step: None };
        let position = Position::try_from(raw).map_err(|_| CodeError::Position)?;
        // Exactly one payload per position and reference: the encoder's own.
        if payload(&position, reference)?.as_slice() != data {
            return Err(CodeError::Position);
        }
        Ok(position)
    }

    /// Reads a Chek code of this version or of the first release, as the cartridge
    /// does (one typing mistake fixed: `chek_engine::code::read`).
    ///
    /// # Errors
    /// [`CodeError`] naming what is wrong; never panics.
    pub fn from_share_code(text: &str) -> Result<Position, CodeError> {
        let judge = |head: u8, payload: &[u8]| {
            if head == CODE_HEAD {
                Position::from_payload(payload)
            } else {
                Err(CodeError::Game(code::char_of(head)))
            }
        };
        code::read_or_legacy(text, judge, Position::from_legacy_code).map(|reading| reading.value)
    }

    /// Reads a first-release code (first character `0`–`Q`), exactly as typed.
    ///
    /// # Errors
    /// [`CodeError`] naming what is wrong; never panics.
    pub fn from_legacy_code(text: &str) -> Result<Position, CodeError> {
        let data = legacy::decode(text)?;
        let mut r = Reader::new(&data);
        let first = data.first().copied().unwrap_or(0);
        let variant = *Variant::ALL.get(r.take(2)? as usize).ok_or(CodeError::Game(code::char_of(first)))?;
        let seating = if r.take(1)? == 1 { Seating::Four } else { Seating::Two };
        let seats = seating.seats();
        let bits = match seating {
            Seating::Two => 1,
            Seating::Four => 2,
        };
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
        if variant.has_cards() {
            return Err(CodeError::Position);
        }
        let raw = RawPosition {
            variant,
            pieces,
            seating,
            to_move,
            captured,
            quiet,
            chain: None,
            cards: Cards::NONE,
            first_step: None,
        };
        Position::try_from(raw).map_err(|_| CodeError::Position)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> Result<Position, CodeError> {
        code::read(text, |head, payload| {
            if head == CODE_HEAD {
                Position::from_payload(payload)
            } else {
                Err(CodeError::Game(code::char_of(head)))
            }
        })
        .map(|r| r.value)
    }

    #[test]
    fn setups_encode_short_and_read_back_in_every_variant() {
        for variant in Variant::ALL {
            for setup in Setup::ALL {
                let start = setup.position_in(variant, Seat::South).unwrap();
                let code = start.share_code().unwrap();
                // A deal takes about 3.4 bits a card (four seats of six: 16 more characters),
                // and the Nights mark about 3 (see `NIGHTS_MARK`).
                let most = if variant.has_cards() { 32 } else { 12 };
                assert!(code.len() <= most, "{setup}: {}", code.len());
                assert_eq!(code::first_symbol(&code), Some(CODE_HEAD));
                assert_eq!(read(&code), Ok(start));
                assert_eq!(read(&code::grouped(&code)), Ok(start));
                assert_eq!(read(&code::grouped(&code).to_ascii_lowercase()), Ok(start));
            }
        }
    }

    #[test]
    fn codes_of_the_first_release_still_read() {
        // From the README of the build before the variants (four-sides, South to move).
        let code = "4000-007X-0C1G-60R3-0BY0-03QE-XVTN-8K3";
        assert_eq!(Position::from_legacy_code(code), Ok(Setup::FourSides.start()));
        assert_eq!(Position::from_legacy_code("4000-007X-0C1G-60R3-0BY0-03QE-XVTN-8K4"), Err(CodeError::Check));
    }
}
