//! A headless Playdate: the C API table the game calls, backed by plain Rust, with a
//! temporary folder as the Data folder. It loads the real Simulator library (the
//! root package's cdylib) with libloading.
//!
//! One host per process: the game keeps its state in statics, so every scenario runs
//! in a process of its own (see `run_scenario`). Here: the host's state, loading the
//! game with its API table, the frame and scenario helpers; the C functions behind the
//! table are in `api.rs`.

#![allow(dead_code, clippy::missing_safety_doc)]

use std::collections::HashMap;
use std::ffi::{c_int, c_void};
use std::fs::File;
use std::mem::zeroed;
use std::path::{Path, PathBuf};

use crankstart_sys::*;

mod api;
use api::*;

pub const ROW_BYTES: usize = 52;
pub const FRAME_BYTES: usize = ROW_BYTES * 240;

/// Buttons as the Playdate numbers them.
pub mod button {
    use crankstart_sys::PDButtons;

    pub const LEFT: u32 = PDButtons::kButtonLeft.0;
    pub const RIGHT: u32 = PDButtons::kButtonRight.0;
    pub const UP: u32 = PDButtons::kButtonUp.0;
    pub const DOWN: u32 = PDButtons::kButtonDown.0;
    pub const B: u32 = PDButtons::kButtonB.0;
    pub const A: u32 = PDButtons::kButtonA.0;
}

/// What the host knows and what the game told it.
pub struct State {
    pub held: u32,
    pub pushed: u32,
    pub released: u32,
    pub crank_change: f32,
    pub crank_docked: bool,
    pub reduce_flashing: bool,
    pub now_ms: u32,
    pub epoch: (u32, u32),
    pub frame: Box<[u8; FRAME_BYTES]>,
    pub marked: Vec<(c_int, c_int)>,
    pub update: PDCallbackFunction,
    pub update_userdata: *mut c_void,
    pub menu_items: Vec<(String, PDMenuItemCallbackFunction, *mut c_void)>,
    pub menu_images: u32,
    pub bitmaps: Vec<Box<[u8; FRAME_BYTES]>>,
    pub data: PathBuf,
    pub files: HashMap<usize, File>,
    pub next_file: usize,
    pub log: Vec<String>,
    /// Milliseconds the clock moves on at every reading (0: only between frames).
    pub clock_tick_ms: u32,
    /// Clock readings so far in this frame.
    pub clock_reads: u32,
    /// The synth voices the game made.
    pub synths: usize,
    /// Each voice's waveform as last set.
    pub waveforms: HashMap<usize, u32>,
    /// The notes the game played: voice, waveform, pitch, volume, seconds, start (in
    /// samples).
    pub notes: Vec<PlayedNote>,
    /// Every value the game passed to setAutoLockDisabled, in order.
    pub auto_lock_disabled: Vec<bool>,
    pub calls: HashMap<&'static str, u64>,
    /// Bytes the game read from files, in all.
    pub bytes_read: u64,
}

static mut STATE: Option<State> = None;

/// The host's state (one host per process, one thread).
pub fn state() -> &'static mut State {
    // SAFETY: each scenario runs alone in its process, on one thread.
    unsafe { (*std::ptr::addr_of_mut!(STATE)).as_mut().expect("host started") }
}

/// A note the game played on a synth voice.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct PlayedNote {
    pub voice: usize,
    pub wave: u32,
    pub hz: f32,
    pub volume: f32,
    pub seconds: f32,
    pub when: u32,
}

type EventHandler = unsafe extern "C" fn(*mut PlaydateAPI, u32, u32) -> c_int;

/// A loaded game and the API table it was given.
pub struct Host {
    _library: libloading::Library,
    handler: EventHandler,
    api: Box<PlaydateAPI>,
    _tables: Vec<Box<dyn std::any::Any>>,
}

/// The Simulator library: `libchek.so` beside the test binary's folder.
pub fn library_path() -> PathBuf {
    let exe = std::env::current_exe().unwrap();
    let dir = exe.parent().unwrap().parent().unwrap();
    let name = format!("{}chek{}", std::env::consts::DLL_PREFIX, std::env::consts::DLL_SUFFIX);
    dir.join(name)
}

impl Host {
    /// Loads the game with `data` as its Data folder; nothing is called yet.
    pub fn load(data: &Path) -> Host {
        // SAFETY: a single host per process.
        unsafe {
            *std::ptr::addr_of_mut!(STATE) = Some(State {
                held: 0,
                pushed: 0,
                released: 0,
                crank_change: 0.0,
                crank_docked: false,
                reduce_flashing: false,
                now_ms: 1000,
                epoch: (0, 1),
                frame: Box::new([0; FRAME_BYTES]),
                marked: Vec::new(),
                update: None,
                update_userdata: std::ptr::null_mut(),
                menu_items: Vec::new(),
                menu_images: 0,
                bitmaps: Vec::new(),
                data: data.to_path_buf(),
                files: HashMap::new(),
                next_file: 0,
                log: Vec::new(),
                auto_lock_disabled: Vec::new(),
                synths: 0,
                waveforms: HashMap::new(),
                notes: Vec::new(),
                clock_tick_ms: 0,
                clock_reads: 0,
                calls: HashMap::new(),
                bytes_read: 0,
            });
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
        let library = unsafe { libloading::Library::new(library_path()) }
            .unwrap_or_else(|e| panic!("{}: {e}", library_path().display()));
        let handler: EventHandler = unsafe { *library.get::<EventHandler>(b"eventHandler").unwrap() };
        Host {
            _library: library,
            handler,
            api,
            _tables: vec![system, graphics, file, fileplayer, sample, sampleplayer, sound, sprite, display, synth],
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
        s.held = held;
        s.pushed = pushed;
        s.released = released;
        s.crank_change = crank;
        s.clock_reads = 0;
        let update = s.update.expect("the game set its update callback");
        let result = unsafe { update(s.update_userdata) };
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
        let (_, callback, userdata) = state().menu_items.iter().find(|(t, _, _)| t == title).cloned().expect(title);
        unsafe { callback.expect("callback")(userdata) };
    }

    /// Whether the pixel at (x, y) on the LCD is black.
    pub fn is_black(&self, x: usize, y: usize) -> bool {
        state().frame[y * ROW_BYTES + x / 8] & (0x80 >> (x % 8)) == 0
    }
}

/// Builds the Simulator library (the root package's cdylib) with the profile the tests
/// run under: `cargo test` builds only what the tests link, and they link nothing of
/// it. Once per test process.
pub fn build_library() {
    static BUILT: std::sync::Once = std::sync::Once::new();
    BUILT.call_once(|| {
        let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
        let release = library_path().parent().and_then(|d| d.file_name()).is_some_and(|n| n == "release");
        let mut command = std::process::Command::new(cargo);
        command.args(["build", "--lib", "-p", "chek"]).current_dir(env!("CARGO_MANIFEST_DIR"));
        if release {
            command.arg("--release");
        }
        let status = command.status().expect("cargo");
        assert!(status.success(), "building the Simulator library failed");
    });
}

/// The phase a scenario runs in (the `phase` of [`run_scenario`]).
pub fn phase() -> u32 {
    std::env::var("CHEK_HOST_PHASE").ok().and_then(|p| p.parse().ok()).expect("CHEK_HOST_PHASE: a scenario's phase")
}

/// Runs scenario `name` in a child process (this test binary, filtered to the
/// `child` test) and returns its output; panics if it failed.
pub fn run_scenario(name: &str, data: &Path, phase: u32) -> String {
    build_library();
    let out = std::process::Command::new(std::env::current_exe().unwrap())
        .args(["child", "--exact", "--ignored", "--nocapture", "--test-threads=1"])
        .env("CHEK_HOST_SCENARIO", name)
        .env("CHEK_HOST_DATA", data)
        .env("CHEK_HOST_PHASE", phase.to_string())
        .output()
        .unwrap();
    let text = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert!(out.status.success(), "scenario {name} (phase {phase}) failed:\n{text}");
    assert!(text.contains("1 passed"), "scenario {name} ran:\n{text}");
    text
}

/// A fresh Data folder for a scenario.
pub fn data_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("chek-host-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs scenario `name` once in a fresh Data folder (it passes or the test fails). Its
/// output.
pub fn scenario_passes(name: &str) -> String {
    run_scenario(name, &data_dir(name), 0)
}

/// Runs scenario `name` once in a fresh Data folder and checks that its output says
/// `says`.
pub fn scenario_says(name: &str, says: &str) {
    let out = scenario_passes(name);
    assert!(out.contains(says), "{out}");
}

/// Runs scenario `name` twice on one Data folder, as two launches of the game (phases
/// 1 and 2), and checks that the second launch's output says `says`.
pub fn across_launches(name: &str, says: &str) {
    let data = data_dir(name);
    run_scenario(name, &data, 1);
    let out = run_scenario(name, &data, 2);
    assert!(out.contains(says), "{out}");
}

/// The Data folder of the scenario running in this process.
pub fn scenario_data() -> PathBuf {
    PathBuf::from(std::env::var_os("CHEK_HOST_DATA").expect("run through run_scenario"))
}

/// The save the game wrote to `data` (the one game's save there).
pub fn read_save(data: &Path) -> chek_ui::save::Saved {
    let saves: Vec<PathBuf> = std::fs::read_dir(data)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            p.file_name().and_then(|n| n.to_str()).is_some_and(|n| n.starts_with("save-") && n.ends_with(".bin"))
        })
        .collect();
    assert_eq!(saves.len(), 1, "one game's save in {}: {saves:?}", data.display());
    let bytes = std::fs::read(&saves[0]).expect("a save");
    chek_ui::save::Saved::from_bytes(&bytes).expect("the save decodes")
}

/// The files of `data`, as the App's storage (a copy in memory).
pub fn files_of(data: &Path) -> chek_ui::store::MemoryStorage {
    let mut files = chek_ui::store::MemoryStorage::new();
    for entry in std::fs::read_dir(data).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        files.files.insert(name, std::fs::read(&path).unwrap());
    }
    files
}

/// The host with the game loaded from `data` and initialised.
pub fn boot(data: &Path) -> Host {
    let mut host = Host::load(data);
    assert_eq!(host.event(0), 0, "init");
    host
}

/// A new game through the title and the new-game screen, a button press at a time
/// (`press`): right `game_rights` times on the title (the game), A; on the new-game
/// screen up to the first row, then `rows[i]` presses right on the i-th row (Chek:
/// the rules, the setup, then a seat a row; Checkers: a side a row; on a seat,
/// 1 = CPU easy … 3 = hard), down to "Start game", and A.
pub fn new_game(press: &mut dyn FnMut(u32), game_rights: usize, rows: &[usize]) {
    for _ in 0..game_rights {
        press(button::RIGHT);
    }
    press(button::A);
    for _ in 0..8 {
        press(button::UP);
    }
    for &rights in rows {
        for _ in 0..rights {
            press(button::RIGHT);
        }
        press(button::DOWN);
    }
    for _ in 0..8 {
        press(button::DOWN);
    }
    press(button::A);
}
