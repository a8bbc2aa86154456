//! The App's files in the Data folder, through the Playdate's file API: reads bounded
//! by the size the App gives (a larger file is never read), writes to a temporary
//! file whose byte count is checked before it is renamed over the file, and damaged
//! files kept aside under a name no other file has.

use alloc::format;
use alloc::string::String;

use chek_ui::store::{aside_name, Found, Storage};
use crankstart::file::FileSystem;
use crankstart_sys::FileOptions;

/// The Data folder, as the App's [`Storage`].
#[derive(Debug, Default)]
pub struct DataFolder;

impl Storage for DataFolder {
    fn read(&mut self, name: &str, max: usize) -> Found {
        let files = FileSystem::get();
        let Ok(stat) = files.stat(name) else { return Found::Missing };
        let size = stat.size as usize;
        if size > max {
            return Found::TooLarge(stat.size as u64);
        }
        let Ok(file) = files.open(name, FileOptions::kFileReadData) else { return Found::Missing };
        let mut bytes = alloc::vec![0; size];
        let mut done = 0;
        while done < size {
            match file.read(&mut bytes[done..]) {
                Ok(0) | Err(_) => break,
                Ok(n) => done += n,
            }
        }
        bytes.truncate(done);
        Found::Bytes(bytes)
    }

    fn write(&mut self, name: &str, bytes: &[u8]) -> Result<(), String> {
        let files = FileSystem::get();
        let temp = temp_name(name);
        {
            let file = files.open(&temp, FileOptions::kFileWrite).map_err(|e| format!("{name}: {e}"))?;
            let written = file.write(bytes).map_err(|e| format!("{name}: {e}"))?;
            if written != bytes.len() {
                return Err(format!("{name}: wrote {written} of {} bytes", bytes.len()));
            }
            file.flush().map_err(|e| format!("{name}: {e}"))?;
            // Closed here, when `file` is dropped.
        }
        files.rename(&temp, name).map_err(|e| format!("{name}: {e}"))
    }

    fn remove(&mut self, name: &str) -> Result<(), String> {
        let files = FileSystem::get();
        if files.stat(name).is_ok() {
            files.unlink(name, false).map_err(|e| format!("{name}: {e}"))?;
        }
        Ok(())
    }

    fn keep_aside(&mut self, name: &str) -> Result<String, String> {
        let files = FileSystem::get();
        let target = aside_name(name, |t| files.stat(t).is_ok());
        files.rename(name, &target).map_err(|e| format!("{name}: cannot keep it aside: {e}"))?;
        Ok(target)
    }
}

/// The temporary file a write goes to first: `save-chek.bin` → `save-chek.tmp`.
fn temp_name(name: &str) -> String {
    let stem = name.strip_suffix(".bin").unwrap_or(name);
    let mut temp = String::from(stem);
    temp.push_str(".tmp");
    temp
}
