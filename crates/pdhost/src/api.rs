//! The API functions, one method each, on plain values: what each does is written
//! once here for both ways in. A way in turns the game's arguments (pointers, C
//! strings, registers) into these values and the results back.

use std::fs::{File, OpenOptions};
use std::io::{Read, Write};
use std::path::PathBuf;

use crate::{Callback, Console, PlayedNote, FRAME_BYTES};

/// `FileOptions`' bits.
const FILE_READ: u32 = 1;
const FILE_READ_DATA: u32 = 2;
const FILE_WRITE: u32 = 4;
const FILE_APPEND: u32 = 8;

/// A file's size and kind, as `stat` reports them.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Stat {
    /// Whether it is a folder.
    pub is_dir: bool,
    /// Its size in bytes.
    pub size: u32,
}

impl Console {
    // -------------------------------------------------------------- system

    /// `realloc` on the console's heap. An address the heap never gave out is a
    /// defect in the game: it panics with the address.
    pub fn realloc(&mut self, ptr: u64, size: u64) -> crate::Grant {
        self.count("realloc");
        self.heap.realloc(ptr, size).unwrap_or_else(|e| panic!("the game's heap: {e}"))
    }

    /// `logToConsole`: the game must pass its text through the format "%s".
    pub fn log_to_console(&mut self, format: &str, text: &str) {
        self.count("logToConsole");
        assert_eq!(format, "%s", "logToConsole's format is \"%s\", the text its argument");
        eprintln!("[game] {text}");
        self.log.push(text.to_string());
    }

    /// `error`: logged, as the Simulator shows it.
    pub fn error(&mut self, text: &str) {
        self.count("error");
        eprintln!("[game error] {text}");
        self.log.push(format!("error: {text}"));
    }

    /// The clock: the frame's time, plus `clock_tick_ms` more for every earlier
    /// reading in the same frame (a slow device, as the game's time-bounded CPU slices
    /// see it; the frame's first reading, its time for animations, is unchanged).
    pub fn current_time_ms(&mut self) -> u32 {
        self.count("getCurrentTimeMilliseconds");
        let now = self.now_ms + self.clock_tick_ms * self.clock_reads;
        self.clock_reads += 1;
        now
    }

    /// `getSecondsSinceEpoch`: seconds and milliseconds.
    pub fn seconds_since_epoch(&mut self) -> (u32, u32) {
        self.count("getSecondsSinceEpoch");
        self.epoch
    }

    /// `setUpdateCallback`.
    pub fn set_update_callback(&mut self, function: u64, userdata: u64) {
        self.count("setUpdateCallback");
        self.update = (function != 0).then_some(Callback { function, userdata });
    }

    /// `getButtonState`: held, pushed, released.
    pub fn button_state(&mut self) -> (u32, u32, u32) {
        self.count("getButtonState");
        (self.held, self.pushed, self.released)
    }

    /// `getCrankChange`: the degrees since the last reading.
    pub fn crank_change(&mut self) -> f32 {
        self.count("getCrankChange");
        std::mem::take(&mut self.crank_change)
    }

    /// `getCrankAngle`.
    pub fn crank_angle(&mut self) -> f32 {
        self.count("getCrankAngle");
        0.0
    }

    /// `isCrankDocked`.
    pub fn is_crank_docked(&mut self) -> i32 {
        self.count("isCrankDocked");
        self.crank_docked as i32
    }

    /// `getFlipped`: the Upside Down setting.
    pub fn get_flipped(&mut self) -> i32 {
        self.count("getFlipped");
        self.flipped as i32
    }

    /// `setAutoLockDisabled`.
    pub fn set_auto_lock_disabled(&mut self, disable: bool) {
        self.count("setAutoLockDisabled");
        self.auto_lock_disabled.push(disable);
    }

    /// `getReduceFlashing`.
    pub fn get_reduce_flashing(&mut self) -> i32 {
        self.count("getReduceFlashing");
        self.reduce_flashing as i32
    }

    /// `addMenuItem`: the item's handle (1, 2, …).
    pub fn add_menu_item(&mut self, title: &str, function: u64, userdata: u64) -> u64 {
        self.count("addMenuItem");
        let callback = (function != 0).then_some(Callback { function, userdata });
        self.menu_items.push((title.to_string(), callback));
        self.menu_items.len() as u64
    }

    /// `removeAllMenuItems`.
    pub fn remove_all_menu_items(&mut self) {
        self.count("removeAllMenuItems");
        self.menu_items.clear();
    }

    /// `setMenuImage` with a bitmap's handle.
    pub fn set_menu_image(&mut self, bitmap: u64) {
        self.count("setMenuImage");
        assert!(bitmap != 0 && bitmap as usize <= self.bitmaps.len(), "setMenuImage of a bitmap the game made");
        self.menu_images += 1;
    }

    // -------------------------------------------------------------- graphics

    /// `getFrame` (the way in gives the game the buffer's address).
    pub fn get_frame(&mut self) -> &mut [u8; FRAME_BYTES] {
        self.count("getFrame");
        &mut self.frame
    }

    /// `markUpdatedRows`.
    pub fn mark_updated_rows(&mut self, start: i32, end: i32) {
        self.count("markUpdatedRows");
        assert!(0 <= start && start <= end && end < 240, "rows {start}..={end}");
        self.marked.push((start, end));
    }

    /// `display`.
    pub fn display(&mut self) {
        self.count("display");
    }

    /// `newBitmap` (400×240, white): its handle (1, 2, …).
    pub fn new_bitmap(&mut self, width: i32, height: i32) -> u64 {
        self.count("newBitmap");
        assert_eq!((width, height), (400, 240));
        self.bitmaps.push(Box::new([0xff; FRAME_BYTES]));
        self.bitmaps.len() as u64
    }

    /// `freeBitmap`.
    pub fn free_bitmap(&mut self) {
        self.count("freeBitmap");
    }

    /// `getBitmapData`: width, height and row bytes of the bitmap `handle` (the way in
    /// gives the game its pixels' address).
    pub fn bitmap_data(&mut self, handle: u64) -> (i32, i32, i32) {
        self.count("getBitmapData");
        assert!(handle != 0 && handle as usize <= self.bitmaps.len(), "getBitmapData of a bitmap the game made");
        (400, 240, crate::ROW_BYTES as i32)
    }

    // -------------------------------------------------------------- files

    fn path(&self, name: &str) -> PathBuf {
        assert!(!name.contains(".."), "the game stays in its Data folder");
        self.data.join(name)
    }

    /// `geterr`.
    pub fn geterr(&mut self) -> &'static str {
        self.count("geterr");
        "host file error"
    }

    /// `open`: a handle, or 0.
    pub fn open(&mut self, name: &str, mode: u32) -> u64 {
        self.count("open");
        let path = self.path(name);
        let file = if mode & FILE_WRITE != 0 {
            File::create(&path)
        } else if mode & FILE_APPEND != 0 {
            OpenOptions::new().append(true).create(true).open(&path)
        } else {
            debug_assert!(mode & (FILE_READ | FILE_READ_DATA) != 0);
            File::open(&path)
        };
        match file {
            Ok(file) => {
                self.next_file += 1;
                self.files.insert(self.next_file, file);
                self.next_file as u64
            }
            Err(_) => 0,
        }
    }

    /// `close`.
    pub fn close(&mut self, handle: u64) -> i32 {
        self.count("close");
        if self.files.remove(&(handle as usize)).is_some() {
            0
        } else {
            -1
        }
    }

    /// `read` into `buf`: the bytes read, or -1.
    pub fn read(&mut self, handle: u64, buf: &mut [u8]) -> i32 {
        self.count("read");
        let Some(file) = self.files.get_mut(&(handle as usize)) else {
            return -1;
        };
        let n = file.read(buf).map_or(-1, |n| n as i32);
        self.bytes_read += n.max(0) as u64;
        n
    }

    /// `write` of `buf`: the bytes written, or -1.
    pub fn write(&mut self, handle: u64, buf: &[u8]) -> i32 {
        self.count("write");
        let Some(file) = self.files.get_mut(&(handle as usize)) else {
            return -1;
        };
        file.write(buf).map_or(-1, |n| n as i32)
    }

    /// `flush`.
    pub fn flush(&mut self, handle: u64) -> i32 {
        self.count("flush");
        let Some(file) = self.files.get_mut(&(handle as usize)) else {
            return -1;
        };
        file.flush().map_or(-1, |_| 0)
    }

    /// `stat`.
    pub fn stat(&mut self, name: &str) -> Option<Stat> {
        self.count("stat");
        let meta = std::fs::metadata(self.path(name)).ok()?;
        Some(Stat { is_dir: meta.is_dir(), size: meta.len() as u32 })
    }

    /// `rename`.
    pub fn rename(&mut self, from: &str, to: &str) -> i32 {
        self.count("rename");
        std::fs::rename(self.path(from), self.path(to)).map_or(-1, |_| 0)
    }

    /// `unlink`.
    pub fn unlink(&mut self, name: &str) -> i32 {
        self.count("unlink");
        std::fs::remove_file(self.path(name)).map_or(-1, |_| 0)
    }

    /// `mkdir`.
    pub fn mkdir(&mut self, name: &str) -> i32 {
        self.count("mkdir");
        std::fs::create_dir_all(self.path(name)).map_or(-1, |_| 0)
    }

    // -------------------------------------------------------------- sound

    /// `newSynth`: a distinct non-zero handle per voice (never dereferenced).
    pub fn new_synth(&mut self) -> u64 {
        self.count("newSynth");
        self.synths += 1;
        (self.synths * 16) as u64
    }

    /// `setWaveform`.
    pub fn set_waveform(&mut self, synth: u64, wave: u32) {
        self.count("setWaveform");
        self.waveforms.insert(synth as usize / 16, wave);
    }

    /// The envelope's setters (attack, decay, sustain, release).
    pub fn set_envelope(&mut self) {
        self.count("setEnvelope");
    }

    /// `playNote`.
    pub fn play_note(&mut self, synth: u64, hz: f32, volume: f32, seconds: f32, when: u32) {
        self.count("playNote");
        let voice = synth as usize / 16;
        let wave = self.waveforms.get(&voice).copied().unwrap_or(u32::MAX);
        self.notes.push(PlayedNote { voice, wave, hz, volume, seconds, when });
    }

    /// The sound engine's clock: 44.1 samples a millisecond of the host's time.
    pub fn sound_time(&mut self) -> u32 {
        self.count("getCurrentTime");
        self.now_ms * 44 + self.now_ms / 10
    }
}
