//! The files the App keeps, and what a shell must do with them.
//!
//! The App decides every file: each game's save (`save-<id>.bin`), the records
//! (`records.bin`), the settings (`settings.bin`), and the single save of earlier
//! builds (`save.bin`), read once and moved into its game's place. A shell implements
//! [`Storage`] over its file system — a read bounded by a size it is told, a write that
//! replaces a file whole or not at all, a removal, and keeping a damaged file aside —
//! and calls [`crate::App::launch`] once and [`crate::App::flush`] after every update.

use alloc::collections::BTreeMap;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

/// The single save of builds before one save per game.
pub const LEGACY_SAVE: &str = "save.bin";
/// The records of wins, losses and draws.
pub const RECORDS: &str = "records.bin";
/// The settings (sound, the last game played).
pub const SETTINGS: &str = "settings.bin";
/// The largest settings file read.
pub const MAX_SETTINGS_BYTES: usize = 80;

/// The save file of the game whose id is `id`: `save-checkers.bin`.
pub fn save_file(id: &str) -> String {
    format!("save-{id}.bin")
}

/// The name a damaged file is kept under: `save-checkers.bin` → `save-checkers.bad`,
/// or with the first number that `taken` says is free (`save-checkers.bad1`, …).
pub fn aside_name(name: &str, taken: impl Fn(&str) -> bool) -> String {
    let stem = name.strip_suffix(".bin").unwrap_or(name);
    let base = format!("{stem}.bad");
    let mut target = base.clone();
    let mut n = 1;
    while taken(&target) {
        target = format!("{base}{n}");
        n += 1;
    }
    target
}

/// What a bounded read found.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Found {
    /// No such file.
    Missing,
    /// The file's bytes (at most the bound).
    Bytes(Vec<u8>),
    /// The file is larger than the bound (its size); nothing was read.
    TooLarge(u64),
}

/// A shell's files, as the App uses them.
pub trait Storage {
    /// The file `name`, if it is at most `max` bytes; a larger file is not read.
    fn read(&mut self, name: &str, max: usize) -> Found;

    /// Replaces `name` with `bytes` whole or not at all (a temporary file, its byte
    /// count checked, renamed over `name`).
    ///
    /// # Errors
    /// One line saying what failed.
    fn write(&mut self, name: &str, bytes: &[u8]) -> Result<(), String>;

    /// Removes `name` (nothing to do if it is missing).
    ///
    /// # Errors
    /// One line saying what failed.
    fn remove(&mut self, name: &str) -> Result<(), String>;

    /// Renames `name` to its [`aside_name`] (numbered if the name is taken), so that
    /// nothing is overwritten. Returns the name it was kept under.
    ///
    /// # Errors
    /// One line saying what failed.
    fn keep_aside(&mut self, name: &str) -> Result<String, String>;
}

/// Files in memory: for tests and tools.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct MemoryStorage {
    /// The files by name.
    pub files: BTreeMap<String, Vec<u8>>,
    /// Refuse every write (a full disk), to test what the App says.
    pub refuse_writes: bool,
}

impl MemoryStorage {
    /// No files.
    pub fn new() -> MemoryStorage {
        MemoryStorage::default()
    }
}

impl Storage for MemoryStorage {
    fn read(&mut self, name: &str, max: usize) -> Found {
        match self.files.get(name) {
            None => Found::Missing,
            Some(bytes) if bytes.len() > max => Found::TooLarge(bytes.len() as u64),
            Some(bytes) => Found::Bytes(bytes.clone()),
        }
    }

    fn write(&mut self, name: &str, bytes: &[u8]) -> Result<(), String> {
        if self.refuse_writes {
            return Err(format!("{name}: the disk is full"));
        }
        self.files.insert(String::from(name), bytes.to_vec());
        Ok(())
    }

    fn remove(&mut self, name: &str) -> Result<(), String> {
        self.files.remove(name);
        Ok(())
    }

    fn keep_aside(&mut self, name: &str) -> Result<String, String> {
        let bytes = self.files.remove(name).ok_or_else(|| format!("{name}: no such file"))?;
        let target = aside_name(name, |t| self.files.contains_key(t));
        self.files.insert(target.clone(), bytes);
        Ok(target)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn damaged_files_are_kept_aside_without_overwriting() {
        let mut store = MemoryStorage::new();
        store.write("save-chek.bin", b"one").unwrap();
        assert_eq!(store.keep_aside("save-chek.bin").unwrap(), "save-chek.bad");
        store.write("save-chek.bin", b"two").unwrap();
        assert_eq!(store.keep_aside("save-chek.bin").unwrap(), "save-chek.bad1");
        assert_eq!(store.files["save-chek.bad"], b"one");
        assert_eq!(store.read("save-chek.bad1", 2), Found::TooLarge(3));
        assert_eq!(store.read("save-chek.bin", 9), Found::Missing);
    }
}
