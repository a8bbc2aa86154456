//! Where the desktop keeps the saved game and the settings: the user's data
//! directory, in the same formats the Playdate build writes.

use std::fs;
use std::path::PathBuf;

/// The save file's folder.
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

    /// The save file.
    pub fn path(&self) -> PathBuf {
        self.dir.join("save.bin")
    }

    /// The saved bytes, if there is a save.
    pub fn load(&self) -> Option<Vec<u8>> {
        fs::read(self.path()).ok()
    }

    /// Moves an unreadable save aside (`save.bad`, `save.bad.1`, …) so nothing the player
    /// had is overwritten. Returns where it went.
    pub fn keep_aside(&self) -> Result<PathBuf, String> {
        let mut target = self.dir.join("save.bad");
        let mut n = 1;
        while target.exists() {
            target = self.dir.join(format!("save.bad.{n}"));
            n += 1;
        }
        fs::rename(self.path(), &target).map_err(|e| format!("save: cannot keep the damaged save aside: {e}"))?;
        Ok(target)
    }

    /// The saved settings' bytes, if any.
    pub fn load_settings(&self) -> Option<Vec<u8>> {
        fs::read(self.dir.join("settings.bin")).ok()
    }

    /// Writes the settings (to a temporary file, then renamed over `settings.bin`).
    pub fn write_settings(&self, data: &[u8]) -> Result<(), String> {
        fs::create_dir_all(&self.dir).map_err(|e| format!("settings: {}: {e}", self.dir.display()))?;
        let tmp = self.dir.join("settings.tmp");
        fs::write(&tmp, data).map_err(|e| format!("settings: {}: {e}", tmp.display()))?;
        fs::rename(&tmp, self.dir.join("settings.bin")).map_err(|e| format!("settings: {e}"))
    }

    /// Writes `data` as the save (to a temporary file, then renamed over the save), or
    /// removes the save for `None`.
    pub fn write(&self, data: Option<&[u8]>) -> Result<(), String> {
        let Some(data) = data else {
            return match fs::remove_file(self.path()) {
                Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(format!("save: {e}")),
                _ => Ok(()),
            };
        };
        fs::create_dir_all(&self.dir).map_err(|e| format!("save: {}: {e}", self.dir.display()))?;
        let tmp = self.dir.join("save.tmp");
        fs::write(&tmp, data).map_err(|e| format!("save: {}: {e}", tmp.display()))?;
        fs::rename(&tmp, self.path()).map_err(|e| format!("save: {e}"))
    }
}
