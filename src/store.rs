//! The saved game and the settings in the Data folder, through the Playdate's file
//! API: written to a temporary file, its byte count checked, then renamed over
//! `save.bin` (`settings.bin`).

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use crankstart::file::FileSystem;
use crankstart_sys::FileOptions;

const SAVE: &str = "save.bin";
const TEMP: &str = "save.tmp";
const SETTINGS: &str = "settings.bin";
const SETTINGS_TEMP: &str = "settings.tmp";

/// The saved bytes, if there is a save.
pub fn load() -> Option<Vec<u8>> {
    read(SAVE)
}

/// The settings' bytes, if they were saved.
pub fn load_settings() -> Option<Vec<u8>> {
    read(SETTINGS)
}

/// Writes the settings.
pub fn write_settings(data: &[u8]) -> Result<(), String> {
    replace(SETTINGS_TEMP, SETTINGS, data)
}

fn read(name: &str) -> Option<Vec<u8>> {
    let files = FileSystem::get();
    let size = files.stat(name).ok()?.size as usize;
    let file = files.open(name, FileOptions::kFileReadData).ok()?;
    let mut bytes = alloc::vec![0; size];
    let mut done = 0;
    while done < size {
        match file.read(&mut bytes[done..]) {
            Ok(0) | Err(_) => break,
            Ok(n) => done += n,
        }
    }
    bytes.truncate(done);
    Some(bytes)
}

/// Writes the save, or removes it for `None`.
pub fn write(data: Option<&[u8]>) -> Result<(), String> {
    let files = FileSystem::get();
    let Some(data) = data else {
        if files.stat(SAVE).is_ok() {
            files.unlink(SAVE, false).map_err(|e| format!("save: {e}"))?;
        }
        return Ok(());
    };
    replace(TEMP, SAVE, data)
}

/// Writes `data` to `temp`, checks the count, and renames it over `name`.
fn replace(temp: &str, name: &str, data: &[u8]) -> Result<(), String> {
    let files = FileSystem::get();
    {
        let file = files.open(temp, FileOptions::kFileWrite).map_err(|e| format!("save: {e}"))?;
        let written = file.write(data).map_err(|e| format!("save: {e}"))?;
        if written != data.len() {
            return Err(format!("save: wrote {written} of {} bytes", data.len()));
        }
        file.flush().map_err(|e| format!("save: {e}"))?;
        // Closed here, when `file` is dropped.
    }
    files.rename(temp, name).map_err(|e| format!("save: {e}"))
}

/// Moves an unreadable save aside (`save.bad`, `save.bad1`, …) without overwriting an
/// earlier one.
pub fn keep_aside() -> Result<String, String> {
    let files = FileSystem::get();
    let mut name = String::from("save.bad");
    let mut n = 1;
    while files.stat(&name).is_ok() {
        name = format!("save.bad{n}");
        n += 1;
    }
    files.rename(SAVE, &name).map_err(|e| format!("save: cannot keep the damaged save aside: {e}"))?;
    Ok(name)
}
