//! The Simulator library's way in: the real `cdylib` loaded with libloading and given
//! a table of C functions, each turning its pointers into plain values for the one
//! [`Console`] of the process.
//!
//! One console per process: the game keeps its state in statics, so every scenario
//! runs in a process of its own.

use std::ffi::{c_char, c_int, c_uint, c_void, CStr};
use std::mem::zeroed;
use std::path::{Path, PathBuf};

use crankstart_sys::*;

use crate::{Console, HEAP_BYTES};

static mut CONSOLE: Option<Console> = None;

/// The console's state (one per process, one thread).
pub fn state() -> &'static mut Console {
    // SAFETY: each scenario runs alone in its process, on one thread.
    unsafe { (*std::ptr::addr_of_mut!(CONSOLE)).as_mut().expect("host started") }
}

fn text(s: *const c_char) -> String {
    unsafe { CStr::from_ptr(s) }.to_string_lossy().into_owned()
}

/// Writes `value` through `out` unless it is null.
unsafe fn put<T>(out: *mut T, value: T) {
    if !out.is_null() {
        *out = value;
    }
}

// ------------------------------------------------------------------ system

unsafe extern "C" fn realloc(ptr: *mut c_void, size: usize) -> *mut c_void {
    let grant = state().realloc(ptr as u64, size as u64);
    if let Some((from, len)) = grant.copy {
        std::ptr::copy_nonoverlapping(from as *const u8, grant.address as *mut u8, len as usize);
    }
    grant.address as *mut c_void
}

unsafe extern "C" fn log_to_console(fmt: *const c_char, mut args: ...) {
    let format = text(fmt);
    let line = if format == "%s" { text(args.next_arg::<*const c_char>()) } else { format.clone() };
    state().log_to_console(&format, &line);
}

unsafe extern "C" fn error(fmt: *const c_char, _args: ...) {
    state().error(&text(fmt));
}

unsafe extern "C" fn get_current_time_milliseconds() -> c_uint {
    state().current_time_ms()
}

unsafe extern "C" fn get_seconds_since_epoch(ms: *mut c_uint) -> c_uint {
    let (seconds, millis) = state().seconds_since_epoch();
    put(ms, millis);
    seconds
}

unsafe extern "C" fn set_update_callback(update: PDCallbackFunction, userdata: *mut c_void) {
    state().set_update_callback(update.map_or(0, |f| f as usize as u64), userdata as u64);
}

unsafe extern "C" fn get_button_state(current: *mut PDButtons, pushed: *mut PDButtons, released: *mut PDButtons) {
    let (h, p, r) = state().button_state();
    put(current, PDButtons(h));
    put(pushed, PDButtons(p));
    put(released, PDButtons(r));
}

unsafe extern "C" fn get_crank_change() -> f32 {
    state().crank_change()
}

unsafe extern "C" fn get_crank_angle() -> f32 {
    state().crank_angle()
}

unsafe extern "C" fn is_crank_docked() -> c_int {
    state().is_crank_docked()
}

unsafe extern "C" fn get_flipped() -> c_int {
    state().get_flipped()
}

unsafe extern "C" fn set_auto_lock_disabled(disable: c_int) {
    state().set_auto_lock_disabled(disable != 0);
}

unsafe extern "C" fn get_reduce_flashing() -> c_int {
    state().get_reduce_flashing()
}

unsafe extern "C" fn add_menu_item(
    title: *const c_char,
    callback: PDMenuItemCallbackFunction,
    userdata: *mut c_void,
) -> *mut PDMenuItem {
    let function = callback.map_or(0, |f| f as usize as u64);
    state().add_menu_item(&text(title), function, userdata as u64) as *mut PDMenuItem
}

unsafe extern "C" fn remove_all_menu_items() {
    state().remove_all_menu_items();
}

unsafe extern "C" fn set_menu_image(bitmap: *mut LCDBitmap, _x_offset: c_int) {
    state().set_menu_image(bitmap as u64);
}

// ------------------------------------------------------------------ graphics

unsafe extern "C" fn get_frame() -> *mut u8 {
    state().get_frame().as_mut_ptr()
}

unsafe extern "C" fn mark_updated_rows(start: c_int, end: c_int) {
    state().mark_updated_rows(start, end);
}

unsafe extern "C" fn display() {
    state().display();
}

unsafe extern "C" fn new_bitmap(width: c_int, height: c_int, _bg: LCDColor) -> *mut LCDBitmap {
    state().new_bitmap(width, height) as *mut LCDBitmap
}

unsafe extern "C" fn free_bitmap(_bitmap: *mut LCDBitmap) {
    state().free_bitmap();
}

unsafe extern "C" fn get_bitmap_data(
    bitmap: *mut LCDBitmap,
    width: *mut c_int,
    height: *mut c_int,
    rowbytes: *mut c_int,
    mask: *mut *mut u8,
    data: *mut *mut u8,
) {
    let (w, h, row) = state().bitmap_data(bitmap as u64);
    put(width, w);
    put(height, h);
    put(rowbytes, row);
    put(mask, std::ptr::null_mut());
    put(data, state().bitmaps[bitmap as usize - 1].as_mut_ptr());
}

// ------------------------------------------------------------------ files

unsafe extern "C" fn geterr() -> *const c_char {
    state().geterr();
    c"host file error".as_ptr()
}

unsafe extern "C" fn open(name: *const c_char, mode: FileOptions) -> *mut SDFile {
    state().open(&text(name), mode.0) as *mut SDFile
}

unsafe extern "C" fn close(file: *mut SDFile) -> c_int {
    state().close(file as u64)
}

unsafe extern "C" fn read(file: *mut SDFile, buf: *mut c_void, len: c_uint) -> c_int {
    state().read(file as u64, std::slice::from_raw_parts_mut(buf as *mut u8, len as usize))
}

unsafe extern "C" fn write(file: *mut SDFile, buf: *const c_void, len: c_uint) -> c_int {
    state().write(file as u64, std::slice::from_raw_parts(buf as *const u8, len as usize))
}

unsafe extern "C" fn flush(file: *mut SDFile) -> c_int {
    state().flush(file as u64)
}

unsafe extern "C" fn stat(name: *const c_char, out: *mut FileStat) -> c_int {
    match state().stat(&text(name)) {
        Some(found) => {
            *out = zeroed();
            (*out).isdir = found.is_dir as c_int;
            (*out).size = found.size;
            0
        }
        None => -1,
    }
}

unsafe extern "C" fn rename(from: *const c_char, to: *const c_char) -> c_int {
    state().rename(&text(from), &text(to))
}

unsafe extern "C" fn unlink(name: *const c_char, _recursive: c_int) -> c_int {
    state().unlink(&text(name))
}

unsafe extern "C" fn mkdir(name: *const c_char) -> c_int {
    state().mkdir(&text(name))
}

// ------------------------------------------------------------------ sound

unsafe extern "C" fn new_synth() -> *mut PDSynth {
    state().new_synth() as *mut PDSynth
}

unsafe extern "C" fn set_waveform(synth: *mut PDSynth, wave: SoundWaveform) {
    state().set_waveform(synth as u64, wave as u32);
}

unsafe extern "C" fn set_synth_time(_synth: *mut PDSynth, _value: f32) {
    state().set_envelope();
}

unsafe extern "C" fn play_note(synth: *mut PDSynth, hz: f32, volume: f32, seconds: f32, when: u32) {
    state().play_note(synth as u64, hz, volume, seconds, when);
}

unsafe extern "C" fn get_sound_time() -> u32 {
    state().sound_time()
}

// ------------------------------------------------------------------ the host

type EventHandler = unsafe extern "C" fn(*mut PlaydateAPI, u32, u32) -> c_int;

/// A loaded game and the API table it was given.
pub struct Host {
    _library: libloading::Library,
    handler: EventHandler,
    api: Box<PlaydateAPI>,
    _tables: Vec<Box<dyn std::any::Any>>,
    _heap: Vec<u128>,
}

impl std::fmt::Debug for Host {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Host").finish_non_exhaustive()
    }
}

impl Host {
    /// Loads the Simulator library at `library` with `data` as its Data folder;
    /// nothing is called yet.
    pub fn load(library: &Path, data: &Path) -> Host {
        let heap = vec![0u128; (HEAP_BYTES / 16) as usize];
        // SAFETY: a single host per process.
        unsafe {
            *std::ptr::addr_of_mut!(CONSOLE) = Some(Console::new(data.to_path_buf(), heap.as_ptr() as u64, 16));
        }
        let mut system: Box<playdate_sys> = Box::new(unsafe { zeroed() });
        system.realloc = Some(realloc);
        system.logToConsole = Some(log_to_console);
        system.error = Some(error);
        system.getCurrentTimeMilliseconds = Some(get_current_time_milliseconds);
        system.getSecondsSinceEpoch = Some(get_seconds_since_epoch);
        system.setUpdateCallback = Some(set_update_callback);
        system.getButtonState = Some(get_button_state);
        system.getCrankChange = Some(get_crank_change);
        system.getCrankAngle = Some(get_crank_angle);
        system.isCrankDocked = Some(is_crank_docked);
        system.getFlipped = Some(get_flipped);
        system.getReduceFlashing = Some(get_reduce_flashing);
        system.setAutoLockDisabled = Some(set_auto_lock_disabled);
        system.addMenuItem = Some(add_menu_item);
        system.removeAllMenuItems = Some(remove_all_menu_items);
        system.setMenuImage = Some(set_menu_image);
        let mut graphics: Box<playdate_graphics> = Box::new(unsafe { zeroed() });
        graphics.getFrame = Some(get_frame);
        graphics.markUpdatedRows = Some(mark_updated_rows);
        graphics.display = Some(display);
        graphics.newBitmap = Some(new_bitmap);
        graphics.freeBitmap = Some(free_bitmap);
        graphics.getBitmapData = Some(get_bitmap_data);
        let mut file: Box<playdate_file> = Box::new(unsafe { zeroed() });
        file.geterr = Some(geterr);
        file.open = Some(open);
        file.close = Some(close);
        file.read = Some(read);
        file.write = Some(write);
        file.flush = Some(flush);
        file.stat = Some(stat);
        file.rename = Some(rename);
        file.unlink = Some(unlink);
        file.mkdir = Some(mkdir);
        // Sound: crankstart refuses to start without these tables; the synth records
        // the notes the game plays.
        let mut synth: Box<playdate_sound_synth> = Box::new(unsafe { zeroed() });
        synth.newSynth = Some(new_synth);
        synth.setWaveform = Some(set_waveform);
        synth.setAttackTime = Some(set_synth_time);
        synth.setDecayTime = Some(set_synth_time);
        synth.setSustainLevel = Some(set_synth_time);
        synth.setReleaseTime = Some(set_synth_time);
        synth.playNote = Some(play_note);
        let fileplayer: Box<playdate_sound_fileplayer> = Box::new(unsafe { zeroed() });
        let sample: Box<playdate_sound_sample> = Box::new(unsafe { zeroed() });
        let sampleplayer: Box<playdate_sound_sampleplayer> = Box::new(unsafe { zeroed() });
        let mut sound: Box<playdate_sound> = Box::new(unsafe { zeroed() });
        sound.fileplayer = &*fileplayer;
        sound.sample = &*sample;
        sound.sampleplayer = &*sampleplayer;
        sound.synth = &*synth;
        sound.getCurrentTime = Some(get_sound_time);
        let sprite: Box<playdate_sprite> = Box::new(unsafe { zeroed() });
        let display: Box<playdate_display> = Box::new(unsafe { zeroed() });
        let api = Box::new(PlaydateAPI {
            system: &*system,
            file: &*file,
            graphics: &*graphics,
            sprite: &*sprite,
            display: &*display,
            sound: &*sound,
            lua: std::ptr::null(),
            json: std::ptr::null(),
            scoreboards: std::ptr::null(),
        });
        let library_file =
            unsafe { libloading::Library::new(library) }.unwrap_or_else(|e| panic!("{}: {e}", library.display()));
        let handler: EventHandler = unsafe { *library_file.get::<EventHandler>(b"eventHandler").unwrap() };
        Host {
            _library: library_file,
            handler,
            api,
            _tables: vec![system, graphics, file, fileplayer, sample, sampleplayer, sound, sprite, display, synth],
            _heap: heap,
        }
    }

    /// Sends a system event.
    pub fn event(&mut self, event: u32) -> c_int {
        unsafe { (self.handler)(&mut *self.api, event, 0) }
    }

    /// Runs one frame (33 ms) with the given input; returns the update callback's
    /// result (0: nothing changed).
    pub fn frame(&mut self, held: u32, pushed: u32, released: u32, crank: f32) -> c_int {
        let s = state();
        s.set_input(held, pushed, released, crank);
        let update = s.update.expect("the game set its update callback");
        // SAFETY: the address the game registered as its update callback.
        let function: unsafe extern "C" fn(*mut c_void) -> c_int = unsafe { std::mem::transmute(update.function) };
        let result = unsafe { function(update.userdata as *mut c_void) };
        state().now_ms += 33;
        result
    }

    /// A frame with nothing pressed.
    pub fn idle(&mut self) -> c_int {
        self.frame(0, 0, 0, 0.0)
    }

    /// Presses and releases a button (two frames).
    pub fn press(&mut self, button: u32) {
        self.frame(button, button, 0, 0.0);
        self.frame(0, 0, button, 0.0);
    }

    /// Turns the crank in one frame.
    pub fn crank(&mut self, degrees: f32) {
        self.frame(0, 0, 0, degrees);
    }

    /// Lets `ms` pass in idle frames.
    pub fn wait(&mut self, ms: u32) {
        for _ in 0..ms.div_ceil(33) {
            self.idle();
        }
    }

    /// Chooses a system-menu item by its title.
    pub fn menu(&mut self, title: &str) {
        let callback = state().menu_callback(title).unwrap_or_else(|| panic!("no menu item {title:?}"));
        // SAFETY: the address the game registered for the item.
        let function: unsafe extern "C" fn(*mut c_void) = unsafe { std::mem::transmute(callback.function) };
        unsafe { function(callback.userdata as *mut c_void) };
    }

    /// Whether the pixel at (x, y) on the LCD is black.
    pub fn is_black(&self, x: usize, y: usize) -> bool {
        state().is_black(x, y)
    }
}

/// The Simulator library's file name in `dir`.
pub fn library_in(dir: &Path) -> PathBuf {
    dir.join(format!("{}chek{}", std::env::consts::DLL_PREFIX, std::env::consts::DLL_SUFFIX))
}
