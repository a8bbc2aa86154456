//! Chek for the Playdate: the platform shell.
//!
//! It turns the Playdate's buttons, crank, clock, screen and files into calls on the
//! cartridge's [`chek_cartridge::App`], and nothing more: no game logic lives here.
//!
//! - `eventHandler` takes the system event as a raw integer (crankstart-sys declares it
//!   as a Rust enum of 0–9; newer OS versions send more, which would be undefined
//!   behaviour in such an enum).
//! - The update callback feeds one frame of input to the App; when the App says the
//!   picture may have changed it draws into a scratch frame, copies only the rows that
//!   changed into the LCD buffer and marks them. It returns 0 when nothing changed (an
//!   idle frame returns right after the App's update).
//! - The App's files (a save per game, the records, the settings) are written when the
//!   App changes them (the crank docked, every completed turn) and on Lock, Terminate
//!   and LowPower. While every seat is a CPU, auto-lock is off.
#![no_std]

extern crate alloc;

#[cfg(all(target_arch = "arm", target_os = "none"))]
mod copy;
mod menu;
mod sound;
mod store;

use core::cell::UnsafeCell;

use chek_cartridge::App;
use chek_ui::{Buttons, Frame, Input};
use crankstart::graphics::{Graphics, PDRect};
use crankstart::system::System;
use crankstart::Playdate;
use crankstart_sys::ctypes::{c_int, c_void};
use crankstart_sys::{LCDSprite, PlaydateAPI};

/// The system events the shell answers, as the raw numbers the system sends.
mod event {
    use crankstart_sys::PDSystemEvent;

    pub const INIT: u32 = PDSystemEvent::kEventInit as u32;
    pub const LOCK: u32 = PDSystemEvent::kEventLock as u32;
    pub const UNLOCK: u32 = PDSystemEvent::kEventUnlock as u32;
    pub const PAUSE: u32 = PDSystemEvent::kEventPause as u32;
    pub const RESUME: u32 = PDSystemEvent::kEventResume as u32;
    pub const TERMINATE: u32 = PDSystemEvent::kEventTerminate as u32;
    pub const LOW_POWER: u32 = PDSystemEvent::kEventLowPower as u32;
}

/// The enums crossing the C boundary have the platform's size: one byte on the device
/// (the SDK is built with short enums, and crankstart-sys's device bindings are
/// `repr(u8)`), an `int` on the Simulator hosts. A binding for the wrong target would
/// stop the build here rather than corrupt a call.
const _: () = {
    use core::mem::size_of;
    use crankstart_sys::{LCDSolidColor, PDSystemEvent};
    let expected = if cfg!(target_os = "none") { 1 } else { 4 };
    assert!(size_of::<PDSystemEvent>() == expected);
    assert!(size_of::<LCDSolidColor>() == expected);
};

/// Everything the shell keeps between calls.
struct Shell {
    api: *const PlaydateAPI,
    app: App,
    /// What the LCD shows.
    shown: Frame,
    /// The frame being drawn.
    drawn: Frame,
    /// Copy every row on the next frame (after launch and after the system menu).
    redraw_all: bool,
    /// Auto-lock is off while every seat is a CPU (a game playing itself out).
    auto_lock_disabled: bool,
    /// The synthesizer voices the cues play on.
    voices: sound::Voices,
    menu: menu::Menu,
}

/// The shell's one instance. The Playdate calls the game from one thread only.
struct Global(UnsafeCell<Option<Shell>>);

// SAFETY: the Playdate runs the game on a single thread; the shell never hands out a
// reference across calls.
unsafe impl Sync for Global {}

static SHELL: Global = Global(UnsafeCell::new(None));

/// Runs `f` on the shell, if it is initialised.
fn with_shell<R>(f: impl FnOnce(&mut Shell) -> R) -> Option<R> {
    // SAFETY: single-threaded, and no reference outlives this call.
    let shell = unsafe { (*SHELL.0.get()).as_mut() }?;
    Some(f(shell))
}

/// The entry point the Playdate calls for every system event.
///
/// # Safety
/// `api` must be the Playdate's API table (the system guarantees it).
#[no_mangle]
pub unsafe extern "C" fn eventHandler(api: *mut PlaydateAPI, event: u32, _arg: u32) -> c_int {
    // On the device the event is a one-byte enum, widened by the caller (AAPCS); keep
    // only its byte there.
    let event = if cfg!(target_os = "none") { event & 0xff } else { event };
    match event {
        event::INIT => init(api),
        event::LOCK | event::TERMINATE | event::LOW_POWER => {
            with_shell(Shell::save);
        }
        event::PAUSE => {
            with_shell(Shell::set_menu_image);
        }
        event::UNLOCK | event::RESUME => {
            with_shell(|shell| {
                shell.app.returned();
                shell.redraw_all = true;
            });
        }
        // Key events (Simulator), mirroring events and anything newer: not used.
        _ => {}
    }
    0
}

/// The same entry under the name some Simulator builds look for.
///
/// # Safety
/// As [`eventHandler`].
#[cfg(not(target_os = "none"))]
#[no_mangle]
pub unsafe extern "C" fn eventHandlerShim(api: *mut PlaydateAPI, event: u32, arg: u32) -> c_int {
    eventHandler(api, event, arg)
}

extern "C" fn sprite_update(_sprite: *mut LCDSprite) {}

extern "C" fn sprite_draw(_sprite: *mut LCDSprite, _bounds: PDRect, _draw_rect: PDRect) {}

fn init(api: *mut PlaydateAPI) {
    if with_shell(|_| ()).is_some() {
        return;
    }
    if let Err(e) = Playdate::new(api, sprite_update, sprite_draw) {
        menu::log(api, &alloc::format!("chek: cannot start: {e}"));
        return;
    }
    let system = System::get();
    let seed = system.get_seconds_since_epoch().map_or(1, |(s, ms)| (s as u64) << 10 | ms as u64);
    let mut app = App::launch(seed, &mut store::DataFolder);
    app.set_clock(clock_ms);
    for notice in app.notices() {
        menu::log(api, &alloc::format!("chek: {notice}"));
    }
    let shell = Shell {
        api,
        app,
        shown: Frame::new(),
        drawn: Frame::new(),
        redraw_all: true,
        auto_lock_disabled: false,
        voices: sound::Voices::new(api),
        menu: menu::Menu::new(),
    };
    // SAFETY: single-threaded; the shell is set once, before the update callback.
    unsafe { *SHELL.0.get() = Some(shell) };
    with_shell(Shell::sync_menu);
    if let Err(e) = system.set_update_callback(Some(update)) {
        menu::log(api, &alloc::format!("chek: {e}"));
    }
}

/// The system's clock in milliseconds: it bounds the CPU's slices by time.
fn clock_ms() -> u32 {
    System::get().get_current_time_milliseconds().unwrap_or(0) as u32
}

extern "C" fn update(_userdata: *mut c_void) -> c_int {
    with_shell(Shell::update).unwrap_or(0)
}

extern "C" fn menu_chosen(userdata: *mut c_void) {
    let index = userdata as usize;
    with_shell(|shell| {
        if let Some(&command) = shell.menu.items().get(index) {
            shell.app.menu(command);
            shell.run();
        }
    });
}

impl Shell {
    /// One frame: input → App → pixels. Returns 0 when nothing on screen changed.
    fn update(&mut self) -> c_int {
        let input = self.read_input();
        let now = System::get().get_current_time_milliseconds().unwrap_or(0) as u32;
        self.app.update(&input, now);
        self.run();
        for &cue in self.app.cues() {
            self.voices.play(self.api, cue);
        }
        self.sync_menu();
        let cpu_only = self.app.cpu_only();
        if cpu_only != self.auto_lock_disabled {
            menu::set_auto_lock_disabled(self.api, cpu_only);
            self.auto_lock_disabled = cpu_only;
        }
        // An idle frame stops in `redraw`, before drawing.
        let Some((first, last)) = self.app.redraw(&mut self.drawn, &self.shown, self.redraw_all) else {
            return 0;
        };
        let graphics = Graphics::get();
        let Ok(lcd) = graphics.get_frame() else {
            return 0;
        };
        let row = chek_ui::frame::ROW_BYTES;
        let (start, end) = (first * row, (last + 1) * row);
        if let (Some(target), Some(source)) = (lcd.get_mut(start..end), self.drawn.bytes().get(start..end)) {
            target.copy_from_slice(source);
        }
        let _ = graphics.mark_updated_rows(first as i32..=last as i32);
        core::mem::swap(&mut self.shown, &mut self.drawn);
        self.redraw_all = false;
        1
    }

    fn read_input(&self) -> Input {
        let system = System::get();
        let (held, pushed) = system.get_button_state().map_or((0, 0), |(h, p, _)| (h.0, p.0));
        Input {
            held: Buttons(held as u8),
            pushed: Buttons(pushed as u8),
            crank_change: system.get_crank_change().unwrap_or(0.0),
            crank_docked: system.is_crank_docked().unwrap_or(false),
            reduce_flashing: menu::reduce_flashing(self.api),
        }
    }

    /// Writes what the App changed (the App knows the files; an idle frame writes
    /// nothing).
    fn run(&mut self) {
        for e in self.app.flush(&mut store::DataFolder) {
            menu::log(self.api, &alloc::format!("chek: {e}"));
        }
    }

    /// Saves the game in progress now (Lock, Terminate, LowPower).
    fn save(&mut self) {
        self.app.request_save();
        self.run();
    }

    /// Shows the system-menu items the App offers now (no "end game" without a game).
    fn sync_menu(&mut self) {
        self.menu.show(self.api, self.app.menu_items(), menu_chosen);
    }

    fn set_menu_image(&mut self) {
        self.app.draw_menu_image(&mut self.drawn);
        self.menu.set_image(self.api, &self.drawn);
        // The scratch frame no longer holds the screen's next frame.
        self.redraw_all = true;
    }
}
