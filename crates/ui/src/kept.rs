//! The last finished games of each game, kept for review (`games.bin`): a game's save
//! as it stood when it ended, its journal holding every decision since its kept start.
//!
//! File layout: `KEPT` · version (1) · games (1) · each game: its length (2 LE) · a
//! save's bytes ([`crate::save::Saved::to_bytes`]) · CRC-32 of everything before it
//! (4 LE). At most [`PER_GAME`] games of each game are kept, oldest dropped first, and
//! a game's save of more than [`MAX_KEPT_GAME`] bytes is not kept, so the file stays
//! within [`MAX_KEPT_BYTES`].

use alloc::vec::Vec;
use core::fmt;

use crc::{Crc, CRC_32_ISO_HDLC};

use crate::save::Saved;

/// The kept games' file.
pub const KEPT: &str = "games.bin";
/// Finished games kept of each game.
pub const PER_GAME: usize = 10;
/// The most games of the cartridge the file holds room for.
pub const MAX_GAMES: usize = 8;
/// The largest finished game's save kept (a game of 1,000 decisions writes about
/// 12 KB).
pub const MAX_KEPT_GAME: usize = 16 * 1024;
/// The largest file: every game's ten at the largest.
pub const MAX_KEPT_BYTES: usize = 4 + 1 + 1 + MAX_GAMES * PER_GAME * (2 + MAX_KEPT_GAME) + 4;

const MAGIC: &[u8; 4] = b"KEPT";
const VERSION: u8 = 1;
const CRC32: Crc<u32> = Crc::<u32>::new(&CRC_32_ISO_HDLC);

/// What is wrong with a kept-games file.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum KeptError {
    /// Not a kept-games file, or of another version.
    NotKept,
    /// Cut short, or longer than its games.
    Length,
    /// Its checksum does not match.
    Checksum,
}

impl fmt::Display for KeptError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            KeptError::NotKept => "not a file of kept games",
            KeptError::Length => "cut short",
            KeptError::Checksum => "damaged (checksum)",
        })
    }
}

/// The finished games kept, oldest first, each a save's bytes and its game.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Kept {
    games: Vec<(u8, Vec<u8>)>,
}

impl Kept {
    /// Keeps a finished game's save: its game's oldest goes past [`PER_GAME`]. A save
    /// too large to keep, or one that does not read, is left out (returns false).
    pub fn add(&mut self, saved: &Saved) -> bool {
        let bytes = saved.to_bytes();
        if bytes.len() > MAX_KEPT_GAME {
            return false;
        }
        self.games.push((saved.game, bytes));
        while self.games.iter().filter(|(g, _)| *g == saved.game).count() > PER_GAME {
            if let Some(oldest) = self.games.iter().position(|(g, _)| *g == saved.game) {
                self.games.remove(oldest);
            }
        }
        self.games.truncate(MAX_GAMES * PER_GAME);
        true
    }

    /// Game `game`'s kept games, newest first.
    pub fn of_game(&self, game: u8) -> Vec<Saved> {
        self.games.iter().rev().filter(|(g, _)| *g == game).filter_map(|(_, b)| Saved::from_bytes(b).ok()).collect()
    }

    /// The file's bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::new();
        out.extend_from_slice(MAGIC);
        out.push(VERSION);
        out.push(self.games.len() as u8);
        for (_, bytes) in &self.games {
            out.extend_from_slice(&(bytes.len() as u16).to_le_bytes());
            out.extend_from_slice(bytes);
        }
        let crc = CRC32.checksum(&out);
        out.extend_from_slice(&crc.to_le_bytes());
        out
    }

    /// Reads a kept-games file.
    ///
    /// # Errors
    /// What is wrong, in one line; never panics.
    pub fn from_bytes(bytes: &[u8]) -> Result<Kept, KeptError> {
        if bytes.len() < 10 || &bytes[..4] != MAGIC || bytes[4] != VERSION {
            return Err(if bytes.len() < 10 && MAGIC.starts_with(&bytes[..bytes.len().min(4)]) {
                KeptError::Length
            } else {
                KeptError::NotKept
            });
        }
        let (body, crc) = bytes.split_at(bytes.len() - 4);
        if CRC32.checksum(body) != u32::from_le_bytes([crc[0], crc[1], crc[2], crc[3]]) {
            return Err(KeptError::Checksum);
        }
        let count = body[5] as usize;
        let mut rest = &body[6..];
        let mut games = Vec::with_capacity(count.min(MAX_GAMES * PER_GAME));
        for _ in 0..count {
            let (len, after) = rest.split_at_checked(2).ok_or(KeptError::Length)?;
            let len = u16::from_le_bytes([len[0], len[1]]) as usize;
            let (game, after) = after.split_at_checked(len).ok_or(KeptError::Length)?;
            // A game whose save no longer reads is dropped, not the file.
            if let Ok(saved) = Saved::from_bytes(game) {
                games.push((saved.game, game.to_vec()));
            }
            rest = after;
        }
        if !rest.is_empty() {
            return Err(KeptError::Length);
        }
        Ok(Kept { games })
    }

    /// The games kept, of every game.
    pub fn len(&self) -> usize {
        self.games.len()
    }

    /// Whether none is kept.
    pub fn is_empty(&self) -> bool {
        self.games.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec;

    fn saved(game: u8, n: u8) -> Saved {
        Saved { game, bytes: vec![n; 20], ..Saved::default() }
    }

    #[test]
    fn ten_of_each_game_are_kept_newest_first_and_read_back() {
        let mut kept = Kept::default();
        for n in 0..14 {
            assert!(kept.add(&saved(1, n)));
            assert!(kept.add(&saved(2, n)));
        }
        assert_eq!(kept.len(), 2 * PER_GAME);
        let ones = kept.of_game(1);
        assert_eq!(ones.len(), PER_GAME);
        assert_eq!((ones[0].bytes[0], ones[9].bytes[0]), (13, 4), "newest first, the oldest four gone");
        let bytes = kept.to_bytes();
        assert_eq!(Kept::from_bytes(&bytes), Ok(kept));
        for i in 0..bytes.len() {
            let mut bad = bytes.clone();
            bad[i] ^= 0x24;
            assert!(Kept::from_bytes(&bad).is_err(), "byte {i}");
        }
        for len in 0..bytes.len() {
            assert!(Kept::from_bytes(&bytes[..len]).is_err(), "cut at {len}");
        }
    }

    #[test]
    fn a_save_too_large_is_not_kept() {
        let mut kept = Kept::default();
        let big = Saved { game: 1, bytes: vec![0; MAX_KEPT_GAME], ..Saved::default() };
        assert!(!kept.add(&big));
        assert!(kept.is_empty());
    }
}
