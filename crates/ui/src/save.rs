//! The saved game: versioned, checksummed bytes that both the Playdate and the desktop
//! write.
//!
//! Layout: `CHEK` · version (1 byte) · payload length (2 bytes LE) · payload · CRC-32
//! of everything before it (4 bytes LE).
//!
//! Payload, version 2: game (1, [`crate::GameInfo::save_id`]) · variant (1) · seat
//! kinds (4) · seed (8) · the game's own bytes (the rest).
//!
//! Version 1 was Chek's alone: setup (1) · seat kinds (4) · dice state (48) · agreed
//! end (1) · hand square (1) · seed (8) · position text. It still loads: it reads as
//! game 0, variant 0, with setup · dice · agreed · hand · text as the game's bytes,
//! which is Chek's version-2 layout.

use alloc::vec::Vec;
use core::fmt;

use chek_engine::MAX_SEATS;
use crc::{Crc, CRC_32_ISO_HDLC};

use crate::catalog::SeatKind;

const MAGIC: &[u8; 4] = b"CHEK";
/// The version this build writes.
pub const VERSION: u8 = 2;
const CRC32: Crc<u32> = Crc::<u32>::new(&CRC_32_ISO_HDLC);
const FIXED: usize = 1 + 1 + MAX_SEATS + 8;

/// A saved game: what the App knows of it, and the game's own bytes.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Saved {
    /// The game ([`crate::GameInfo::save_id`]).
    pub game: u8,
    /// Its variant.
    pub variant: u8,
    /// Who plays each seat.
    pub kinds: [SeatKind; MAX_SEATS],
    /// The seed the game started with.
    pub seed: u64,
    /// The game's own bytes.
    pub bytes: Vec<u8>,
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
}

impl fmt::Display for SaveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SaveError::Truncated => f.write_str("save: the file is cut short"),
            SaveError::NotASave => f.write_str("save: not a save file of this game"),
            SaveError::Version(v) => {
                write!(f, "save: written by a version this build cannot read ({v}, expected 1 or {VERSION})")
            }
            SaveError::Checksum => f.write_str("save: the checksum does not match (the file is damaged)"),
            SaveError::Field(name) => write!(f, "save: bad {name}"),
            SaveError::Game(id) => write!(f, "save: holds game {id}, which this build does not have"),
        }
    }
}

impl Saved {
    /// The save's bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut payload = Vec::with_capacity(FIXED + self.bytes.len());
        payload.push(self.game);
        payload.push(self.variant);
        payload.extend(self.kinds.iter().map(|k| k.code()));
        payload.extend_from_slice(&self.seed.to_le_bytes());
        payload.extend_from_slice(&self.bytes);

        let mut bytes = Vec::with_capacity(payload.len() + 11);
        bytes.extend_from_slice(MAGIC);
        bytes.push(VERSION);
        bytes.extend_from_slice(&(payload.len() as u16).to_le_bytes());
        bytes.extend_from_slice(&payload);
        let crc = CRC32.checksum(&bytes);
        bytes.extend_from_slice(&crc.to_le_bytes());
        bytes
    }

    /// Reads a save of version 2, or of version 1 (Chek's).
    ///
    /// # Errors
    /// [`SaveError`] saying what is wrong; never panics.
    pub fn from_bytes(bytes: &[u8]) -> Result<Saved, SaveError> {
        if bytes.len() < 4 || &bytes[..4] != MAGIC {
            return Err(if bytes.len() < 4 && MAGIC.starts_with(bytes) {
                SaveError::Truncated
            } else {
                SaveError::NotASave
            });
        }
        let header = bytes.get(..7).ok_or(SaveError::Truncated)?;
        let version = header[4];
        if version != 1 && version != VERSION {
            return Err(SaveError::Version(version));
        }
        let len = u16::from_le_bytes([header[5], header[6]]) as usize;
        let body_end = 7 + len;
        let crc_bytes = bytes.get(body_end..body_end + 4).ok_or(SaveError::Truncated)?;
        if bytes.len() != body_end + 4 {
            return Err(SaveError::Checksum);
        }
        let crc = u32::from_le_bytes([crc_bytes[0], crc_bytes[1], crc_bytes[2], crc_bytes[3]]);
        if CRC32.checksum(&bytes[..body_end]) != crc {
            return Err(SaveError::Checksum);
        }
        let payload = &bytes[7..body_end];
        if version == 1 {
            return from_version_1(payload);
        }
        if payload.len() < FIXED {
            return Err(SaveError::Truncated);
        }
        let (head, rest) = payload.split_at(2 + MAX_SEATS);
        Ok(Saved {
            game: head[0],
            variant: head[1],
            kinds: kinds(&head[2..])?,
            seed: seed(rest)?,
            bytes: rest[8..].to_vec(),
        })
    }
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
    Ok(Saved { game: 0, variant: 0, kinds: kinds(&payload[1..])?, seed: seed(&payload[seed_at..])?, bytes })
}

fn kinds(bytes: &[u8]) -> Result<[SeatKind; MAX_SEATS], SaveError> {
    let mut kinds = [SeatKind::Human; MAX_SEATS];
    for (kind, &code) in kinds.iter_mut().zip(bytes.get(..MAX_SEATS).ok_or(SaveError::Truncated)?) {
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
            kinds: [SeatKind::Human, SeatKind::Cpu(chek_ai::Level::Hard), SeatKind::Human, SeatKind::Human],
            seed: 0x1234_5678_9abc_def0,
            bytes: vec![9, 8, 7, 6, 5],
        }
    }

    #[test]
    fn a_save_reads_back() {
        let saved = sample();
        assert_eq!(Saved::from_bytes(&saved.to_bytes()), Ok(saved));
    }

    #[test]
    fn every_damaged_byte_and_every_cut_is_caught() {
        let bytes = sample().to_bytes();
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

    #[test]
    fn errors_say_what_is_wrong_in_one_line() {
        let mut bytes = sample().to_bytes();
        bytes[4] = 9;
        assert_eq!(
            Saved::from_bytes(&bytes).unwrap_err().to_string(),
            "save: written by a version this build cannot read (9, expected 1 or 2)"
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

    /// Everything not yet read.
    pub fn rest(&self) -> &'a [u8] {
        self.0
    }
}
