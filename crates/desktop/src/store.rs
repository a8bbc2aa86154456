//! Where the desktop keeps the App's files (a save per game, the records, the
//! settings): the user's data directory, in the same formats the Playdate build writes.

use std::fs;
use std::io::Read;
use std::path::PathBuf;

use chek_ui::store::{aside_name, Found, Storage};

/// The folder of the App's files.
#[derive(Clone, Debug)]
pub struct Store {
    dir: PathBuf,
}

impl Store {
    /// The user's data directory for Chek (`CHEK_DATA_DIR` overrides it).
    pub fn user() -> Result<Store, String> {
        if let Some(dir) = std::env::var_os("CHEK_DATA_DIR") {
            return Ok(Store { dir: PathBuf::from(dir) });
        }
        let dirs = directories::ProjectDirs::from("", "", "chek")
            .ok_or("save: cannot find the user's data directory (set CHEK_DATA_DIR)")?;
        Ok(Store { dir: dirs.data_dir().to_path_buf() })
    }

    /// A store in `dir`.
    pub fn at(dir: impl Into<PathBuf>) -> Store {
        Store { dir: dir.into() }
    }

    /// The path of the file `name`.
    pub fn path(&self, name: &str) -> PathBuf {
        self.dir.join(name)
    }
}

impl Storage for Store {
    /// Reads at most `max` bytes: a larger file is refused by its size, unread.
    fn read(&mut self, name: &str, max: usize) -> Found {
        let path = self.path(name);
        let Ok(meta) = fs::metadata(&path) else { return Found::Missing };
        if meta.len() > max as u64 {
            return Found::TooLarge(meta.len());
        }
        let Ok(file) = fs::File::open(&path) else { return Found::Missing };
        // Read no further than the bound, even if the file grew since.
        let mut bytes = Vec::with_capacity(meta.len() as usize);
        match file.take(max as u64 + 1).read_to_end(&mut bytes) {
            Ok(_) if bytes.len() > max => Found::TooLarge(bytes.len() as u64),
            Ok(_) => Found::Bytes(bytes),
            Err(_) => Found::Missing,
        }
    }

    fn write(&mut self, name: &str, bytes: &[u8]) -> Result<(), String> {
        fs::create_dir_all(&self.dir).map_err(|e| format!("{}: {e}", self.dir.display()))?;
        let stem = name.strip_suffix(".bin").unwrap_or(name);
        let tmp = self.path(&format!("{stem}.tmp"));
        fs::write(&tmp, bytes).map_err(|e| format!("{}: {e}", tmp.display()))?;
        fs::rename(&tmp, self.path(name)).map_err(|e| format!("{name}: {e}"))
    }

    fn remove(&mut self, name: &str) -> Result<(), String> {
        match fs::remove_file(self.path(name)) {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(format!("{name}: {e}")),
            _ => Ok(()),
        }
    }

    fn keep_aside(&mut self, name: &str) -> Result<String, String> {
        let target = aside_name(name, |t| self.path(t).exists());
        fs::rename(self.path(name), self.path(&target)).map_err(|e| format!("{name}: cannot keep it aside: {e}"))?;
        Ok(target)
    }
}
