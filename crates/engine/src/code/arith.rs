//! The arithmetic coder that packs a position into a code's payload: each decision is
//! coded with the probability its model gives it, so a likely position (a start, a
//! piece still on its square, an empty middle) costs a fraction of a bit a square.
//!
//! Integer range coding with 32-bit bounds (Witten, Neal and Cleary's coder), bits
//! written most significant first into 5-bit code characters. The decoder reads zero
//! bits past the end, so the encoder drops trailing zero characters; a game checks
//! what it read by coding it again and comparing ([`Encoder::finish`] is canonical), so
//! a payload has exactly one reading. Written here rather than taken from a crate: the
//! codes need exact termination in a few bits and 5-bit output, no_std and no heap.

use super::{CodeError, Symbols};

const TOP: u64 = (1 << 32) - 1;
const HALF: u64 = 1 << 31;
const QUARTER: u64 = 1 << 30;
/// The largest total a model may have.
pub const MAX_TOTAL: u32 = 1 << 16;

/// An adaptive frequency table over `N` symbols: each symbol seen gains `step`, and the
/// counts halve when their total grows past a limit.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Model<const N: usize> {
    counts: [u16; N],
    step: u16,
}

impl<const N: usize> Model<N> {
    /// A model starting from `counts` (each at least 1), gaining `step` a symbol.
    pub const fn new(counts: [u16; N], step: u16) -> Model<N> {
        Model { counts, step }
    }

    fn total(&self) -> u32 {
        self.counts.iter().map(|&c| c.max(1) as u32).sum()
    }

    fn range(&self, symbol: usize) -> (u32, u32) {
        let lo: u32 = self.counts.iter().take(symbol).map(|&c| c.max(1) as u32).sum();
        (lo, lo + self.counts.get(symbol).map_or(1, |&c| c.max(1) as u32))
    }

    fn find(&self, count: u32) -> usize {
        let mut lo = 0;
        for (s, &c) in self.counts.iter().enumerate() {
            lo += c.max(1) as u32;
            if count < lo {
                return s;
            }
        }
        N.saturating_sub(1)
    }

    fn update(&mut self, symbol: usize) {
        if let Some(c) = self.counts.get_mut(symbol) {
            *c = c.saturating_add(self.step);
        }
        if self.total() > MAX_TOTAL / 2 {
            for c in &mut self.counts {
                *c = (*c / 2).max(1);
            }
        }
    }
}

/// A whole number below 2¹⁵ as an adaptive model codes it: the length of `value + 1`
/// in bits, in unary with a model per step, then the bits below its top one, each as
/// likely as not. Small numbers cost a bit or two.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Number {
    steps: [Model<2>; 15],
}

impl Number {
    /// A model expecting small numbers.
    pub const fn new() -> Number {
        Number { steps: [Model::new([4, 4], 8); 15] }
    }
}

impl Default for Number {
    fn default() -> Number {
        Number::new()
    }
}

/// The coder's interval `[low, high]` (32-bit bounds), which encoder and decoder
/// narrow alike for each decision and renormalise alike.
#[derive(Clone, Copy, Debug)]
struct Interval {
    low: u64,
    high: u64,
}

/// What a renormalising step of [`Interval::step`] did: the interval lay in the
/// lower half, the upper half, or the middle two quarters, and was doubled from there.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Half {
    Lower,
    Upper,
    Middle,
}

impl Interval {
    const WHOLE: Interval = Interval { low: 0, high: TOP };

    /// Narrows to the share `[lo, hi)` of `total` (clamped into a nonempty share).
    fn narrow(&mut self, lo: u32, hi: u32, total: u32) {
        let total = total.clamp(1, MAX_TOTAL) as u64;
        let hi = (hi as u64).clamp(1, total);
        let lo = (lo as u64).min(hi - 1);
        let range = self.high - self.low + 1;
        self.high = self.low + range * hi / total - 1;
        self.low += range * lo / total;
    }

    /// One renormalising step, if one is due: the interval doubled away from the
    /// half or middle it lies in. Until it returns `None` the interval holds the half
    /// (low < HALF <= high).
    fn step(&mut self) -> Option<Half> {
        let half = if self.high < HALF {
            Half::Lower
        } else if self.low >= HALF {
            self.low -= HALF;
            self.high -= HALF;
            Half::Upper
        } else if self.low >= QUARTER && self.high < HALF + QUARTER {
            self.low -= QUARTER;
            self.high -= QUARTER;
            Half::Middle
        } else {
            return None;
        };
        self.low *= 2;
        self.high = self.high * 2 + 1;
        Some(half)
    }
}

/// Codes decisions into payload characters.
#[derive(Clone, Debug)]
pub struct Encoder {
    interval: Interval,
    pending: u32,
    out: Symbols,
    acc: u8,
    bits: u8,
    overflow: bool,
}

impl Default for Encoder {
    fn default() -> Encoder {
        Encoder::new()
    }
}

impl Encoder {
    /// Nothing coded yet.
    pub fn new() -> Encoder {
        Encoder { interval: Interval::WHOLE, pending: 0, out: Symbols::new(), acc: 0, bits: 0, overflow: false }
    }

    fn emit(&mut self, bit: bool) {
        self.acc = self.acc << 1 | bit as u8;
        self.bits += 1;
        if self.bits == 5 {
            if self.out.try_push(self.acc).is_err() {
                self.overflow = true;
            }
            self.acc = 0;
            self.bits = 0;
        }
    }

    fn emit_with_pending(&mut self, bit: bool) {
        self.emit(bit);
        while self.pending > 0 {
            self.pending -= 1;
            self.emit(!bit);
        }
    }

    /// Codes the symbol whose share is `[lo, hi)` of `total` (0 ≤ lo < hi ≤ total ≤
    /// [`MAX_TOTAL`]).
    pub fn code(&mut self, lo: u32, hi: u32, total: u32) {
        self.interval.narrow(lo, hi, total);
        while let Some(half) = self.interval.step() {
            match half {
                Half::Lower => self.emit_with_pending(false),
                Half::Upper => self.emit_with_pending(true),
                Half::Middle => self.pending += 1,
            }
        }
    }

    /// Codes `symbol` with `model`, and teaches the model.
    pub fn symbol<const N: usize>(&mut self, symbol: usize, model: &mut Model<N>) {
        let (lo, hi) = model.range(symbol);
        self.code(lo, hi, model.total());
        model.update(symbol);
    }

    /// Codes `value`, one of `n` equally likely (n ≤ [`MAX_TOTAL`]).
    pub fn uniform(&mut self, value: u32, n: u32) {
        self.code(value, value + 1, n);
    }

    /// Codes which of `counts` a draw from them gave (`counts[i]` items of kind i, all
    /// equally likely): a square's content when how many of each are left to place
    /// is known, so that the whole board costs the log of its multinomial.
    pub fn draw(&mut self, kind: usize, counts: &[u16]) {
        let lo: u32 = counts.iter().take(kind).map(|&c| c as u32).sum();
        let hi = lo + counts.get(kind).copied().unwrap_or(0) as u32;
        let total: u32 = counts.iter().map(|&c| c as u32).sum();
        self.code(lo, hi, total);
    }

    /// Codes a whole number below 2¹⁵ (larger ones are coded as the largest).
    pub fn number(&mut self, value: u32, model: &mut Number) {
        let x = value.min((1 << 15) - 2) + 1;
        let length = 32 - x.leading_zeros() as usize;
        for step in 1..16 {
            let more = step < length;
            if let Some(m) = model.steps.get_mut(step - 1) {
                self.symbol(more as usize, m);
            }
            if !more {
                break;
            }
        }
        if length > 1 {
            self.uniform(x & ((1 << (length - 1)) - 1), 1 << (length - 1));
        }
    }

    /// The payload characters, without trailing zero characters.
    ///
    /// # Errors
    /// [`CodeError::TooLarge`] past the longest payload.
    pub fn finish(mut self) -> Result<Symbols, CodeError> {
        // The interval holds the half (see Interval::step), so a single 1 and the
        // zeros the decoder reads past the end pick a value in it: the shortest ending
        // there is.
        self.emit_with_pending(true);
        while self.bits != 0 {
            self.emit(false);
        }
        if self.overflow {
            return Err(CodeError::TooLarge);
        }
        while self.out.last() == Some(&0) {
            self.out.pop();
        }
        Ok(self.out)
    }
}

/// Reads back what an [`Encoder`] coded, deciding with the same models in the same
/// order. Any characters read as something: the game checks by coding again.
#[derive(Clone, Debug)]
pub struct Decoder<'a> {
    interval: Interval,
    value: u64,
    input: &'a [u8],
    bit: usize,
}

impl<'a> Decoder<'a> {
    /// Reads `payload` from its first bit.
    pub fn new(payload: &'a [u8]) -> Decoder<'a> {
        let mut d = Decoder { interval: Interval::WHOLE, value: 0, input: payload, bit: 0 };
        for _ in 0..32 {
            d.value = d.value << 1 | d.next_bit();
        }
        d
    }

    fn next_bit(&mut self) -> u64 {
        let symbol = self.input.get(self.bit / 5).copied().unwrap_or(0);
        let bit = symbol >> (4 - self.bit % 5) & 1;
        self.bit += 1;
        bit as u64
    }

    /// Where the value falls in `total`, to find the symbol coded.
    fn count(&self, total: u32) -> u32 {
        let total = total.clamp(1, MAX_TOTAL) as u64;
        let range = self.interval.high - self.interval.low + 1;
        let offset = self.value.saturating_sub(self.interval.low);
        (((offset + 1) * total - 1) / range).min(total - 1) as u32
    }

    /// Takes the symbol whose share is `[lo, hi)` of `total` out of the value.
    fn consume(&mut self, lo: u32, hi: u32, total: u32) {
        self.interval.narrow(lo, hi, total);
        while let Some(half) = self.interval.step() {
            let shift = match half {
                Half::Lower => 0,
                Half::Upper => HALF,
                Half::Middle => QUARTER,
            };
            self.value = (self.value.wrapping_sub(shift) << 1 | self.next_bit()) & TOP;
        }
    }

    /// The symbol `model` coded, teaching the model as the encoder did.
    pub fn symbol<const N: usize>(&mut self, model: &mut Model<N>) -> usize {
        let total = model.total();
        let symbol = model.find(self.count(total));
        let (lo, hi) = model.range(symbol);
        self.consume(lo, hi, total);
        model.update(symbol);
        symbol
    }

    /// A value coded by [`Encoder::uniform`] with the same `n`.
    pub fn uniform(&mut self, n: u32) -> u32 {
        let value = self.count(n);
        self.consume(value, value + 1, n);
        value
    }

    /// The kind a draw coded by [`Encoder::draw`] with the same counts gave; `None` if
    /// the counts are all zero.
    pub fn draw(&mut self, counts: &[u16]) -> Option<usize> {
        let total: u32 = counts.iter().map(|&c| c as u32).sum();
        if total == 0 {
            return None;
        }
        let count = self.count(total);
        let mut lo = 0u32;
        for (kind, &c) in counts.iter().enumerate() {
            let hi = lo + c as u32;
            if count < hi {
                self.consume(lo, hi, total);
                return Some(kind);
            }
            lo = hi;
        }
        None
    }

    /// A number coded by [`Encoder::number`].
    pub fn number(&mut self, model: &mut Number) -> u32 {
        let mut length = 1;
        for step in 1..16 {
            let more = model.steps.get_mut(step - 1).is_some_and(|m| self.symbol(m) == 1);
            if !more {
                break;
            }
            length += 1;
        }
        let low = if length > 1 { self.uniform(1 << (length - 1)) } else { 0 };
        ((1 << (length - 1)) | low) - 1
    }

    /// Whether more characters were read than the payload has (beyond its implied
    /// trailing zeros, a payload is read only as far as its decisions go).
    pub fn bits_read(&self) -> usize {
        self.bit
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::vec::Vec;

    #[test]
    fn decisions_read_back_in_order() {
        let mut seed = 12345u64;
        for round in 0..200 {
            let mut enc = Encoder::new();
            let mut model = Model::new([20, 3, 1, 1], 16);
            let mut decisions = Vec::new();
            for _ in 0..(round % 60) {
                seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                let pick = (seed >> 33) as u32;
                let s = if pick.is_multiple_of(7) { (pick / 7 % 4) as usize } else { 0 };
                let u = pick % 13;
                enc.symbol(s, &mut model);
                enc.uniform(u, 13);
                decisions.push((s, u));
            }
            let payload = enc.finish().unwrap();
            let mut dec = Decoder::new(&payload);
            let mut model = Model::new([20, 3, 1, 1], 16);
            for &(s, u) in &decisions {
                assert_eq!(dec.symbol(&mut model), s, "round {round}");
                assert_eq!(dec.uniform(13), u, "round {round}");
            }
        }
    }

    #[test]
    fn numbers_read_back() {
        let values = [0u32, 1, 2, 3, 7, 8, 30, 31, 63, 100, 5000, 32766];
        let mut enc = Encoder::new();
        let mut model = Number::new();
        for &v in &values {
            enc.number(v, &mut model);
        }
        let payload = enc.finish().unwrap();
        let mut dec = Decoder::new(&payload);
        let mut model = Number::new();
        for &v in &values {
            assert_eq!(dec.number(&mut model), v);
        }
    }

    #[test]
    fn likely_decisions_cost_little() {
        let mut enc = Encoder::new();
        let mut model = Model::new([30, 1], 32);
        for _ in 0..80 {
            enc.symbol(0, &mut model);
        }
        assert!(enc.finish().unwrap().len() <= 1, "eighty likely decisions fit in a character");
    }
}
