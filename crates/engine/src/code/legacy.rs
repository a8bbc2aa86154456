//! The codes of the first release: Crockford base32 with data in blocks of at most 29
//! symbols, each followed by two check symbols (a Reed–Solomon code over GF(32) with
//! minimum distance 3). Their first symbol names the game (`0` to `V`). They are read
//! here, exactly as typed, so that codes sent before this version still load; their
//! data was packed with [`Bits`] and is read back with [`Reader`].

use arrayvec::ArrayVec;

use super::{symbol_of, CodeError};

/// The most symbols in one block.
pub const BLOCK: usize = 31;
/// The most blocks in a code.
const MAX_BLOCKS: usize = 8;
/// The most data symbols in a first-release code.
pub const MAX_DATA: usize = (BLOCK - 2) * MAX_BLOCKS;
/// A first-release code's data symbols.
pub type Data = ArrayVec<u8, MAX_DATA>;

// ---------------------------------------------------------------- GF(32)

/// x^5 + x^2 + 1, a primitive polynomial: α = x generates GF(32)*.
const POLY: u16 = 0b10_0101;

const TABLES: ([u16; 62], [u16; 32]) = super::field::tables(POLY as u32);
const EXP: [u16; 62] = TABLES.0;
const LOG: [u16; 32] = TABLES.1;

fn exp(i: usize) -> u8 {
    EXP[i % 62] as u8
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
    symbols: Data,
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
    pub fn finish(mut self) -> Result<Data, CodeError> {
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

    /// The next symbol's 5 bits, a first-release code's game letter: its index in
    /// `games` (the symbols the game reads).
    ///
    /// # Errors
    /// [`CodeError::Game`] naming the letter, when it is another game's;
    /// [`CodeError::Position`] past the end.
    pub fn game(&mut self, games: &[u8]) -> Result<usize, CodeError> {
        let first = self.take(5)? as u8;
        games.iter().position(|&g| g == first).ok_or(CodeError::Game(super::char_of(first)))
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

/// The first-release code of `data` (for tests: nothing writes these any more).
///
/// # Errors
/// [`CodeError::TooLarge`] for more data than such a code holds, or none.
pub fn encode(data: &[u8]) -> Result<ArrayVec<u8, { BLOCK * MAX_BLOCKS }>, CodeError> {
    if data.is_empty() || data.len() > MAX_DATA {
        return Err(CodeError::TooLarge);
    }
    let mut code = ArrayVec::new();
    for block in data.chunks(BLOCK - 2) {
        for &s in block.iter().chain(check_symbols(block).iter()) {
            code.try_push(s).map_err(|_| CodeError::TooLarge)?;
        }
    }
    Ok(code)
}

/// Reads a first-release code's data symbols, exactly as typed (separators, case and
/// look-alikes aside). Every block must check.
///
/// # Errors
/// [`CodeError::Check`] for a code that does not; never panics.
pub fn decode(text: &str) -> Result<Data, CodeError> {
    let mut symbols: ArrayVec<u8, { BLOCK * MAX_BLOCKS }> = ArrayVec::new();
    for c in text.chars().filter(|&c| c != '-' && c != ' ') {
        let value = symbol_of(c).ok_or(CodeError::Character(c))?;
        symbols.try_push(value).map_err(|_| CodeError::Check)?;
    }
    let last = symbols.len() % BLOCK;
    if symbols.len() < 3 || last == 1 || last == 2 {
        return Err(CodeError::Check);
    }
    let mut data = Data::new();
    for block in symbols.chunks(BLOCK) {
        if syndromes(block) != (0, 0) {
            return Err(CodeError::Check);
        }
        data.try_extend_from_slice(&block[..block.len() - 2]).map_err(|_| CodeError::Check)?;
    }
    Ok(data)
}

#[cfg(test)]
mod tests {
    use super::*;
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
    fn long_codes_go_in_blocks_that_each_check_exactly() {
        for len in [1usize, 28, 29, 30, 58, 59, 100, MAX_DATA] {
            let data: Vec<u8> = (0..len).map(|i| (i * 7 % 32) as u8).collect();
            let code = encode(&data).unwrap();
            assert_eq!(code.len(), len + 2 * len.div_ceil(BLOCK - 2), "{len}");
            let text: std::string::String = code.iter().map(|&s| super::super::char_of(s)).collect();
            assert_eq!(decode(&text).unwrap().as_slice(), data.as_slice(), "{len}");
            let mut bad = code.clone();
            bad[len / 2] ^= 1;
            let text: std::string::String = bad.iter().map(|&s| super::super::char_of(s)).collect();
            assert_eq!(decode(&text), Err(CodeError::Check), "{len}");
        }
        assert_eq!(encode(&[0; MAX_DATA + 1]), Err(CodeError::TooLarge));
    }
}
