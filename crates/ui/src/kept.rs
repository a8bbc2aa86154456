//! The last finished games of each game, kept for review (`games.bin`): a game's save
//! as it stood when it ended, its journal holding every decision since its kept start.
//!
//! File layout: `KEPT` · version (1) · games (1) · each game: its game's save id (1)
//! · its line for the list (length (1), UTF-8) · its save's length (2 LE) · the save's
//! bytes ([`crate::save::Saved::to_bytes`]) · CRC-32 of everything before it (4 LE).
//! The list's lines are read without reading any save: a save is read only when its
//! game is reviewed. At most [`PER_GAME`] games of each game are kept, oldest dropped first, and
//! a game's save of more than [`MAX_KEPT_GAME`] bytes is not kept, so the file stays
//! within [`MAX_KEPT_BYTES`].

use alloc::string::String;
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
pub const MAX_KEPT_BYTES: usize = 4 + 1 + 1 + MAX_GAMES * PER_GAME * (1 + 1 + MAX_LINE + 2 + MAX_KEPT_GAME) + 4;
/// The longest line a kept game shows in the list.
pub const MAX_LINE: usize = 80;

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

/// One finished game kept: its game (the save id), its line and its save's bytes.
#[derive(Clone, PartialEq, Eq, Debug)]
struct Game {
    game: u8,
    line: String,
    save: Vec<u8>,
}

/// The finished games kept, oldest first.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Kept {
    games: Vec<Game>,
}

impl Kept {
    /// Keeps a finished game's save, its summary the list's line: its game's oldest
    /// goes past [`PER_GAME`]. A save too large to keep is left out (returns false).
    pub fn add(&mut self, saved: &Saved) -> bool {
        let save = saved.to_bytes();
        if save.len() > MAX_KEPT_GAME {
            return false;
        }
        let mut line = saved.summary.clone();
        while line.len() > MAX_LINE {
            line.pop();
        }
        self.games.push(Game { game: saved.game, line, save });
        while self.games.iter().filter(|g| g.game == saved.game).count() > PER_GAME {
            if let Some(oldest) = self.games.iter().position(|g| g.game == saved.game) {
                self.games.remove(oldest);
            }
        }
        self.games.truncate(MAX_GAMES * PER_GAME);
        true
    }

    /// Game `game`'s kept games, newest first.
    fn of_game(&self, game: u8) -> impl Iterator<Item = &Game> {
        self.games.iter().rev().filter(move |g| g.game == game)
    }

    /// The lines of game `game`'s kept games, newest first.
    pub fn lines(&self, game: u8) -> Vec<&str> {
        self.of_game(game).map(|g| g.line.as_str()).collect()
    }

    /// The save of game `game`'s `n`-th kept game, newest first.
    ///
    /// # Errors
    /// What is wrong with the save (one from a build with another format), or that
    /// there is no such game.
    pub fn load(&self, game: u8, n: usize) -> Result<Saved, crate::save::SaveError> {
        let kept = self.of_game(game).nth(n).ok_or(crate::save::SaveError::Truncated)?;
        Saved::from_bytes(&kept.save)
    }

    /// The file's bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::new();
        out.extend_from_slice(MAGIC);
        out.push(VERSION);
        out.push(self.games.len() as u8);
        for g in &self.games {
            out.push(g.game);
            out.push(g.line.len() as u8);
            out.extend_from_slice(g.line.as_bytes());
            out.extend_from_slice(&(g.save.len() as u16).to_le_bytes());
            out.extend_from_slice(&g.save);
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
            let (&[game, line_len], after) = rest.split_first_chunk::<2>().ok_or(KeptError::Length)?;
            let (line, after) = after.split_at_checked(line_len as usize).ok_or(KeptError::Length)?;
            let line = core::str::from_utf8(line).map_err(|_| KeptError::Length)?;
            let (len, after) = after.split_first_chunk::<2>().ok_or(KeptError::Length)?;
            let (save, after) = after.split_at_checked(u16::from_le_bytes(*len) as usize).ok_or(KeptError::Length)?;
            games.push(Game { game, line: String::from(line), save: save.to_vec() });
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
        Saved { game, bytes: vec![n; 20], summary: alloc::format!("game {n}"), ..Saved::default() }
    }

    #[test]
    fn ten_of_each_game_are_kept_newest_first_and_read_back() {
        let mut kept = Kept::default();
        for n in 0..14 {
            assert!(kept.add(&saved(1, n)));
            assert!(kept.add(&saved(2, n)));
        }
        assert_eq!(kept.len(), 2 * PER_GAME);
        let ones = kept.lines(1);
        assert_eq!(ones.len(), PER_GAME);
        assert_eq!((ones[0], ones[9]), ("game 13", "game 4"), "newest first, the oldest four gone");
        assert_eq!(kept.load(1, 9).map(|s| s.bytes[0]), Ok(4));
        assert!(kept.load(1, 10).is_err());
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
