//! The C API the game calls, backed by plain Rust: the system (clock, input, menu,
//! log), graphics (the frame buffer, bitmaps), files in the scenario's Data folder, and
//! the sound synth, each recording what the game did in the host's [`State`].

#![allow(clippy::missing_safety_doc)]

use std::ffi::{c_char, c_int, c_uint, c_void, CStr};
use std::fs::File;
use std::io::{Read, Write};
use std::mem::zeroed;
use std::path::PathBuf;

use crankstart_sys::*;

use super::{state, PlayedNote, FRAME_BYTES, ROW_BYTES};

fn count(name: &'static str) {
    *state().calls.entry(name).or_default() += 1;
}

fn path(name: *const c_char) -> PathBuf {
    let name = unsafe { CStr::from_ptr(name) }.to_string_lossy().into_owned();
    assert!(!name.contains(".."), "the game stays in its Data folder");
    state().data.join(name)
}

// ------------------------------------------------------------------ system

extern "C" {
    #[link_name = "realloc"]
    fn libc_realloc(ptr: *mut c_void, size: usize) -> *mut c_void;
    #[link_name = "free"]
    fn libc_free(ptr: *mut c_void);
}

pub(super) unsafe extern "C" fn realloc(ptr: *mut c_void, size: usize) -> *mut c_void {
    if size == 0 {
        libc_free(ptr);
        return std::ptr::null_mut();
    }
    libc_realloc(ptr, size)
}

pub(super) unsafe extern "C" fn new_synth() -> *mut PDSynth {
    count("newSynth");
    let s = state();
    s.synths += 1;
    // A distinct non-null handle per voice (never dereferenced).
    (s.synths * 16) as *mut PDSynth
}

pub(super) unsafe extern "C" fn set_waveform(synth: *mut PDSynth, wave: SoundWaveform) {
    count("setWaveform");
    state().waveforms.insert(synth as usize / 16, wave as u32);
}

pub(super) unsafe extern "C" fn set_synth_time(_synth: *mut PDSynth, _value: f32) {
    count("setEnvelope");
}

pub(super) unsafe extern "C" fn play_note(synth: *mut PDSynth, hz: f32, volume: f32, seconds: f32, when: u32) {
    count("playNote");
    let s = state();
    let voice = synth as usize / 16;
    let wave = s.waveforms.get(&voice).copied().unwrap_or(u32::MAX);
    s.notes.push(PlayedNote { voice, wave, hz, volume, seconds, when });
}

/// The sound engine's clock: 44.1 samples a millisecond of the host's time.
pub(super) unsafe extern "C" fn get_sound_time() -> u32 {
    count("getCurrentTime");
    state().now_ms * 44 + state().now_ms / 10
}

/// The console log takes a printf format: the game must pass its text through "%s"
/// (text with a `%` in it would otherwise be read as directives).
pub(super) unsafe extern "C" fn log_to_console(fmt: *const c_char, mut args: ...) {
    count("logToConsole");
    let format = CStr::from_ptr(fmt).to_string_lossy().into_owned();
    assert_eq!(format, "%s", "logToConsole's format is \"%s\", the text its argument");
    let text = CStr::from_ptr(args.next_arg::<*const c_char>()).to_string_lossy().into_owned();
    eprintln!("[game] {text}");
    state().log.push(text);
}

pub(super) unsafe extern "C" fn error(fmt: *const c_char, _args: ...) {
    count("error");
    let text = CStr::from_ptr(fmt).to_string_lossy().into_owned();
    eprintln!("[game error] {text}");
    state().log.push(format!("error: {text}"));
}

/// The clock: the frame's time, plus `clock_tick_ms` more for every earlier reading
/// in the same frame (a slow device, as the game's time-bounded CPU slices see it;
/// the frame's first reading, its time for animations, is unchanged).
pub(super) unsafe extern "C" fn get_current_time_milliseconds() -> c_uint {
    count("getCurrentTimeMilliseconds");
    let s = state();
    let now = s.now_ms + s.clock_tick_ms * s.clock_reads;
    s.clock_reads += 1;
    now
}

pub(super) unsafe extern "C" fn get_seconds_since_epoch(ms: *mut c_uint) -> c_uint {
    count("getSecondsSinceEpoch");
    if !ms.is_null() {
        *ms = state().epoch.1;
    }
    state().epoch.0
}

pub(super) unsafe extern "C" fn set_update_callback(update: PDCallbackFunction, userdata: *mut c_void) {
    count("setUpdateCallback");
    state().update = update;
    state().update_userdata = userdata;
}

pub(super) unsafe extern "C" fn get_button_state(
    current: *mut PDButtons,
    pushed: *mut PDButtons,
    released: *mut PDButtons,
) {
    count("getButtonState");
    let s = state();
    for (out, value) in [(current, s.held), (pushed, s.pushed), (released, s.released)] {
        if !out.is_null() {
            *out = PDButtons(value);
        }
    }
}

pub(super) unsafe extern "C" fn get_crank_change() -> f32 {
    count("getCrankChange");
    std::mem::take(&mut state().crank_change)
}

pub(super) unsafe extern "C" fn get_crank_angle() -> f32 {
    count("getCrankAngle");
    0.0
}

pub(super) unsafe extern "C" fn is_crank_docked() -> c_int {
    count("isCrankDocked");
    state().crank_docked as c_int
}

pub(super) unsafe extern "C" fn get_flipped() -> c_int {
    count("getFlipped");
    0
}

pub(super) unsafe extern "C" fn set_auto_lock_disabled(disable: c_int) {
    count("setAutoLockDisabled");
    state().auto_lock_disabled.push(disable != 0);
}

pub(super) unsafe extern "C" fn get_reduce_flashing() -> c_int {
    count("getReduceFlashing");
    state().reduce_flashing as c_int
}

pub(super) unsafe extern "C" fn add_menu_item(
    title: *const c_char,
    callback: PDMenuItemCallbackFunction,
    userdata: *mut c_void,
) -> *mut PDMenuItem {
    count("addMenuItem");
    let title = CStr::from_ptr(title).to_string_lossy().into_owned();
    state().menu_items.push((title, callback, userdata));
    state().menu_items.len() as *mut PDMenuItem
}

pub(super) unsafe extern "C" fn remove_all_menu_items() {
    count("removeAllMenuItems");
    state().menu_items.clear();
}

pub(super) unsafe extern "C" fn set_menu_image(bitmap: *mut LCDBitmap, _x_offset: c_int) {
    count("setMenuImage");
    assert!(!bitmap.is_null());
    state().menu_images += 1;
}

// ------------------------------------------------------------------ graphics

pub(super) unsafe extern "C" fn get_frame() -> *mut u8 {
    count("getFrame");
    state().frame.as_mut_ptr()
}

pub(super) unsafe extern "C" fn mark_updated_rows(start: c_int, end: c_int) {
    count("markUpdatedRows");
    assert!(0 <= start && start <= end && end < 240, "rows {start}..={end}");
    state().marked.push((start, end));
}

pub(super) unsafe extern "C" fn display() {
    count("display");
}

pub(super) unsafe extern "C" fn new_bitmap(width: c_int, height: c_int, _bg: LCDColor) -> *mut LCDBitmap {
    count("newBitmap");
    assert_eq!((width, height), (400, 240));
    state().bitmaps.push(Box::new([0xff; FRAME_BYTES]));
    state().bitmaps.len() as *mut LCDBitmap
}

pub(super) unsafe extern "C" fn free_bitmap(_bitmap: *mut LCDBitmap) {
    count("freeBitmap");
}

pub(super) unsafe extern "C" fn get_bitmap_data(
    bitmap: *mut LCDBitmap,
    width: *mut c_int,
    height: *mut c_int,
    rowbytes: *mut c_int,
    mask: *mut *mut u8,
    data: *mut *mut u8,
) {
    count("getBitmapData");
    let index = bitmap as usize - 1;
    let pixels = state().bitmaps[index].as_mut_ptr();
    for (out, value) in [(width, 400), (height, 240), (rowbytes, ROW_BYTES as c_int)] {
        if !out.is_null() {
            *out = value;
        }
    }
    if !mask.is_null() {
        *mask = std::ptr::null_mut();
    }
    if !data.is_null() {
        *data = pixels;
    }
}

// ------------------------------------------------------------------ files

pub(super) unsafe extern "C" fn geterr() -> *const c_char {
    count("geterr");
    c"host file error".as_ptr()
}

pub(super) unsafe extern "C" fn open(name: *const c_char, mode: FileOptions) -> *mut SDFile {
    count("open");
    let path = path(name);
    let file = if mode.0 & FileOptions::kFileWrite.0 != 0 {
        File::create(&path)
    } else if mode.0 & FileOptions::kFileAppend.0 != 0 {
        std::fs::OpenOptions::new().append(true).create(true).open(&path)
    } else {
        File::open(&path)
    };
    match file {
        Ok(file) => {
            let s = state();
            s.next_file += 1;
            s.files.insert(s.next_file, file);
            s.next_file as *mut SDFile
        }
        Err(_) => std::ptr::null_mut(),
    }
}

pub(super) unsafe extern "C" fn close(file: *mut SDFile) -> c_int {
    count("close");
    if state().files.remove(&(file as usize)).is_some() {
        0
    } else {
        -1
    }
}

pub(super) unsafe extern "C" fn read(file: *mut SDFile, buf: *mut c_void, len: c_uint) -> c_int {
    count("read");
    let Some(file) = state().files.get_mut(&(file as usize)) else {
        return -1;
    };
    let buf = std::slice::from_raw_parts_mut(buf as *mut u8, len as usize);
    let n = file.read(buf).map_or(-1, |n| n as c_int);
    state().bytes_read += n.max(0) as u64;
    n
}

pub(super) unsafe extern "C" fn write(file: *mut SDFile, buf: *const c_void, len: c_uint) -> c_int {
    count("write");
    let Some(file) = state().files.get_mut(&(file as usize)) else {
        return -1;
    };
    let buf = std::slice::from_raw_parts(buf as *const u8, len as usize);
    file.write(buf).map_or(-1, |n| n as c_int)
}

pub(super) unsafe extern "C" fn flush(file: *mut SDFile) -> c_int {
    count("flush");
    let Some(file) = state().files.get_mut(&(file as usize)) else {
        return -1;
    };
    file.flush().map_or(-1, |_| 0)
}

pub(super) unsafe extern "C" fn stat(name: *const c_char, out: *mut FileStat) -> c_int {
    count("stat");
    match std::fs::metadata(path(name)) {
        Ok(meta) => {
            *out = zeroed();
            (*out).isdir = meta.is_dir() as c_int;
            (*out).size = meta.len() as c_uint;
            0
        }
        Err(_) => -1,
    }
}

pub(super) unsafe extern "C" fn rename(from: *const c_char, to: *const c_char) -> c_int {
    count("rename");
    std::fs::rename(path(from), path(to)).map_or(-1, |_| 0)
}

pub(super) unsafe extern "C" fn unlink(name: *const c_char, _recursive: c_int) -> c_int {
    count("unlink");
    std::fs::remove_file(path(name)).map_or(-1, |_| 0)
}

pub(super) unsafe extern "C" fn mkdir(name: *const c_char) -> c_int {
    count("mkdir");
    std::fs::create_dir_all(path(name)).map_or(-1, |_| 0)
}

// ------------------------------------------------------------------ the host
