//! Share codes: any game's position as a short text to send by any chat.
//!
//! A code is Crockford base32 (no I, L, O or U; reading is forgiving about case and
//! look-alikes), shown in groups of four. The game packs its position into 5-bit data
//! symbols ([`Bits`]); this module adds the checks. Data goes in blocks of at most 29
//! symbols, each followed by two check symbols: the codeword of a Reed–Solomon code
//! over GF(32) with minimum distance 3. So in each block every single wrong character
//! and every swap of two different neighbouring characters is caught, and a single
//! wrong character is located and named by its group. A code of one block (Chek's are)
//! is at most 31 characters.
//!
//! The first data symbol names the game (and variant): the cartridge routes a code to
//! its game by it.

use core::fmt;

use arrayvec::{ArrayString, ArrayVec};

/// The code's alphabet (Crockford base32).
pub const ALPHABET: &[u8; 32] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";
/// Characters per group on screen.
pub const GROUP: usize = 4;
/// The most symbols in one Reed–Solomon block over GF(32).
pub const BLOCK: usize = 31;
/// Data symbols in a full block.
pub const BLOCK_DATA: usize = BLOCK - 2;
/// The most blocks in a code.
pub const MAX_BLOCKS: usize = 8;
/// The most characters in a code.
pub const MAX_SYMBOLS: usize = BLOCK * MAX_BLOCKS;
/// The most data symbols in a code.
pub const MAX_DATA: usize = BLOCK_DATA * MAX_BLOCKS;

/// A code's characters, without the group separators.
pub type CodeChars = ArrayString<MAX_SYMBOLS>;
/// A code's data symbols (0–31 each).
pub type Symbols = ArrayVec<u8, MAX_DATA>;
/// A code written in groups: `ABCD-EFGH-…`.
pub type Grouped = ArrayString<{ MAX_SYMBOLS + MAX_SYMBOLS / GROUP }>;

/// Why a position has no code, or a code no position. `Display` gives one line.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum CodeError {
    /// The game has no code for this state; says why.
    Unavailable(&'static str),
    /// More data than the longest code holds.
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
    /// The first character names no game of this cartridge.
    Game(char),
}

impl fmt::Display for CodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CodeError::Unavailable(why) => write!(f, "code: {why}"),
            CodeError::TooLarge => f.write_str("code: this position holds more than a code can carry"),
            CodeError::Character(c) => {
                write!(f, "code: {c:?} is not a code character (0-9 and A-Z without I, L, O, U)")
            }
            CodeError::Length(n) => write!(f, "code: {n} characters is not the length of a code"),
            CodeError::WrongCharacter { group } => write!(f, "code: group {group} has a wrong character"),
            CodeError::Swapped { group } => write!(f, "code: two characters are swapped at group {group}"),
            CodeError::Check => f.write_str("code: the code does not check; look for more than one wrong character"),
            CodeError::Position => f.write_str("code: the code checks but does not hold a legal position"),
            CodeError::Game(c) => {
                write!(f, "code: its first character {c:?} names no game of this cartridge (a newer version?)")
            }
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

fn exp(i: usize) -> u8 {
    EXP[i % 62]
}

fn log(a: u8) -> usize {
    LOG[a as usize % 32] as usize
}

fn mul(a: u8, b: u8) -> u8 {
    if a == 0 || b == 0 {
        0
    } else {
        exp(log(a) + log(b))
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

/// Packs fields of a few bits each, most significant bit first, into data symbols.
#[derive(Clone, Debug, Default)]
pub struct Bits {
    symbols: Symbols,
    acc: u32,
    len: u32,
}

impl Bits {
    /// No bits yet.
    pub fn new() -> Bits {
        Bits::default()
    }

    /// Appends the low `bits` bits of `value` (at most 32).
    ///
    /// # Errors
    /// [`CodeError::TooLarge`] past the longest code.
    pub fn push(&mut self, value: u32, bits: u32) -> Result<(), CodeError> {
        for i in (0..bits.min(32)).rev() {
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

    /// Appends a 64-bit value, high half first.
    ///
    /// # Errors
    /// [`CodeError::TooLarge`] past the longest code.
    pub fn push_u64(&mut self, value: u64) -> Result<(), CodeError> {
        self.push((value >> 32) as u32, 32)?;
        self.push(value as u32, 32)
    }

    /// The data symbols, the last one padded with zero bits.
    ///
    /// # Errors
    /// [`CodeError::TooLarge`] past the longest code.
    pub fn finish(mut self) -> Result<Symbols, CodeError> {
        if self.len > 0 {
            let pad = 5 - self.len;
            self.push(0, pad)?;
        }
        Ok(self.symbols)
    }
}

/// Reads back what [`Bits`] packed.
#[derive(Clone, Debug)]
pub struct Reader<'a> {
    symbols: &'a [u8],
    bit: usize,
}

impl<'a> Reader<'a> {
    /// Reads `symbols` from the first bit.
    pub fn new(symbols: &'a [u8]) -> Reader<'a> {
        Reader { symbols, bit: 0 }
    }

    /// The next `bits` bits (at most 32).
    ///
    /// # Errors
    /// [`CodeError::Position`] past the end.
    pub fn take(&mut self, bits: u32) -> Result<u32, CodeError> {
        let mut value = 0;
        for _ in 0..bits.min(32) {
            let symbol = *self.symbols.get(self.bit / 5).ok_or(CodeError::Position)?;
            value = value << 1 | (symbol as u32 >> (4 - self.bit % 5) & 1);
            self.bit += 1;
        }
        Ok(value)
    }

    /// The next 64 bits, high half first.
    ///
    /// # Errors
    /// [`CodeError::Position`] past the end.
    pub fn take_u64(&mut self) -> Result<u64, CodeError> {
        let high = self.take(32)? as u64;
        Ok(high << 32 | self.take(32)? as u64)
    }

    /// Whether every bit left is zero padding within the last symbol: a code of the
    /// exact length its content needs.
    pub fn at_end(&self) -> bool {
        let total = self.symbols.len() * 5;
        total >= self.bit && total - self.bit < 5 && {
            let mut rest = Reader { symbols: self.symbols, bit: self.bit };
            (self.bit..total).all(|_| rest.take(1) == Ok(0))
        }
    }
}

// ---------------------------------------------------------------- codes

/// The code of `data`: each block of data symbols followed by its two check symbols.
///
/// # Errors
/// [`CodeError::TooLarge`] for more data than the longest code holds, or none.
pub fn encode(data: &[u8]) -> Result<CodeChars, CodeError> {
    if data.is_empty() || data.len() > MAX_DATA {
        return Err(CodeError::TooLarge);
    }
    let mut code = CodeChars::new();
    for block in data.chunks(BLOCK_DATA) {
        for &s in block.iter().chain(check_symbols(block).iter()) {
            code.try_push(char::from(ALPHABET[s as usize % 32])).map_err(|_| CodeError::TooLarge)?;
        }
    }
    Ok(code)
}

/// Reads a code's data symbols: groups and separators (`-`, spaces) as written, any
/// case, `O` for `0` and `I`/`L` for `1`. Every block must check.
///
/// # Errors
/// [`CodeError`] naming what is wrong, and for a single wrong character or a swap, the
/// group; never panics.
pub fn decode(text: &str) -> Result<Symbols, CodeError> {
    let mut symbols: ArrayVec<u8, MAX_SYMBOLS> = ArrayVec::new();
    let mut count = 0;
    for c in text.chars() {
        if c == '-' || c == ' ' {
            continue;
        }
        count += 1;
        let value = symbol_of(c).ok_or(CodeError::Character(c))?;
        // Too long: keep counting for the message.
        let _ = symbols.try_push(value);
    }
    let last = count % BLOCK;
    if count != symbols.len() || count < 3 || last == 1 || last == 2 {
        return Err(CodeError::Length(count));
    }
    let mut data = Symbols::new();
    for (b, block) in symbols.chunks(BLOCK).enumerate() {
        if syndromes(block) != (0, 0) {
            return Err(locate(block, b * BLOCK));
        }
        data.try_extend_from_slice(&block[..block.len() - 2]).map_err(|_| CodeError::Length(count))?;
    }
    Ok(data)
}

/// The game symbol a code starts with, if its first character is a code character.
pub fn first_symbol(text: &str) -> Option<u8> {
    text.chars().find(|&c| c != '-' && c != ' ').and_then(symbol_of)
}

/// Formats a code in groups of four: `ABCD-EFGH-…`.
pub fn grouped(code: &str) -> Grouped {
    let mut out = Grouped::new();
    for (i, c) in code.chars().enumerate() {
        if i > 0 && i % GROUP == 0 {
            let _ = out.try_push('-');
        }
        let _ = out.try_push(c);
    }
    out
}

/// The character of a symbol.
pub fn char_of(symbol: u8) -> char {
    char::from(ALPHABET[symbol as usize % 32])
}

/// The symbol a character stands for (any case; `O` is `0`, `I` and `L` are `1`).
pub fn symbol_of(c: char) -> Option<u8> {
    let c = match c.to_ascii_uppercase() {
        'O' => '0',
        'I' | 'L' => '1',
        c => c,
    };
    ALPHABET.iter().position(|&a| char::from(a) == c).map(|i| i as u8)
}

/// Names the error in a block starting at character `offset`: an adjacent swap that
/// repairs the word, or a single wrong character (located by the syndromes), or more.
fn locate(word: &[u8], offset: usize) -> CodeError {
    let n = word.len();
    for i in 0..n.saturating_sub(1) {
        if word[i] == word[i + 1] {
            continue;
        }
        let mut swapped: ArrayVec<u8, BLOCK> = word.iter().copied().collect();
        swapped.swap(i, i + 1);
        if syndromes(&swapped) == (0, 0) {
            return CodeError::Swapped { group: (offset + i) / GROUP + 1 };
        }
    }
    let (s0, s1) = syndromes(word);
    if s0 != 0 && s1 != 0 {
        // A single error of size s0 at power j with α^j = s1/s0.
        let j = (log(s1) + 31 - log(s0)) % 31;
        if j < n {
            let index = n - 1 - j;
            return CodeError::WrongCharacter { group: (offset + index) / GROUP + 1 };
        }
    }
    CodeError::Check
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::string::{String, ToString};
    use std::vec::Vec;

    #[test]
    fn gf32_and_the_check_symbols_make_codewords() {
        assert_eq!(EXP[31], 1);
        for a in 1..32u8 {
            assert_eq!(mul(a, exp((31 - log(a)) % 31)), 1, "inverse of {a}");
        }
        let data = [3u8, 17, 0, 31, 9];
        let mut word: ArrayVec<u8, 31> = data.iter().copied().collect();
        word.try_extend_from_slice(&check_symbols(&data)).unwrap();
        assert_eq!(syndromes(&word), (0, 0));
    }

    #[test]
    fn bits_pack_and_read_back() {
        let mut bits = Bits::new();
        bits.push(0b10, 2).unwrap();
        bits.push(0x1234_5678, 32).unwrap();
        bits.push_u64(0xdead_beef_0123_4567).unwrap();
        let symbols = bits.finish().unwrap();
        assert_eq!(symbols.len(), (2 + 32 + 64usize).div_ceil(5));
        let mut r = Reader::new(&symbols);
        assert_eq!(r.take(2), Ok(0b10));
        assert_eq!(r.take(32), Ok(0x1234_5678));
        assert_eq!(r.take_u64(), Ok(0xdead_beef_0123_4567));
        assert!(r.at_end());
        assert_eq!(r.take(5), Err(CodeError::Position));
    }

    #[test]
    fn long_codes_go_in_blocks_that_each_check() {
        for len in [1usize, 28, 29, 30, 58, 59, 100, MAX_DATA] {
            let data: Vec<u8> = (0..len).map(|i| (i * 7 % 32) as u8).collect();
            let code = encode(&data).unwrap();
            assert_eq!(code.len(), len + 2 * len.div_ceil(BLOCK_DATA), "{len}");
            assert_eq!(decode(&code).unwrap().as_slice(), data.as_slice(), "{len}");
            assert_eq!(decode(&grouped(&code).to_ascii_lowercase()).unwrap().as_slice(), data.as_slice());
            // A wrong character in the last block is named by its group.
            let mut bad: Vec<char> = code.chars().collect();
            let i = bad.len() - 1;
            bad[i] = if bad[i] == '7' { '8' } else { '7' };
            let text: String = bad.iter().collect();
            assert_eq!(decode(&text), Err(CodeError::WrongCharacter { group: i / GROUP + 1 }), "{len}");
        }
        assert_eq!(encode(&[0; MAX_DATA + 1]), Err(CodeError::TooLarge));
        assert_eq!(decode("AB").unwrap_err().to_string(), "code: 2 characters is not the length of a code");
        assert_eq!(decode("AB!").unwrap_err(), CodeError::Character('!'));
    }
}
