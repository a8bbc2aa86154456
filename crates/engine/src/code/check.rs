//! The check characters of a share code, and the search for the one typing mistake
//! that explains a code that does not check.
//!
//! A code is a word of *slots*: each data character is a slot of 5 bits, and the last
//! six characters are three check slots of 10 bits (two characters each). The word is
//! a codeword of a shortened Reed–Solomon code over GF(1024) with roots 1, β and β²:
//! minimum distance 4 in slots. So every wrong character, every swap of neighbours,
//! and any two or three wrong characters are caught; the word's first character (the
//! game's head, never zero) ties the check to the code's length, so a lost or an extra
//! character is caught too (by chance alone, with probability 2⁻³⁰).
//!
//! A code that does not check is searched for every single mistake that would make
//! it check: each wrong character (found directly from the syndromes), swap, extra
//! character and missing one (its value too follows from the syndromes). Each
//! hypothesis costs a few field multiplications from prefix and suffix sums, so the
//! whole search is linear in the code's length.

use arrayvec::ArrayVec;

use super::{Mistake, MAX_SYMBOLS};

/// Check characters at the end of every code.
pub const CHECK_CHARS: usize = 6;

/// x¹⁰ + x³ + 1, a primitive polynomial: β = x generates GF(1024)*.
const POLY: u32 = 0x409;
const ORDER: usize = 1023;

const TABLES: ([u16; 2 * ORDER], [u16; 1024]) = super::field::tables(POLY);
const EXP: [u16; 2 * ORDER] = TABLES.0;
const LOG: [u16; 1024] = TABLES.1;

/// β^e.
fn pow(e: usize) -> u16 {
    EXP[e % ORDER]
}

fn mul(a: u16, b: u16) -> u16 {
    if a == 0 || b == 0 {
        0
    } else {
        EXP[(LOG[a as usize % 1024] as usize + LOG[b as usize % 1024] as usize) % (2 * ORDER)]
    }
}

/// The exponent of the root behind syndrome `j` (0, 1, 2): the roots are β, β², β³.
/// (Not 1: the syndrome at 1 is the plain sum, blind to a swap of neighbours and to a
/// zero put in or taken out, so a check with it says less about such mistakes.)
const fn root(j: usize) -> usize {
    j + 1
}

/// The generator (x + β)(x + β²)(x + β³) = x³ + G2·x² + G1·x + G0 (β = 2: its
/// powers up to β⁶ are 2 to 64, unreduced).
const G2: u16 = 2 ^ 4 ^ 8;
const G1: u16 = 8 ^ 16 ^ 32;
const G0: u16 = 64;

/// 1/a (a ≠ 0).
fn inverse(a: u16) -> u16 {
    EXP[(ORDER - LOG[a as usize % 1024] as usize) % ORDER]
}

/// The six check characters of `data` (the head and the payload).
pub fn check_chars(data: &[u8]) -> [u8; CHECK_CHARS] {
    let mut r = [0u16; 3];
    for &d in data {
        let feedback = d as u16 & 31 ^ r[0];
        r[0] = r[1] ^ mul(feedback, G2);
        r[1] = r[2] ^ mul(feedback, G1);
        r[2] = mul(feedback, G0);
    }
    let mut out = [0u8; CHECK_CHARS];
    for (t, slot) in r.iter().enumerate() {
        out[2 * t] = (slot >> 5) as u8 & 31;
        out[2 * t + 1] = *slot as u8 & 31;
    }
    out
}

/// The syndrome contributions of six check characters: Σ slot_t·β^(j(2−t)).
fn check_part(chars: &[u8]) -> [u16; 3] {
    core::array::from_fn(|j| {
        (0..3).fold(0, |s, t| {
            let hi = chars.get(2 * t).copied().unwrap_or(0) as u16 & 31;
            let lo = chars.get(2 * t + 1).copied().unwrap_or(0) as u16 & 31;
            s ^ mul(hi << 5 | lo, pow(root(j) * (2 - t)))
        })
    })
}

/// Whether `word` (data characters, then six check characters) checks.
pub fn checks(word: &[u8]) -> bool {
    if word.len() <= CHECK_CHARS {
        return false;
    }
    let k = word.len() - CHECK_CHARS;
    let tail = check_part(&word[k..]);
    (0..3).all(|j| {
        let data = word[..k].iter().fold(0u16, |acc, &c| mul(acc, pow(root(j))) ^ c as u16 & 31);
        mul(data, pow(3 * root(j))) ^ tail[j] == 0
    })
}

/// One mistake that explains a code, at a character of the code as typed.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Edit {
    /// What the mistake was.
    pub mistake: Mistake,
    /// The character (0-based, in the code as typed; for a missing one, where it goes).
    pub at: usize,
    /// The character it puts in (a wrong or missing one).
    pub value: u8,
}

impl Edit {
    /// The word `typed` with this mistake undone.
    pub fn undo(self, typed: &[u8]) -> ArrayVec<u8, { MAX_SYMBOLS + 1 }> {
        let mut word: ArrayVec<u8, { MAX_SYMBOLS + 1 }> = ArrayVec::new();
        for (i, &c) in typed.iter().enumerate() {
            if i == self.at {
                match self.mistake {
                    Mistake::Wrong => {
                        let _ = word.try_push(self.value);
                        continue;
                    }
                    Mistake::Extra => continue,
                    Mistake::Missing => {
                        let _ = word.try_push(self.value);
                    }
                    Mistake::Swapped => {
                        let _ = word.try_push(typed.get(i + 1).copied().unwrap_or(c));
                        continue;
                    }
                }
            }
            if self.mistake == Mistake::Swapped && i == self.at + 1 {
                let _ = word.try_push(typed[self.at]);
                continue;
            }
            let _ = word.try_push(c);
        }
        if self.mistake == Mistake::Missing && self.at == typed.len() {
            let _ = word.try_push(self.value);
        }
        word
    }
}

/// The prefix and suffix sums of a typed word that make each hypothesis cheap (on
/// the heap: the device's stack is small).
struct Sums {
    /// Data characters of the word as typed.
    k: usize,
    /// `head[j][q]`: the first q characters, each a slot, evaluated at β^j (Horner).
    head: alloc::vec::Vec<[u16; MAX_SYMBOLS + 2]>,
    /// `tail[j][q]`: Σ over data characters i ≥ q of c_i·β^(j(k−1−i)).
    tail: alloc::vec::Vec<[u16; MAX_SYMBOLS + 2]>,
    /// The check slots' part of each syndrome.
    checks: [u16; 3],
    /// The syndromes of the word as typed.
    syndromes: [u16; 3],
}

impl Sums {
    fn new(word: &[u8]) -> Sums {
        let n = word.len();
        let k = n.saturating_sub(CHECK_CHARS);
        let mut sums = Sums {
            k,
            head: alloc::vec![[0; MAX_SYMBOLS + 2]; 3],
            tail: alloc::vec![[0; MAX_SYMBOLS + 2]; 3],
            checks: check_part(word.get(k..).unwrap_or(&[])),
            syndromes: [0; 3],
        };
        for j in 0..3 {
            for (q, &c) in word.iter().enumerate().take(MAX_SYMBOLS + 1) {
                sums.head[j][q + 1] = mul(sums.head[j][q], pow(root(j))) ^ c as u16;
            }
            for q in (0..k.min(MAX_SYMBOLS + 1)).rev() {
                sums.tail[j][q] = sums.tail[j][q + 1] ^ mul(word[q] as u16, pow(root(j) * (k - 1 - q)));
            }
            sums.syndromes[j] = mul(sums.head[j][k.min(MAX_SYMBOLS + 1)], pow(3 * root(j))) ^ sums.checks[j];
        }
        sums
    }

    /// What changing character `i` by `delta` adds to syndrome j.
    fn change(&self, j: usize, i: usize, delta: u8) -> u16 {
        if i < self.k {
            mul(delta as u16, pow(root(j) * (self.k - 1 - i) + 3 * root(j)))
        } else {
            let q = i - self.k;
            let slot = if q.is_multiple_of(2) { (delta as u16) << 5 } else { delta as u16 };
            mul(slot, pow(root(j) * (2 - q / 2)))
        }
    }

    /// The wrong character at `i` that explains the word, if one does.
    fn wrong(&self, word: &[u8], i: usize) -> Option<Edit> {
        // What the character's slot changed by, from the first syndrome: S = x·β^e.
        let s0 = mul(self.syndromes[0], inverse(self.change(0, i, 1).max(1)));
        let s0 = if i >= self.k && (i - self.k).is_multiple_of(2) { mul(s0, 32) } else { s0 };
        let delta = if i < self.k || (i - self.k) % 2 == 1 {
            (s0 < 32).then_some(s0 as u8)?
        } else {
            (s0 & 31 == 0).then_some((s0 >> 5) as u8)?
        };
        if delta == 0 || (0..3).any(|j| self.syndromes[j] != self.change(j, i, delta)) {
            return None;
        }
        Some(Edit { mistake: Mistake::Wrong, at: i, value: word[i] ^ delta })
    }

    /// Whether swapping characters `i` and `i + 1` explains the word.
    fn swapped(&self, word: &[u8], i: usize) -> Option<Edit> {
        let delta = word[i] ^ word[i + 1];
        let fits =
            delta != 0 && (0..3).all(|j| self.syndromes[j] == self.change(j, i, delta) ^ self.change(j, i + 1, delta));
        fits.then_some(Edit { mistake: Mistake::Swapped, at: i, value: 0 })
    }

    /// Whether taking out character `i` explains the word.
    fn extra(&self, word: &[u8], i: usize) -> Option<Edit> {
        let k = self.k;
        let fits = if i < k {
            (0..3).all(|j| {
                let data = mul(self.head[j][i], pow(root(j) * (k - 1 - i))) ^ self.tail[j][i + 1];
                mul(data, pow(3 * root(j))) ^ self.checks[j] == 0
            })
        } else {
            k >= 2 && {
                let mut checks: ArrayVec<u8, 8> = ArrayVec::new();
                for (q, &c) in word.iter().enumerate().skip(k - 1) {
                    if q != i {
                        let _ = checks.try_push(c);
                    }
                }
                let tail = check_part(&checks);
                (0..3).all(|j| mul(self.head[j][k - 1], pow(3 * root(j))) ^ tail[j] == 0)
            }
        };
        fits.then_some(Edit { mistake: Mistake::Extra, at: i, value: 0 })
    }

    /// The missing character before character `i` (at the end for `i` = the length)
    /// that explains the word, if one does.
    fn missing(&self, word: &[u8], i: usize) -> Option<Edit> {
        let k = self.k;
        if i <= k {
            // The first syndrome, with the missing value v at degree k − i of the data:
            // v·β^(k−i+3) = what the rest adds up to.
            let rest = mul(mul(self.head[0][i], pow(root(0) * (k + 1 - i))) ^ self.tail[0][i], pow(3 * root(0)))
                ^ self.checks[0];
            let value = mul(rest, inverse(pow(root(0) * (k - i + 3))));
            let fits = value < 32
                && (0..3).all(|j| {
                    let data = mul(self.head[j][i], pow(root(j) * (k + 1 - i)))
                        ^ mul(value, pow(root(j) * (k - i)))
                        ^ self.tail[j][i];
                    mul(data, pow(3 * root(j))) ^ self.checks[j] == 0
                });
            return fits.then_some(Edit { mistake: Mistake::Missing, at: i, value: value as u8 });
        }
        // Inside the check characters: the data gains character k.
        let q = i - (k + 1);
        let mut checks: ArrayVec<u8, 8> = ArrayVec::new();
        for (p, &c) in word.iter().enumerate().skip(k + 1) {
            if p == i {
                let _ = checks.try_push(0);
            }
            let _ = checks.try_push(c);
        }
        if i == word.len() {
            let _ = checks.try_push(0);
        }
        let base = check_part(&checks);
        // The missing character's slot, from the first syndrome.
        let need = mul(mul(self.head[0][k + 1], pow(3 * root(0))) ^ base[0], inverse(pow(root(0) * (2 - q / 2))));
        let value =
            if q.is_multiple_of(2) { (need & 31 == 0).then_some(need >> 5)? } else { (need < 32).then_some(need)? };
        if let Some(c) = checks.get_mut(q) {
            *c = value as u8;
        }
        let tail = check_part(&checks);
        let fits = (0..3).all(|j| mul(self.head[j][k + 1], pow(3 * root(j))) ^ tail[j] == 0);
        fits.then_some(Edit { mistake: Mistake::Missing, at: i, value: value as u8 })
    }
}

/// Every single mistake that would make `word` check: wrong characters, swaps, extra
/// characters and missing ones, in that order, each at every place. `word` is the code
/// as typed (at most [`MAX_SYMBOLS`] characters).
pub fn single_mistakes(word: &[u8], mut found: impl FnMut(Edit)) {
    let n = word.len();
    if !(CHECK_CHARS..=MAX_SYMBOLS).contains(&n) {
        return;
    }
    let sums = Sums::new(word);
    if n > CHECK_CHARS {
        (0..n).filter_map(|i| sums.wrong(word, i)).for_each(&mut found);
        (0..n - 1).filter_map(|i| sums.swapped(word, i)).for_each(&mut found);
        (0..n).filter_map(|i| sums.extra(word, i)).for_each(&mut found);
    }
    (0..=n).filter_map(|i| sums.missing(word, i)).for_each(&mut found);
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::vec::Vec;

    #[test]
    fn beta_generates_the_field_and_codewords_check() {
        let mut seen = [false; 1024];
        for e in 0..ORDER {
            assert!(!seen[pow(e) as usize], "β^{e} repeats");
            seen[pow(e) as usize] = true;
        }
        let data = [28u8, 3, 17, 0, 31, 9];
        let mut word: Vec<u8> = data.to_vec();
        word.extend_from_slice(&check_chars(&data));
        assert!(checks(&word));
        word[2] ^= 1;
        assert!(!checks(&word));
    }

    /// Every single mistake in a few words is found, as the edit that undoes it.
    #[test]
    fn each_single_mistake_is_found_by_the_search() {
        for len in [1usize, 2, 5, 17, 40] {
            let data: Vec<u8> = (0..len).map(|i| if i == 0 { 29 } else { (i * 11 % 32) as u8 }).collect();
            let mut code = data.clone();
            code.extend_from_slice(&check_chars(&data));
            let n = code.len();
            let mut typed: Vec<Vec<u8>> = Vec::new();
            for i in 0..n {
                for v in 0..32u8 {
                    if v != code[i] {
                        let mut w = code.clone();
                        w[i] = v;
                        typed.push(w);
                    }
                }
                if i + 1 < n && code[i] != code[i + 1] {
                    let mut w = code.clone();
                    w.swap(i, i + 1);
                    typed.push(w);
                }
                let mut w = code.clone();
                w.remove(i);
                typed.push(w);
            }
            for i in 0..=n {
                for v in 0..32u8 {
                    let mut w = code.clone();
                    w.insert(i, v);
                    typed.push(w);
                }
            }
            for w in typed {
                let mut fixes = Vec::new();
                single_mistakes(&w, |edit| fixes.push(edit.undo(&w).to_vec()));
                assert!(fixes.contains(&code), "len {len}: {w:?} is not fixed");
                assert!(fixes.iter().all(|f| checks(f)), "len {len}: a fix of {w:?} does not check");
            }
        }
    }
}
