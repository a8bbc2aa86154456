//! The saved game in the Data folder, through the Playdate's file API: written to
//! `save.tmp`, its byte count checked, then renamed over `save.bin`.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use crankstart::file::FileSystem;
use crankstart_sys::FileOptions;

const SAVE: &str = "save.bin";
const TEMP: &str = "save.tmp";

/// The saved bytes, if there is a save.
pub fn load() -> Option<Vec<u8>> {
    let files = FileSystem::get();
    let size = files.stat(SAVE).ok()?.size as usize;
    let file = files.open(SAVE, FileOptions::kFileReadData).ok()?;
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
    {
        let file = files.open(TEMP, FileOptions::kFileWrite).map_err(|e| format!("save: {e}"))?;
        let written = file.write(data).map_err(|e| format!("save: {e}"))?;
        if written != data.len() {
            return Err(format!("save: wrote {written} of {} bytes", data.len()));
        }
        file.flush().map_err(|e| format!("save: {e}"))?;
        // Closed here, when `file` is dropped.
    }
    files.rename(TEMP, SAVE).map_err(|e| format!("save: {e}"))
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
