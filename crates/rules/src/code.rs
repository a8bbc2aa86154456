//! Share codes: a position between turns as a short code to send by any chat.
//!
//! The code is Crockford base32 (no I, L, O or U; reading is forgiving about case and
//! look-alikes), shown in groups of four. It ends in two check characters: the
//! codeword of a Reed–Solomon code over GF(32) with minimum distance 3. So every
//! single wrong character and every swap of two different neighbouring characters is
//! caught, and a single wrong character can be located and named by its group.
//!
//! Bits, most significant first: version (2) · four seats? (1) · seat to move (1 or
//! 2) · quiet count (6) · each seat's points (5 each) · the occupied squares (64) ·
//! each piece's seat in square order (1 or 2 bits). A reachable position (at most 24
//! pieces, at most 31 points a seat) takes at most 143 bits: 29 data characters and 2
//! check characters.

use core::fmt;

use arrayvec::{ArrayString, ArrayVec};

use crate::{BySeat, Position, RawPosition, Seat, Seating, SquareSet};

/// The code's alphabet (Crockford base32).
const ALPHABET: &[u8; 32] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";
/// The format version in every code.
const VERSION: u32 = 0;
/// Most symbols in a Reed–Solomon codeword over GF(32).
const MAX_SYMBOLS: usize = 31;
/// Characters per group on screen.
pub const GROUP: usize = 4;

/// A share code's characters, without the group separators.
pub type CodeChars = ArrayString<MAX_SYMBOLS>;

/// Why a position has no code, or a code no position. `Display` gives one line.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum CodeError {
    /// Codes are exchanged between turns, not in the chain state.
    InChain,
    /// More pieces or points than any reachable position has.
    TooLarge,
    /// A character that is not in the code's alphabet.
    Character(char),
    /// Not a length any code has.
    Length(usize),
    /// One character is wrong, in this group (1-based).
    WrongCharacter {
        /// The group, counting from 1.
        group: usize,
    },
    /// Two neighbouring characters are swapped, in or across these groups.
    Swapped {
        /// The group of the first character, counting from 1.
        group: usize,
    },
    /// The check does not match (more than one error).
    Check,
    /// The code checks but holds no legal position.
    Position,
    /// A code from a newer version of the game.
    Version(u32),
}

impl fmt::Display for CodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CodeError::InChain => f.write_str("code: codes are made between turns, not in the middle of a chain"),
            CodeError::TooLarge => f.write_str("code: this position has more pieces or points than a game can reach"),
            CodeError::Character(c) => {
                write!(f, "code: {c:?} is not a code character (0-9 and A-Z without I, L, O, U)")
            }
            CodeError::Length(n) => write!(f, "code: {n} characters is not the length of a code"),
            CodeError::WrongCharacter { group } => write!(f, "code: group {group} has a wrong character"),
            CodeError::Swapped { group } => write!(f, "code: two characters are swapped at group {group}"),
            CodeError::Check => f.write_str("code: the code does not check; look for more than one wrong character"),
            CodeError::Position => f.write_str("code: the code checks but does not hold a legal position"),
            CodeError::Version(v) => write!(f, "code: made by a newer version of the game (format {v})"),
        }
    }
}

// ---------------------------------------------------------------- GF(32)

/// x^5 + x^2 + 1, a primitive polynomial: α = x generates GF(32)*.
const POLY: u16 = 0b10_0101;

const fn tables() -> ([u8; 62], [u8; 32]) {
    let mut exp = [0u8; 62];
    let mut log = [0u8; 32];
    let mut x: u16 = 1;
    let mut i = 0;
    while i < 31 {
        exp[i] = x as u8;
        exp[i + 31] = x as u8;
        log[x as usize] = i as u8;
        x <<= 1;
        if x & 0b10_0000 != 0 {
            x ^= POLY;
        }
        i += 1;
    }
    (exp, log)
}

const TABLES: ([u8; 62], [u8; 32]) = tables();
const EXP: [u8; 62] = TABLES.0;
const LOG: [u8; 32] = TABLES.1;

fn mul(a: u8, b: u8) -> u8 {
    if a == 0 || b == 0 {
        0
    } else {
        EXP[LOG[a as usize] as usize + LOG[b as usize] as usize]
    }
}

/// The generator (x − 1)(x − α) = x² + g1·x + g0 (characteristic 2: − is +).
const G1: u8 = 1 ^ 2;
const G0: u8 = 2;

/// The two check symbols of `data`: the remainder of data(x)·x² by the generator.
fn check_symbols(data: &[u8]) -> [u8; 2] {
    let (mut r1, mut r0) = (0u8, 0u8);
    for &d in data {
        let feedback = d ^ r1;
        r1 = r0 ^ mul(feedback, G1);
        r0 = mul(feedback, G0);
    }
    [r1, r0]
}

/// The syndromes c(1) and c(α) of a codeword, first symbol the highest power.
fn syndromes(word: &[u8]) -> (u8, u8) {
    let (mut s0, mut s1) = (0u8, 0u8);
    for &c in word {
        s0 ^= c;
        s1 = mul(s1, 2) ^ c;
    }
    (s0, s1)
}

// ---------------------------------------------------------------- bits

struct Bits {
    symbols: ArrayVec<u8, MAX_SYMBOLS>,
    acc: u32,
    len: u32,
}

impl Bits {
    fn new() -> Bits {
        Bits { symbols: ArrayVec::new(), acc: 0, len: 0 }
    }

    fn push(&mut self, value: u32, bits: u32) -> Result<(), CodeError> {
        for i in (0..bits).rev() {
            self.acc = self.acc << 1 | (value >> i & 1);
            self.len += 1;
            if self.len == 5 {
                self.symbols.try_push(self.acc as u8).map_err(|_| CodeError::TooLarge)?;
                self.acc = 0;
                self.len = 0;
            }
        }
        Ok(())
    }

    fn finish(mut self) -> Result<ArrayVec<u8, MAX_SYMBOLS>, CodeError> {
        if self.len > 0 {
            let pad = 5 - self.len;
            self.push(0, pad)?;
        }
        Ok(self.symbols)
    }
}

struct Reader<'a> {
    symbols: &'a [u8],
    bit: usize,
}

impl Reader<'_> {
    fn take(&mut self, bits: u32) -> Result<u32, CodeError> {
        let mut value = 0;
        for _ in 0..bits {
            let symbol = *self.symbols.get(self.bit / 5).ok_or(CodeError::Position)?;
            value = value << 1 | (symbol as u32 >> (4 - self.bit % 5) & 1);
            self.bit += 1;
        }
        Ok(value)
    }
}

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

// ---------------------------------------------------------------- codes

impl Position {
    /// The share code of this position (between turns), without group separators.
    ///
    /// # Errors
    /// [`CodeError::InChain`] in the chain state; [`CodeError::TooLarge`] for a position
    /// no game reaches.
    pub fn share_code(&self) -> Result<CodeChars, CodeError> {
        if self.chain.is_some() {
            return Err(CodeError::InChain);
        }
        let seating = self.seating;
        let seats = seating.seats();
        let mut bits = Bits::new();
        bits.push(VERSION, 2)?;
        bits.push((seating == Seating::Four) as u32, 1)?;
        let to_move = seats.iter().position(|&s| s == self.to_move).unwrap_or(0);
        bits.push(to_move as u32, seat_bits(seating))?;
        bits.push(self.quiet as u32, 6)?;
        for &seat in seats {
            let points = self.captured[seat];
            if points > 31 {
                return Err(CodeError::TooLarge);
            }
            bits.push(points as u32, 5)?;
        }
        let occupied = self.occupied();
        if data_symbols(seating, occupied.len()) + 2 > MAX_SYMBOLS {
            return Err(CodeError::TooLarge);
        }
        bits.push((occupied.0 >> 32) as u32, 32)?;
        bits.push(occupied.0 as u32, 32)?;
        for square in occupied {
            let seat = self.seat_at(square).unwrap_or(Seat::South);
            let index = seats.iter().position(|&s| s == seat).unwrap_or(0);
            bits.push(index as u32, seat_bits(seating))?;
        }
        let mut symbols = bits.finish()?;
        let check = check_symbols(&symbols);
        symbols.try_extend_from_slice(&check).map_err(|_| CodeError::TooLarge)?;
        let mut code = CodeChars::new();
        for s in symbols {
            let _ = code.try_push(ALPHABET[s as usize] as char);
        }
        Ok(code)
    }

    /// Reads a share code: groups and separators (`-`, spaces) as written, any case,
    /// `O` for `0` and `I`/`L` for `1`.
    ///
    /// # Errors
    /// [`CodeError`] naming what is wrong, and for a single wrong character or a swap,
    /// the group; never panics.
    pub fn from_share_code(text: &str) -> Result<Position, CodeError> {
        let mut symbols: ArrayVec<u8, MAX_SYMBOLS> = ArrayVec::new();
        let mut count = 0;
        for c in text.chars() {
            if c == '-' || c == ' ' {
                continue;
            }
            count += 1;
            let value = symbol_of(c).ok_or(CodeError::Character(c))?;
            if symbols.try_push(value).is_err() {
                // Too long; keep counting for the message.
                continue;
            }
        }
        // The shortest code: two seats, an empty board; the longest: a full codeword.
        let shortest = data_symbols(Seating::Two, 0) + 2;
        if count != symbols.len() || count < shortest {
            return Err(CodeError::Length(count));
        }
        if syndromes(&symbols) != (0, 0) {
            return Err(locate(&symbols));
        }
        let data = &symbols[..symbols.len() - 2];
        let position = decode_data(data)?;
        // The length must be the one this position encodes to.
        if data_symbols(position.seating, position.occupied().len()) != data.len() {
            return Err(CodeError::Position);
        }
        Ok(position)
    }
}

/// Formats a code in groups of four: `ABCD-EFGH-…`.
pub fn grouped(code: &str) -> ArrayString<40> {
    let mut out = ArrayString::new();
    for (i, c) in code.chars().enumerate() {
        if i > 0 && i % GROUP == 0 {
            let _ = out.try_push('-');
        }
        let _ = out.try_push(c);
    }
    out
}

fn symbol_of(c: char) -> Option<u8> {
    let c = match c.to_ascii_uppercase() {
        'O' => '0',
        'I' | 'L' => '1',
        c => c,
    };
    ALPHABET.iter().position(|&a| a as char == c).map(|i| i as u8)
}

/// Names the error: an adjacent swap that repairs the word, or a single wrong
/// character (located by the syndromes), or more.
fn locate(word: &[u8]) -> CodeError {
    let n = word.len();
    for i in 0..n - 1 {
        if word[i] == word[i + 1] {
            continue;
        }
        let mut swapped: ArrayVec<u8, MAX_SYMBOLS> = word.iter().copied().collect();
        swapped.swap(i, i + 1);
        if syndromes(&swapped) == (0, 0) {
            return CodeError::Swapped { group: i / GROUP + 1 };
        }
    }
    let (s0, s1) = syndromes(word);
    if s0 != 0 && s1 != 0 {
        // A single error of size s0 at power j with α^j = s1/s0.
        let j = (LOG[s1 as usize] as usize + 31 - LOG[s0 as usize] as usize) % 31;
        if j < n {
            let index = n - 1 - j;
            return CodeError::WrongCharacter { group: index / GROUP + 1 };
        }
    }
    CodeError::Check
}

fn decode_data(data: &[u8]) -> Result<Position, CodeError> {
    let mut r = Reader { symbols: data, bit: 0 };
    let version = r.take(2)?;
    if version != VERSION {
        return Err(CodeError::Version(version));
    }
    let seating = if r.take(1)? == 1 { Seating::Four } else { Seating::Two };
    let seats = seating.seats();
    let bits = seat_bits(seating);
    let to_move = *seats.get(r.take(bits)? as usize).ok_or(CodeError::Position)?;
    let quiet = r.take(6)? as u8;
    let mut captured = BySeat::<u8>::default();
    for &seat in seats {
        captured[seat] = r.take(5)? as u8;
    }
    let high = r.take(32)? as u64;
    let low = r.take(32)? as u64;
    let occupied = SquareSet(high << 32 | low);
    let mut pieces = BySeat::<SquareSet>::default();
    for square in occupied {
        let seat = *seats.get(r.take(bits)? as usize).ok_or(CodeError::Position)?;
        pieces[seat] = pieces[seat].with(square);
    }
    // Padding bits are zero.
    while r.bit < data.len() * 5 {
        if r.take(1)? != 0 {
            return Err(CodeError::Position);
        }
    }
    Position::try_from(RawPosition { pieces, seating, to_move, captured, quiet, chain: None })
        .map_err(|_| CodeError::Position)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Setup;

    #[test]
    fn gf32_and_the_check_symbols_make_codewords() {
        assert_eq!(EXP[31], 1);
        for a in 1..32u8 {
            assert_eq!(mul(a, EXP[(31 - LOG[a as usize] as usize) % 31]), 1, "inverse of {a}");
        }
        let data = [3u8, 17, 0, 31, 9];
        let mut word: ArrayVec<u8, 31> = data.iter().copied().collect();
        word.try_extend_from_slice(&check_symbols(&data)).unwrap();
        assert_eq!(syndromes(&word), (0, 0));
    }

    #[test]
    fn setups_encode_short_and_read_back() {
        for setup in Setup::ALL {
            let start = setup.start();
            let code = start.share_code().unwrap();
            assert!(code.len() <= 32, "{setup}: {}", code.len());
            assert_eq!(Position::from_share_code(&code), Ok(start));
            assert_eq!(Position::from_share_code(&grouped(&code)), Ok(start));
            assert_eq!(Position::from_share_code(&grouped(&code).to_ascii_lowercase()), Ok(start));
        }
    }
}
