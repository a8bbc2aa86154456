//! The saved game: versioned, checksummed bytes that both the Playdate and the desktop
//! write, one file per game.
//!
//! Layout, version 3: `CHEK` · version (1 byte) · payload length (4 bytes LE) · payload
//! · CRC-32 of everything before it (4 bytes LE). Versions 1 and 2 had a 2-byte length.
//!
//! Payload, version 3: game (1, [`crate::GameInfo::save_id`]) · variant (1) · seat
//! kinds (4) · seed (8) · the title's summary line (1 + its bytes) · the game's own
//! bytes of the position now (2 + bytes) · the game's own bytes of its screen, what is
//! held (1 + bytes) · the journal, if kept (1: 0 or 1, then the
//! game's own bytes of the kept start (2 + bytes), decisions folded before it (4),
//! turns among them (4), whether anything was taken back (1), the game's counters at
//! the start (1 + 2 each), and the decisions (2 + each: seat with bit 7 set when it
//! began a turn (1), its text in the game's notation (1 + bytes))).
//!
//! Version 2 (the single save of every game, still read): game · variant · seat kinds
//! · seed · the game's own bytes (the rest).
//!
//! Version 1 was Chek's alone: setup (1) · seat kinds (4) · dice state (48) · agreed
//! end (1) · hand square (1) · seed (8) · position text. It still loads: it reads as
//! game 0, variant 0, with setup · dice · agreed · hand · text as the game's bytes,
//! which is Chek's version-2 layout.

use crate::vocab::Kinds;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

use chek_engine::{Seat, MAX_SEATS};
use crc::{Crc, CRC_32_ISO_HDLC};

use crate::vocab::SeatKind;

const MAGIC: &[u8; 4] = b"CHEK";
/// The version this build writes.
pub const VERSION: u8 = 3;
const CRC32: Crc<u32> = Crc::<u32>::new(&CRC_32_ISO_HDLC);
const FIXED: usize = 1 + 1 + MAX_SEATS + 8;
/// The largest save file this build writes or reads: a game's journal of
/// [`crate::history::History::LIMIT`] decisions of at most [`MAX_STEP_TEXT`]
/// characters, two positions and the header fit with room to spare. A larger file is
/// refused before it is read.
pub const MAX_SAVE_BYTES: usize = 64 * 1024;
/// The longest text of one decision a journal keeps.
pub const MAX_STEP_TEXT: usize = 48;
/// The longest summary line.
pub const MAX_SUMMARY: usize = 80;
/// The most counters a game keeps for its records.
pub const MAX_COUNTERS: usize = 16;

/// A saved game: what the App knows of it, and the game's own bytes.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Saved {
    /// The game ([`crate::GameInfo::save_id`]).
    pub game: u8,
    /// Its variant.
    pub variant: u8,
    /// Who plays each seat.
    pub kinds: Kinds,
    /// The seed the game started with.
    pub seed: u64,
    /// One line for the title screen ("move 23 · South 7-5 North · vs CPU hard"); empty
    /// in saves older than version 3.
    pub summary: String,
    /// The game's own bytes of the position now.
    pub bytes: Vec<u8>,
    /// The game's own bytes of its screen beyond the position: what is held, where the
    /// view is (version 3; empty before).
    pub screen: Vec<u8>,
    /// The decisions since the kept start, for take-backs and an exact replay (version
    /// 3; `None` before).
    pub journal: Option<Journal>,
}

/// A game's decisions since a kept start, as a save holds them.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Journal {
    /// The game's own bytes of the kept start (the layout of [`Saved::bytes`]).
    pub start: Vec<u8>,
    /// Decisions folded into the start ([`crate::history::History::folded`]).
    pub folded: u32,
    /// Turns among them.
    pub folded_turns: u32,
    /// Whether anything was taken back.
    pub took_back: bool,
    /// Whether a hint was shown.
    pub assisted: bool,
    /// The game's counters for its records at the kept start.
    pub counters: Vec<u16>,
    /// The decisions: the seat, whether it began a turn, and its text.
    pub steps: Vec<JournalStep>,
}

/// One decision in a [`Journal`].
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct JournalStep {
    /// The seat that took it.
    pub seat: Seat,
    /// Whether it began the seat's turn.
    pub turn_start: bool,
    /// The decision in the game's notation.
    pub text: String,
}

/// Why a save could not be read. `Display` gives one line.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum SaveError {
    /// Shorter than its header and checksum.
    Truncated,
    /// Not a save of this cartridge.
    NotASave,
    /// Written by another version of the game.
    Version(u8),
    /// The bytes do not match their checksum.
    Checksum,
    /// A field is out of range; names it.
    Field(&'static str),
    /// The game it holds is not on this cartridge.
    Game(u8),
    /// Larger than any save (its size in bytes); not read.
    TooLarge(u64),
}

impl fmt::Display for SaveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SaveError::Truncated => f.write_str("save: the file is cut short"),
            SaveError::NotASave => f.write_str("save: not a save file of this game"),
            SaveError::Version(v) => {
                write!(f, "save: written by a version this build cannot read ({v}, expected 1 to {VERSION})")
            }
            SaveError::Checksum => f.write_str("save: the checksum does not match (the file is damaged)"),
            SaveError::Field(name) => write!(f, "save: bad {name}"),
            SaveError::Game(id) => write!(f, "save: holds game {id}, which this build does not have"),
            SaveError::TooLarge(size) => write!(f, "save: {} is too large for a save", crate::save::size_words(*size)),
        }
    }
}

/// A file size in words: "812 bytes", "48 KB", "50 MB".
pub fn size_words(bytes: u64) -> String {
    if bytes < 10_000 {
        alloc::format!("{bytes} bytes")
    } else if bytes < 10_000_000 {
        alloc::format!("{} KB", bytes / 1_000)
    } else {
        alloc::format!("{} MB", bytes / 1_000_000)
    }
}

/// Writes a length-prefixed field: the length in `width` bytes LE, then the bytes.
fn put(out: &mut Vec<u8>, width: usize, bytes: &[u8]) {
    out.extend_from_slice(&(bytes.len() as u32).to_le_bytes()[..width]);
    out.extend_from_slice(bytes);
}

impl Saved {
    /// The save's bytes (version 3). Fields too long for their length prefix are cut
    /// (a summary), or left out (a journal that would not fit [`MAX_SAVE_BYTES`]: the
    /// position now is always kept).
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut payload = Vec::with_capacity(FIXED + self.bytes.len() + 64);
        payload.push(self.game);
        payload.push(self.variant);
        payload.extend(self.kinds.values().iter().map(|k| k.code()));
        payload.extend_from_slice(&self.seed.to_le_bytes());
        let mut summary = self.summary.as_str();
        while summary.len() > MAX_SUMMARY {
            let mut cut = MAX_SUMMARY.min(summary.len() - 1);
            while !summary.is_char_boundary(cut) {
                cut -= 1;
            }
            summary = &summary[..cut];
        }
        put(&mut payload, 1, summary.as_bytes());
        put(&mut payload, 2, &self.bytes[..self.bytes.len().min(u16::MAX as usize)]);
        put(&mut payload, 1, &self.screen[..self.screen.len().min(u8::MAX as usize)]);
        let journal =
            self.journal.as_ref().map(journal_bytes).filter(|j| payload.len() + j.len() + 16 <= MAX_SAVE_BYTES);
        match journal {
            Some(journal) => {
                payload.push(1);
                payload.extend_from_slice(&journal);
            }
            None => payload.push(0),
        }

        let mut bytes = Vec::with_capacity(payload.len() + 13);
        bytes.extend_from_slice(MAGIC);
        bytes.push(VERSION);
        bytes.extend_from_slice(&(payload.len() as u32).to_le_bytes());
        bytes.extend_from_slice(&payload);
        let crc = CRC32.checksum(&bytes);
        bytes.extend_from_slice(&crc.to_le_bytes());
        bytes
    }

    /// Reads a save of version 3, 2, or 1 (Chek's).
    ///
    /// # Errors
    /// [`SaveError`] saying what is wrong; never panics.
    pub fn from_bytes(bytes: &[u8]) -> Result<Saved, SaveError> {
        if bytes.len() > MAX_SAVE_BYTES {
            return Err(SaveError::TooLarge(bytes.len() as u64));
        }
        if bytes.len() < 4 || &bytes[..4] != MAGIC {
            return Err(if bytes.len() < 4 && MAGIC.starts_with(bytes) {
                SaveError::Truncated
            } else {
                SaveError::NotASave
            });
        }
        let version = *bytes.get(4).ok_or(SaveError::Truncated)?;
        let width = match version {
            1 | 2 => 2,
            VERSION => 4,
            _ => return Err(SaveError::Version(version)),
        };
        let header = bytes.get(..5 + width).ok_or(SaveError::Truncated)?;
        let mut len = [0u8; 4];
        len[..width].copy_from_slice(&header[5..]);
        let body_end = (5 + width).saturating_add(u32::from_le_bytes(len) as usize);
        let crc_bytes = bytes.get(body_end..body_end + 4).ok_or(SaveError::Truncated)?;
        if bytes.len() != body_end + 4 {
            return Err(SaveError::Checksum);
        }
        let crc = u32::from_le_bytes([crc_bytes[0], crc_bytes[1], crc_bytes[2], crc_bytes[3]]);
        if CRC32.checksum(&bytes[..body_end]) != crc {
            return Err(SaveError::Checksum);
        }
        let payload = &bytes[5 + width..body_end];
        if version == 1 {
            return from_version_1(payload);
        }
        if payload.len() < FIXED {
            return Err(SaveError::Truncated);
        }
        let (head, rest) = payload.split_at(2 + MAX_SEATS);
        let mut saved =
            Saved { game: head[0], variant: head[1], kinds: kinds(&head[2..])?, seed: seed(rest)?, ..Saved::default() };
        let mut fields = Fields::new(&rest[8..]);
        if version == 2 {
            saved.bytes = fields.rest().to_vec();
            return Ok(saved);
        }
        let summary = fields.prefixed(1)?;
        saved.summary = String::from(core::str::from_utf8(summary).map_err(|_| SaveError::Field("summary"))?);
        saved.bytes = fields.prefixed(2)?.to_vec();
        saved.screen = fields.prefixed(1)?.to_vec();
        saved.journal = match fields.take(1)?[0] {
            0 => None,
            1 => Some(read_journal(&mut fields)?),
            _ => return Err(SaveError::Field("journal")),
        };
        if !fields.rest().is_empty() {
            return Err(SaveError::Field("the end of the file"));
        }
        Ok(saved)
    }
}

fn journal_bytes(journal: &Journal) -> Vec<u8> {
    let mut out = Vec::new();
    put(&mut out, 2, &journal.start[..journal.start.len().min(u16::MAX as usize)]);
    out.extend_from_slice(&journal.folded.to_le_bytes());
    out.extend_from_slice(&journal.folded_turns.to_le_bytes());
    // The game's marks: bit 0 taken back, bit 1 assisted (saves before hints wrote 0 or 1).
    out.push(journal.took_back as u8 | (journal.assisted as u8) << 1);
    let counters = &journal.counters[..journal.counters.len().min(MAX_COUNTERS)];
    out.push(counters.len() as u8);
    for c in counters {
        out.extend_from_slice(&c.to_le_bytes());
    }
    let steps: Vec<&JournalStep> = journal.steps.iter().filter(|s| s.text.len() <= MAX_STEP_TEXT).collect();
    out.extend_from_slice(&(steps.len().min(u16::MAX as usize) as u16).to_le_bytes());
    for step in steps.iter().take(u16::MAX as usize) {
        out.push(step.seat.byte() & 0x7f | (step.turn_start as u8) << 7);
        put(&mut out, 1, step.text.as_bytes());
    }
    out
}

fn read_journal(fields: &mut Fields<'_>) -> Result<Journal, SaveError> {
    let bad = SaveError::Field("journal");
    let start = fields.prefixed(2)?.to_vec();
    let word = |b: &[u8]| u32::from_le_bytes([b[0], b[1], b[2], b[3]]);
    let folded = word(fields.take(4)?);
    let folded_turns = word(fields.take(4)?);
    let marks = fields.take(1)?[0];
    if marks > 3 {
        return Err(bad);
    }
    let (took_back, assisted) = (marks & 1 != 0, marks & 2 != 0);
    let count = fields.take(1)?[0] as usize;
    if count > MAX_COUNTERS {
        return Err(bad);
    }
    let counters = fields.take(count * 2)?.chunks_exact(2).map(|c| u16::from_le_bytes([c[0], c[1]])).collect();
    let n = fields.take(2)?;
    let n = u16::from_le_bytes([n[0], n[1]]) as usize;
    let mut steps = Vec::with_capacity(n.min(crate::history::History::<u8>::LIMIT + 1));
    for _ in 0..n {
        let byte = fields.take(1)?[0];
        let text = core::str::from_utf8(fields.prefixed(1)?).map_err(|_| bad)?;
        let seat = Seat::from_byte(byte & 0x7f).filter(|_| text.len() <= MAX_STEP_TEXT).ok_or(bad)?;
        steps.push(JournalStep { seat, turn_start: byte & 0x80 != 0, text: String::from(text) });
    }
    Ok(Journal { start, folded, folded_turns, took_back, assisted, counters, steps })
}

/// Version 1: setup · kinds (4) · dice (48) · agreed · hand · seed (8) · text.
fn from_version_1(payload: &[u8]) -> Result<Saved, SaveError> {
    const DICE: usize = 48;
    let after_kinds = 1 + MAX_SEATS;
    let seed_at = after_kinds + DICE + 2;
    if payload.len() < seed_at + 8 {
        return Err(SaveError::Truncated);
    }
    let mut bytes = Vec::with_capacity(payload.len());
    bytes.push(payload[0]);
    bytes.extend_from_slice(&payload[after_kinds..seed_at]);
    bytes.extend_from_slice(&payload[seed_at + 8..]);
    Ok(Saved { kinds: kinds(&payload[1..])?, seed: seed(&payload[seed_at..])?, bytes, ..Saved::default() })
}

fn kinds(bytes: &[u8]) -> Result<Kinds, SaveError> {
    let mut kinds = SeatKind::PEOPLE;
    for (kind, &code) in kinds.values_mut().iter_mut().zip(bytes.get(..MAX_SEATS).ok_or(SaveError::Truncated)?) {
        *kind = SeatKind::from_code(code).ok_or(SaveError::Field("seat kind"))?;
    }
    Ok(kinds)
}

fn seed(bytes: &[u8]) -> Result<u64, SaveError> {
    let seed: [u8; 8] = bytes.get(..8).and_then(|b| b.try_into().ok()).ok_or(SaveError::Truncated)?;
    Ok(u64::from_le_bytes(seed))
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;
    use alloc::vec;

    fn sample() -> Saved {
        Saved {
            game: 3,
            variant: 1,
            kinds: chek_engine::PerSeat([
                SeatKind::Human,
                SeatKind::Cpu(chek_ai::Level::Hard),
                SeatKind::Human,
                SeatKind::Human,
            ]),
            seed: 0x1234_5678_9abc_def0,
            summary: "move 3 \u{b7} White 1-0 Blue".to_string(),
            bytes: vec![9, 8, 7, 6, 5],
            screen: vec![1, 2],
            journal: Some(Journal {
                start: vec![1, 2, 3],
                folded: 128,
                folded_turns: 64,
                took_back: true,
                assisted: true,
                counters: vec![7, 0, 65535],
                steps: vec![
                    JournalStep { seat: Seat::ALL[0], turn_start: true, text: "b2-b3".to_string() },
                    JournalStep { seat: Seat::ALL[1], turn_start: false, text: "g7xg6 +1".to_string() },
                ],
            }),
        }
    }

    /// The same save as version 2 wrote it: no summary, no journal.
    fn version_2(saved: &Saved) -> Vec<u8> {
        let mut payload = vec![saved.game, saved.variant];
        payload.extend(saved.kinds.values().iter().map(|k| k.code()));
        payload.extend_from_slice(&saved.seed.to_le_bytes());
        payload.extend_from_slice(&saved.bytes);
        let mut bytes = b"CHEK".to_vec();
        bytes.push(2);
        bytes.extend_from_slice(&(payload.len() as u16).to_le_bytes());
        bytes.extend_from_slice(&payload);
        let crc = CRC32.checksum(&bytes);
        bytes.extend_from_slice(&crc.to_le_bytes());
        bytes
    }

    #[test]
    fn a_save_reads_back() {
        let saved = sample();
        assert_eq!(Saved::from_bytes(&saved.to_bytes()), Ok(saved.clone()));
        let plain = Saved { journal: None, summary: String::new(), screen: vec![], ..saved };
        assert_eq!(Saved::from_bytes(&plain.to_bytes()), Ok(plain));
    }

    #[test]
    fn a_version_2_save_reads_without_a_journal() {
        let saved = sample();
        let back = Saved::from_bytes(&version_2(&saved)).unwrap();
        assert_eq!(back, Saved { journal: None, summary: String::new(), screen: vec![], ..saved });
    }

    #[test]
    fn every_damaged_byte_and_every_cut_is_caught() {
        for bytes in [sample().to_bytes(), version_2(&sample())] {
            for i in 0..bytes.len() {
                for flip in [0x01u8, 0x80, 0xff] {
                    let mut bad = bytes.clone();
                    bad[i] ^= flip;
                    assert!(Saved::from_bytes(&bad).is_err(), "byte {i} ^ {flip:#x}");
                }
            }
            for len in 0..bytes.len() {
                assert!(Saved::from_bytes(&bytes[..len]).is_err(), "cut at {len}");
            }
        }
    }

    #[test]
    fn a_file_larger_than_any_save_is_refused_unread() {
        let big = vec![0u8; MAX_SAVE_BYTES + 1];
        assert_eq!(Saved::from_bytes(&big), Err(SaveError::TooLarge(MAX_SAVE_BYTES as u64 + 1)));
        assert_eq!(SaveError::TooLarge(50_000_000).to_string(), "save: 50 MB is too large for a save");
    }

    #[test]
    fn a_journal_too_large_for_a_save_is_left_out_the_position_kept() {
        let mut saved = sample();
        let step = JournalStep { seat: Seat::ALL[0], turn_start: true, text: "x".repeat(MAX_STEP_TEXT) };
        saved.journal.as_mut().unwrap().steps = vec![step; 2_000];
        let bytes = saved.to_bytes();
        assert!(bytes.len() <= MAX_SAVE_BYTES);
        let back = Saved::from_bytes(&bytes).unwrap();
        assert_eq!((back.journal, back.bytes), (None, saved.bytes));
    }

    #[test]
    fn errors_say_what_is_wrong_in_one_line() {
        let mut bytes = sample().to_bytes();
        bytes[4] = 9;
        assert_eq!(
            Saved::from_bytes(&bytes).unwrap_err().to_string(),
            "save: written by a version this build cannot read (9, expected 1 to 3)"
        );
        assert_eq!(Saved::from_bytes(b"hello world").unwrap_err(), SaveError::NotASave);
        let mut bytes = sample().to_bytes();
        let n = bytes.len();
        bytes[n - 6] ^= 1;
        assert_eq!(Saved::from_bytes(&bytes).unwrap_err(), SaveError::Checksum);
    }
}

/// A game's save bytes read field by field, in order: a field that runs short is
/// [`SaveError::Truncated`]; the rest is left in [`Fields::rest`].
#[derive(Debug)]
pub struct Fields<'a>(&'a [u8]);

impl<'a> Fields<'a> {
    /// Reads `bytes` from the start.
    pub fn new(bytes: &'a [u8]) -> Fields<'a> {
        Fields(bytes)
    }

    /// The next `n` bytes.
    ///
    /// # Errors
    /// [`SaveError::Truncated`] if fewer are left.
    pub fn take(&mut self, n: usize) -> Result<&'a [u8], SaveError> {
        if self.0.len() < n {
            return Err(SaveError::Truncated);
        }
        let (head, rest) = self.0.split_at(n);
        self.0 = rest;
        Ok(head)
    }

    /// A field written with its length first, in `width` bytes LE (1 to 4).
    ///
    /// # Errors
    /// [`SaveError::Truncated`] if the length or the field runs short.
    pub fn prefixed(&mut self, width: usize) -> Result<&'a [u8], SaveError> {
        let mut len = [0u8; 4];
        len[..width.min(4)].copy_from_slice(self.take(width.min(4))?);
        self.take(u32::from_le_bytes(len) as usize)
    }

    /// Everything not yet read.
    pub fn rest(&self) -> &'a [u8] {
        self.0
    }
}
