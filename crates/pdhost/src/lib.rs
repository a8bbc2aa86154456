//! A headless Playdate for tests: the C API the game calls, served in plain Rust.
//!
//! [`Console`] is the one implementation of the API: the clock, the buttons and crank,
//! the system menu, the frame buffer (52 bytes a row), bitmaps, files in a Data folder,
//! the sound synth and `realloc` as the heap. It takes and returns plain values, never
//! pointers. Two ways in call it:
//! - [`native`]: the Simulator library (the x86-64 `cdylib`) loaded with libloading,
//!   given a table of C functions that forward to the console;
//! - the emulated device (the `chek-device` crate): the device build in Unicorn,
//!   whose table entries are trap addresses served by the same console.
//!
//! [`tables`] names every entry of the API's tables, so that a call nobody serves is
//! reported by its name.
#![feature(c_variadic)]
#![allow(clippy::missing_safety_doc)]

mod api;
pub mod heap;
pub mod native;
pub mod soak;
pub mod tables;
pub mod whole_game;

use std::collections::HashMap;
use std::fs::File;
use std::path::PathBuf;

pub use heap::{Grant, Heap};

/// Bytes a row of the LCD, as `getFrame` lays it out (400 pixels and padding).
pub const ROW_BYTES: usize = 52;
/// The LCD's bytes.
pub const FRAME_BYTES: usize = ROW_BYTES * 240;
/// The heap the console gives the game: the Playdate's 16 MB of RAM.
pub const HEAP_BYTES: u64 = 16 << 20;

/// Buttons as the Playdate numbers them.
pub mod button {
    use crankstart_sys::PDButtons;

    /// Left on the D-pad.
    pub const LEFT: u32 = PDButtons::kButtonLeft.0;
    /// Right on the D-pad.
    pub const RIGHT: u32 = PDButtons::kButtonRight.0;
    /// Up on the D-pad.
    pub const UP: u32 = PDButtons::kButtonUp.0;
    /// Down on the D-pad.
    pub const DOWN: u32 = PDButtons::kButtonDown.0;
    /// B.
    pub const B: u32 = PDButtons::kButtonB.0;
    /// A.
    pub const A: u32 = PDButtons::kButtonA.0;
}

/// The system events, as the raw numbers the system sends.
pub mod event {
    /// The game is loaded.
    pub const INIT: u32 = 0;
    /// The device locked.
    pub const LOCK: u32 = 2;
    /// The device unlocked.
    pub const UNLOCK: u32 = 3;
    /// The system menu opened.
    pub const PAUSE: u32 = 4;
    /// The system menu closed.
    pub const RESUME: u32 = 5;
    /// The game is about to quit.
    pub const TERMINATE: u32 = 6;
    /// The battery is low.
    pub const LOW_POWER: u32 = 9;
}

/// A note the game played on a synth voice.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct PlayedNote {
    /// The voice (1, 2, … in the order they were made).
    pub voice: usize,
    /// Its waveform when the note was played.
    pub wave: u32,
    /// Pitch, in Hz.
    pub hz: f32,
    /// Volume, 0 to 1.
    pub volume: f32,
    /// Length in seconds.
    pub seconds: f32,
    /// Start, in samples of the sound clock.
    pub when: u32,
}

/// A function of the game's that the host calls: its address and the userdata it
/// was registered with (the update callback, a menu item's callback).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Callback {
    /// The function's address in the game's address space.
    pub function: u64,
    /// The pointer it was registered with.
    pub userdata: u64,
}

/// What the console knows and what the game told it.
#[derive(Debug)]
pub struct Console {
    /// Buttons down this frame.
    pub held: u32,
    /// Buttons pressed since the last frame.
    pub pushed: u32,
    /// Buttons released since the last frame.
    pub released: u32,
    /// Degrees the crank turned since the last reading.
    pub crank_change: f32,
    /// Whether the crank is folded away.
    pub crank_docked: bool,
    /// The Reduce Flashing setting.
    pub reduce_flashing: bool,
    /// The Upside Down setting.
    pub flipped: bool,
    /// The clock at the frame's start, in milliseconds.
    pub now_ms: u32,
    /// What `getSecondsSinceEpoch` answers: seconds and milliseconds.
    pub epoch: (u32, u32),
    /// The LCD.
    pub frame: Box<[u8; FRAME_BYTES]>,
    /// Every `markUpdatedRows`, first and last row.
    pub marked: Vec<(i32, i32)>,
    /// The update callback.
    pub update: Option<Callback>,
    /// The system-menu items: title and callback.
    pub menu_items: Vec<(String, Option<Callback>)>,
    /// How many times the game set the menu image.
    pub menu_images: u32,
    /// The bitmaps the game made (all 400×240).
    pub bitmaps: Vec<Box<[u8; FRAME_BYTES]>>,
    /// The Data folder.
    pub data: PathBuf,
    /// Open files by handle.
    pub files: HashMap<usize, File>,
    /// The last handle given out.
    pub next_file: usize,
    /// What the game logged.
    pub log: Vec<String>,
    /// Milliseconds the clock moves on at every reading (0: only between frames).
    pub clock_tick_ms: u32,
    /// Clock readings so far in this frame.
    pub clock_reads: u32,
    /// The synth voices the game made.
    pub synths: usize,
    /// Each voice's waveform as last set.
    pub waveforms: HashMap<usize, u32>,
    /// The notes the game played.
    pub notes: Vec<PlayedNote>,
    /// Every value the game passed to setAutoLockDisabled, in order.
    pub auto_lock_disabled: Vec<bool>,
    /// How many times each API function was called, by name.
    pub calls: HashMap<&'static str, u64>,
    /// Bytes the game read from files, in all.
    pub bytes_read: u64,
    /// The heap `realloc` serves.
    pub heap: Heap,
}

impl Console {
    /// A console with `data` as the Data folder and a heap of `HEAP_BYTES` at
    /// `heap_base`, its blocks aligned to `align`. The clock starts at 1 s.
    pub fn new(data: PathBuf, heap_base: u64, align: u64) -> Console {
        Console {
            held: 0,
            pushed: 0,
            released: 0,
            crank_change: 0.0,
            crank_docked: false,
            reduce_flashing: false,
            flipped: false,
            now_ms: 1000,
            epoch: (0, 1),
            frame: Box::new([0; FRAME_BYTES]),
            marked: Vec::new(),
            update: None,
            menu_items: Vec::new(),
            menu_images: 0,
            bitmaps: Vec::new(),
            data,
            files: HashMap::new(),
            next_file: 0,
            log: Vec::new(),
            clock_tick_ms: 0,
            clock_reads: 0,
            synths: 0,
            waveforms: HashMap::new(),
            notes: Vec::new(),
            auto_lock_disabled: Vec::new(),
            calls: HashMap::new(),
            bytes_read: 0,
            heap: Heap::new(heap_base, HEAP_BYTES, align),
        }
    }

    /// Counts a call of the API function `name`.
    pub fn count(&mut self, name: &'static str) {
        *self.calls.entry(name).or_default() += 1;
    }

    /// Sets the input for the next frame and restarts the frame's clock readings.
    pub fn set_input(&mut self, held: u32, pushed: u32, released: u32, crank: f32) {
        self.held = held;
        self.pushed = pushed;
        self.released = released;
        self.crank_change = crank;
        self.clock_reads = 0;
    }

    /// Whether the pixel at (x, y) on the LCD is black.
    pub fn is_black(&self, x: usize, y: usize) -> bool {
        self.frame[y * ROW_BYTES + x / 8] & (0x80 >> (x % 8)) == 0
    }

    /// The menu item titled `title`'s callback.
    pub fn menu_callback(&self, title: &str) -> Option<Callback> {
        self.menu_items.iter().find(|(t, _)| t == title).and_then(|(_, c)| *c)
    }
}
