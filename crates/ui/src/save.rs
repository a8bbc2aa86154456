//! The saved game: versioned, checksummed bytes that both the Playdate and the desktop
//! write (C19: the dice state is in it).
//!
//! Layout: `CHEK` · version (1 byte) · payload length (2 bytes LE) · payload · CRC-32
//! of everything before it (4 bytes LE). Payload, version 1: setup (1) · seat kinds (4)
//! · dice state (48) · agreed end (1) · hand square (1) · seed (8) · position text
//! (the rest, in the rules' notation).

use alloc::string::ToString;
use alloc::vec::Vec;
use core::fmt;

use chek_rules::{DiceState, Game, Position, Setup, Square};
use crc::{Crc, CRC_32_ISO_HDLC};

use crate::app::SeatKind;

const MAGIC: &[u8; 4] = b"CHEK";
/// The version this build writes and reads.
pub const VERSION: u8 = 1;
const CRC32: Crc<u32> = Crc::<u32>::new(&CRC_32_ISO_HDLC);
const FIXED: usize = 1 + 4 + DiceState::LEN + 1 + 1 + 8;

/// A game as saved.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Saved {
    /// The setup it started from.
    pub setup: Setup,
    /// Who plays each seat.
    pub kinds: [SeatKind; 4],
    /// The game record (position, dice, agreement).
    pub game: Game,
    /// Where the hand was.
    pub hand: Square,
    /// The seed the game started with.
    pub seed: u64,
}

/// Why a save could not be read. `Display` gives one line.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum SaveError {
    /// Shorter than its header and checksum.
    Truncated,
    /// Not a Chek save.
    NotASave,
    /// Written by another version of the game.
    Version(u8),
    /// The bytes do not match their checksum.
    Checksum,
    /// A field is out of range; names it.
    Field(&'static str),
}

impl fmt::Display for SaveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SaveError::Truncated => f.write_str("save: the file is cut short"),
            SaveError::NotASave => f.write_str("save: not a Chek save file"),
            SaveError::Version(v) => {
                write!(f, "save: written by a version this build cannot read ({v}, expected {VERSION})")
            }
            SaveError::Checksum => f.write_str("save: the checksum does not match (the file is damaged)"),
            SaveError::Field(name) => write!(f, "save: bad {name}"),
        }
    }
}

impl Saved {
    /// The save's bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        let position = self.game.position().to_string();
        let mut payload = Vec::with_capacity(FIXED + position.len());
        payload.push(Setup::ALL.iter().position(|&s| s == self.setup).unwrap_or(0) as u8);
        payload.extend(self.kinds.iter().map(|k| k.code()));
        payload.extend_from_slice(&self.game.dice().to_bytes());
        payload.push(self.game.agreed_end() as u8);
        payload.push(self.hand.index());
        payload.extend_from_slice(&self.seed.to_le_bytes());
        payload.extend_from_slice(position.as_bytes());

        let mut bytes = Vec::with_capacity(payload.len() + 11);
        bytes.extend_from_slice(MAGIC);
        bytes.push(VERSION);
        bytes.extend_from_slice(&(payload.len() as u16).to_le_bytes());
        bytes.extend_from_slice(&payload);
        let crc = CRC32.checksum(&bytes);
        bytes.extend_from_slice(&crc.to_le_bytes());
        bytes
    }

    /// Reads a save.
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
        if header[4] != VERSION {
            return Err(SaveError::Version(header[4]));
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
        if payload.len() < FIXED {
            return Err(SaveError::Truncated);
        }
        let setup = *Setup::ALL.get(payload[0] as usize).ok_or(SaveError::Field("setup"))?;
        let mut kinds = [SeatKind::Human; 4];
        for (kind, &code) in kinds.iter_mut().zip(&payload[1..5]) {
            *kind = SeatKind::from_code(code).ok_or(SaveError::Field("seat kind"))?;
        }
        let mut dice = [0; DiceState::LEN];
        dice.copy_from_slice(&payload[5..5 + DiceState::LEN]);
        let rest = &payload[5 + DiceState::LEN..];
        let agreed = match rest[0] {
            0 => false,
            1 => true,
            _ => return Err(SaveError::Field("agreed end")),
        };
        let hand = Square::from_index(rest[1]).ok_or(SaveError::Field("hand square"))?;
        let mut seed = [0; 8];
        seed.copy_from_slice(&rest[2..10]);
        let text = core::str::from_utf8(&rest[10..]).map_err(|_| SaveError::Field("position"))?;
        let position: Position = text.parse().map_err(|_| SaveError::Field("position"))?;
        if position.seating() != setup.seating() {
            return Err(SaveError::Field("position"));
        }
        Ok(Saved {
            setup,
            kinds,
            game: Game::from_parts(position, DiceState::from_bytes(&dice), agreed),
            hand,
            seed: u64::from_le_bytes(seed),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Saved {
        let mut game = Game::new(Setup::Duel.start(), 5);
        let first = game.position().legal_actions()[0];
        game.play(first).unwrap();
        Saved { setup: Setup::Duel, kinds: [SeatKind::Human; 4], game, hand: Square::new(3, 3).unwrap(), seed: 5 }
    }

    #[test]
    fn a_save_reads_back_with_its_dice() {
        let saved = sample();
        let back = Saved::from_bytes(&saved.to_bytes()).unwrap();
        assert_eq!(back, saved);
        assert_eq!(back.game.dice(), saved.game.dice());
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
            "save: written by a version this build cannot read (9, expected 1)"
        );
        assert_eq!(Saved::from_bytes(b"hello world").unwrap_err(), SaveError::NotASave);
        let mut bytes = sample().to_bytes();
        let n = bytes.len();
        bytes[n - 10] ^= 1;
        assert_eq!(Saved::from_bytes(&bytes).unwrap_err(), SaveError::Checksum);
    }
}
