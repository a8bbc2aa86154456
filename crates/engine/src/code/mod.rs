//! Share codes: any game's position as a short text to send by any chat, and read back
//! with the crank.
//!
//! A code is Crockford base32 (no I, L, O or U; reading is forgiving about case and
//! look-alikes), shown in groups of four. Its first character, the *head*, names the
//! game (`W` to `Z`); then come the game's *payload* characters, the position packed by
//! an arithmetic coder ([`arith`]) so that likely positions take few characters; then
//! six check characters ([`check`]).
//!
//! Reading ([`read`]) accepts a code that checks. One that does not is searched for the
//! single mistake that explains it — a wrong character, two swapped, an extra one or a
//! missing one — and the game judges each reading the search finds. If exactly one
//! reading holds a position: a swap or an extra character is undone and named
//! ([`Fix`]); a wrong or missing character is pointed at ([`CodeError::Located`]) but
//! not filled in, since its value would be a guess. If several readings hold one, the
//! groups they point at are named (the true place is among them), or none when they are
//! too many; if none does, the code has more than one mistake.
//!
//! Codes made by the first release ([`legacy`]) start with `0` to `V` and still read,
//! when typed exactly.

use core::fmt;

use arrayvec::{ArrayString, ArrayVec};

pub mod arith;
pub mod check;
mod field;
pub mod legacy;

pub use legacy::{Bits, Reader};

/// The code's alphabet (Crockford base32).
pub const ALPHABET: &[u8; 32] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";
/// Characters per group on screen.
pub const GROUP: usize = 4;
/// The most characters in a code.
pub const MAX_SYMBOLS: usize = 96;
/// The most payload characters in a code.
pub const MAX_PAYLOAD: usize = MAX_SYMBOLS - 1 - check::CHECK_CHARS;
/// The first head: heads are `W`, `X`, `Y` and `Z`, one a game; first-release codes
/// never start with them.
pub const FIRST_HEAD: u8 = 28;

/// A code's characters, without the group separators.
pub type CodeChars = ArrayString<MAX_SYMBOLS>;
/// A code's payload characters (0–31 each).
pub type Symbols = ArrayVec<u8, MAX_PAYLOAD>;
/// A code written in groups: `ABCD-EFGH-…`.
pub type Grouped = ArrayString<{ MAX_SYMBOLS + MAX_SYMBOLS / GROUP }>;

/// What kind of typing mistake a fix undid.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Mistake {
    /// One character wrong.
    Wrong,
    /// Two neighbouring characters swapped.
    Swapped,
    /// One character too many.
    Extra,
    /// One character left out.
    Missing,
}

/// A mistake the reader fixed: what, and in which group of the code as typed.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Fix {
    /// What the mistake was.
    pub mistake: Mistake,
    /// The group (counting from 1) of the first character it touched.
    pub group: u8,
    /// The group of the second character of a swap (the same group, or the next).
    pub to_group: u8,
}

impl fmt::Display for Fix {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let what = match self.mistake {
            Mistake::Wrong => "a wrong character",
            Mistake::Swapped => "two characters swapped",
            Mistake::Extra => "an extra character taken out",
            Mistake::Missing => "a missing character put back",
        };
        if self.to_group != self.group {
            write!(f, "fixed: {what} in groups {} and {}", self.group, self.to_group)
        } else {
            write!(f, "fixed: {what} in group {}", self.group)
        }
    }
}

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
    /// One mistake, in one of these groups (1-based, ascending; 0 past the count): the
    /// code read more than one way.
    Groups {
        /// The groups, 0 where unused.
        groups: [u8; 3],
    },
    /// One mistake, found: a wrong character at `at` (0-based, in the code as typed),
    /// or one missing before it. The reader does not guess the character: the player
    /// turns it in until the code checks.
    Located {
        /// What the mistake is ([`Mistake::Wrong`] or [`Mistake::Missing`]).
        mistake: Mistake,
        /// Where: the wrong character, or where the missing one goes.
        at: u8,
    },
    /// One mistake could be in more groups than are worth naming.
    Unplaced,
    /// The code does not check and no single mistake explains it.
    Check,
    /// The code checks but does not hold a legal position.
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
                write!(f, "code: {c:?} is not a code character (no I, L, O or U)")
            }
            CodeError::Length(n) => write!(f, "code: {n} characters is too short for a code"),
            CodeError::Groups { groups } => match groups {
                [g, 0, _] => write!(f, "code: one mistake, in group {g}"),
                [g, h, 0] => write!(f, "code: one mistake, in group {g} or {h}"),
                [g, h, i] => write!(f, "code: one mistake, in group {g}, {h} or {i}"),
            },
            CodeError::Located { mistake: Mistake::Missing, at } => {
                let at = *at as usize;
                write!(f, "code: a character is missing in group {}: turn it in", at / GROUP + 1)
            }
            CodeError::Located { at, .. } => {
                let at = *at as usize;
                write!(f, "code: character {} of group {} is wrong: turn it", at % GROUP + 1, at / GROUP + 1)
            }
            CodeError::Unplaced => f.write_str("code: one mistake, but it could be in many groups"),
            CodeError::Check => f.write_str("code: it does not check; more than one character is wrong"),
            CodeError::Position => f.write_str("code: the code checks but does not hold a legal position"),
            CodeError::Game(c) => {
                write!(f, "code: {c:?} starts no code of this cartridge (a newer version?)")
            }
        }
    }
}

/// The code of a game's position: its head, its payload, and the check characters.
///
/// # Errors
/// [`CodeError::TooLarge`] past the longest code.
pub fn encode(head: u8, payload: &[u8]) -> Result<CodeChars, CodeError> {
    if payload.len() > MAX_PAYLOAD {
        return Err(CodeError::TooLarge);
    }
    let mut data: ArrayVec<u8, MAX_SYMBOLS> = ArrayVec::new();
    data.push(head & 31);
    data.try_extend_from_slice(payload).map_err(|_| CodeError::TooLarge)?;
    let checks = check::check_chars(&data);
    let mut code = CodeChars::new();
    for &s in data.iter().chain(checks.iter()) {
        code.try_push(char_of(s)).map_err(|_| CodeError::TooLarge)?;
    }
    Ok(code)
}

/// A code read: what the game made of it, the code as it should have been typed, and
/// the mistake fixed, if one was.
#[derive(Clone, Debug)]
pub struct Reading<T> {
    /// What the game made of the code.
    pub value: T,
    /// The code, fixed.
    pub code: CodeChars,
    /// The mistake fixed.
    pub fixed: Option<Fix>,
}

/// The characters of `text` as symbols, without separators (`-`, spaces).
///
/// # Errors
/// [`CodeError::Character`] for one outside the alphabet; [`CodeError::TooLarge`] past
/// the longest code.
pub fn symbols_of(text: &str) -> Result<ArrayVec<u8, MAX_SYMBOLS>, CodeError> {
    let mut word = ArrayVec::new();
    for c in text.chars().filter(|&c| c != '-' && c != ' ') {
        let s = symbol_of(c).ok_or(CodeError::Character(c))?;
        word.try_push(s).map_err(|_| CodeError::TooLarge)?;
    }
    Ok(word)
}

/// Reads a code of this format: `judge` gets the head and payload of each reading that
/// checks and says what it holds. See the module's notes for what happens to a code
/// that does not check.
///
/// # Errors
/// [`CodeError`] naming what is wrong and, where it can, the group; never names a
/// group that a single mistake could not be in.
#[inline(never)]
pub fn read<T>(text: &str, mut judge: impl FnMut(u8, &[u8]) -> Result<T, CodeError>) -> Result<Reading<T>, CodeError> {
    let word = symbols_of(text)?;
    let n = word.len();
    if n < check::CHECK_CHARS {
        return Err(CodeError::Length(n));
    }
    let data = |w: &[u8]| -> (u8, ArrayVec<u8, MAX_PAYLOAD>) {
        let k = w.len().saturating_sub(check::CHECK_CHARS);
        let head = w.first().copied().unwrap_or(0);
        (head, w.get(1..k).unwrap_or(&[]).iter().copied().take(MAX_PAYLOAD).collect())
    };
    // A code that checks but holds nothing (a zero typed before the head checks too)
    // is searched like one that does not; its own error stands if nothing is found.
    let mut as_typed = CodeError::Check;
    if check::checks(&word) {
        let (head, payload) = data(&word);
        match judge(head, &payload) {
            Ok(value) => return Ok(Reading { value, code: text_of(&word), fixed: None }),
            Err(error) => as_typed = error,
        }
    }
    // Every single mistake that would make the code check, with the readings the game
    // accepts; equal readings from different mistakes count once.
    // Two distinct readings are enough to know that there are several.
    let mut readings: ArrayVec<(ArrayVec<u8, { MAX_SYMBOLS + 1 }>, T, Fix, usize), 2> = ArrayVec::new();
    let mut groups: ArrayVec<u8, 3> = ArrayVec::new();
    let (mut more_readings, mut more_groups) = (false, false);
    check::single_mistakes(&word, |edit| {
        let fixed = edit.undo(&word);
        if fixed.len() > MAX_SYMBOLS || readings.iter().any(|(w, ..)| *w == fixed) {
            return;
        }
        let (head, payload) = data(&fixed);
        let Ok(value) = judge(head, &payload) else { return };
        let group = (edit.at / GROUP + 1) as u8;
        let to_group = if edit.mistake == Mistake::Swapped { ((edit.at + 1) / GROUP + 1) as u8 } else { group };
        for g in [group, to_group] {
            if !groups.contains(&g) && groups.try_push(g).is_err() {
                more_groups = true;
            }
        }
        let fix = Fix { mistake: edit.mistake, group, to_group };
        if readings.try_push((fixed, value, fix, edit.at)).is_err() {
            more_readings = true;
        }
    });
    match readings.len() {
        0 => Err(as_typed),
        // A wrong or missing character is found but not filled in: its value would be
        // a guess that the check alone confirms (one chance in 2²⁵ or so of being
        // wrong for a code with more mistakes), so the player turns it in.
        1 if !more_readings && matches!(readings[0].2.mistake, Mistake::Wrong | Mistake::Missing) => {
            Err(CodeError::Located { mistake: readings[0].2.mistake, at: readings[0].3 as u8 })
        }
        1 if !more_readings => {
            let (fixed, value, fix, _) = readings.remove(0);
            Ok(Reading { value, code: text_of(&fixed), fixed: Some(fix) })
        }
        _ if more_groups => Err(CodeError::Unplaced),
        _ => {
            groups.sort_unstable();
            let mut named = [0u8; 3];
            named[..groups.len()].copy_from_slice(&groups);
            Err(CodeError::Groups { groups: named })
        }
    }
}

/// [`read`], and for a code without a reading of this version that
/// [`legacy_allowed`] lets through, `legacy` on the text as typed (a first-release
/// code): its value, the code as typed, no fix. Otherwise what [`read`] said.
///
/// # Errors
/// What [`read`] says is wrong with the code.
pub fn read_or_legacy<T>(
    text: &str,
    mut judge: impl FnMut(u8, &[u8]) -> Result<T, CodeError>,
    legacy: impl FnOnce(&str) -> Result<T, CodeError>,
) -> Result<Reading<T>, CodeError> {
    let read = read(text, &mut judge);
    if read.is_err() && legacy_allowed(text, &mut judge) {
        if let Ok(value) = legacy(text) {
            return Ok(Reading { value, code: plain(text), fixed: None });
        }
    }
    read
}

/// Whether a code that has no reading of this version ([`read`] failed) may be read as
/// a first-release code. A code of this version whose head was mistyped into the
/// first release's range (`0`–`V`) must not load as an old code by the old code's
/// weak check: so none may have a reading of this version once its head is put right
/// (each head in its place, the first two characters swapped, the first left out or
/// one put before it).
#[inline(never)]
pub fn legacy_allowed<T>(text: &str, mut judge: impl FnMut(u8, &[u8]) -> Result<T, CodeError>) -> bool {
    let Ok(word) = symbols_of(text) else { return false };
    let Some(&first) = word.first() else { return false };
    if first >= FIRST_HEAD {
        return false;
    }
    // 0–3: a head put in place of the first character; 4–7: put before it; 8: the
    // first two swapped; 9: the first left out.
    (0..10u8).all(|variant| {
        let mut text = ArrayString::<{ MAX_SYMBOLS + 1 }>::new();
        let mut push = |s: u8| {
            let _ = text.try_push(char_of(s));
        };
        match variant {
            0..=3 => {
                push(FIRST_HEAD + variant);
                word.iter().skip(1).for_each(|&s| push(s));
            }
            4..=7 => {
                push(FIRST_HEAD + variant - 4);
                word.iter().for_each(|&s| push(s));
            }
            8 => {
                word.iter().skip(1).take(1).chain(word.iter().take(1)).chain(word.iter().skip(2)).for_each(|&s| push(s))
            }
            _ => word.iter().skip(1).for_each(|&s| push(s)),
        }
        !matches!(
            read(&text, &mut judge),
            Ok(_) | Err(CodeError::Located { .. } | CodeError::Groups { .. } | CodeError::Unplaced)
        )
    })
}

/// The code characters of `text` in upper case, without separators (as far as a code
/// of this version goes).
pub fn plain(text: &str) -> CodeChars {
    let mut code = CodeChars::new();
    for s in text.chars().filter_map(symbol_of).take(MAX_SYMBOLS) {
        let _ = code.try_push(char_of(s));
    }
    code
}

fn text_of(word: &[u8]) -> CodeChars {
    let mut code = CodeChars::new();
    for &s in word.iter().take(MAX_SYMBOLS) {
        let _ = code.try_push(char_of(s));
    }
    code
}

/// The symbol a code starts with, if its first character is a code character.
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
