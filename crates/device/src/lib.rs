//! The cartridge's device build, run: the `thumbv7em-none-eabihf` binary, linked as
//! for `pdex.elf`, executed in an emulated Cortex-M7 (Unicorn) and served by the
//! same headless Playdate console (`chek-pdhost`) that the Simulator library's
//! tests use.
//!
//! - [`Device`]: boot the binary on a Data folder, send it system events, run its
//!   update callback a frame at a time, choose its system-menu items; count the
//!   Thumb instructions it retires and the stack each call reaches.
//! - A fault (an unmapped or unaligned access, an undefined instruction, a stack past
//!   10 KB, a panic, an API function nobody serves) stops the run and names the
//!   function it happened in.
//!
//! This crate links Unicorn (GPL-2.0): it is a test tool only, never part of the
//! cartridge.

pub mod align;
pub mod bench;
pub mod elf;
pub mod machine;
pub mod script;
pub mod serve;
pub mod think;

use std::path::{Path, PathBuf};

use chek_pdhost::Console;

pub use machine::Fault;
use machine::{Emu, Machine, HEAP_BASE, IMAGE_BASE};

/// How deep the stack went and how many instructions ran, for one kind of call.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub struct Usage {
    /// The most bytes of stack any call reached.
    pub stack: u64,
    /// Calls made.
    pub calls: u64,
}

/// The device binary running in the emulator.
pub struct Device {
    uc: Emu<'static>,
    handler: u64,
    /// The stack reached by the event handler, the update callback and the menu.
    pub event: Usage,
    /// The update callback's.
    pub update: Usage,
    /// The menu callbacks'.
    pub menu: Usage,
}

impl std::fmt::Debug for Device {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Device").field("retired", &self.retired()).finish_non_exhaustive()
    }
}

/// The device binary `cargo xtask device` links: `target/device/pdex-device.elf`
/// under the workspace's target folder.
pub fn default_elf() -> PathBuf {
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../target"), PathBuf::from);
    target.join("device/pdex-link-check.elf")
}

impl Device {
    /// Loads the binary at `elf` with `data` as its Data folder; nothing runs yet.
    ///
    /// # Errors
    /// A binary that cannot be loaded, or an emulator that cannot be set up.
    pub fn load(elf: &Path, data: &Path) -> Result<Device, String> {
        let image = elf::Image::load(elf, IMAGE_BASE)?;
        let handler = image.symbol("eventHandlerShim").ok_or("the binary has no eventHandlerShim")?;
        let (tables, traps) = serve::layout();
        // The device's heap hands out 8-byte aligned blocks, as newlib's malloc does.
        let console = Console::new(data.to_path_buf(), HEAP_BASE, 8);
        let uc = machine::emulator(Machine::new(console, image, traps), &tables)?;
        Ok(Device { uc, handler, event: Usage::default(), update: Usage::default(), menu: Usage::default() })
    }

    /// The console (input, clock, what the game drew, logged and played).
    pub fn console(&mut self) -> &mut Console {
        &mut self.uc.get_data_mut().console
    }

    /// The console, read only.
    pub fn console_ref(&self) -> &Console {
        &self.uc.get_data().console
    }

    /// Thumb instructions the game's code has retired so far.
    pub fn retired(&self) -> u64 {
        self.uc.get_data().retired
    }

    /// The loaded image (for the names of functions).
    pub fn image(&self) -> &elf::Image {
        &self.uc.get_data().image
    }

    /// Writes `bytes` over the loaded code at `address` (for the fault tests).
    pub fn patch(&mut self, address: u64, bytes: &[u8]) -> Result<(), String> {
        self.uc.mem_write(address & !1, bytes).map_err(|e| format!("{e:?}"))?;
        // The image's bytes too: the alignment check decodes instructions from them.
        let machine = self.uc.get_data_mut();
        let at = ((address & !1) - machine.image.base) as usize;
        if let Some(kept) = machine.image.bytes.get_mut(at..at + bytes.len()) {
            kept.copy_from_slice(bytes);
        }
        machine.decode_again();
        self.uc.ctl_remove_cache(address & !1, (address & !1) + bytes.len() as u64).map_err(|e| format!("{e:?}"))
    }

    fn run(&mut self, function: u64, args: &[u32]) -> Result<(u32, u64), Fault> {
        let result = machine::call(&mut self.uc, function, args);
        serve::sync_frame(&mut self.uc)?;
        result
    }

    /// Sends the system event `event` (see `chek_pdhost::event`).
    ///
    /// # Errors
    /// The fault that stopped the game.
    pub fn event(&mut self, event: u32) -> Result<i32, Fault> {
        // The API table's address, the event, its argument.
        let (r0, stack) = self.run(self.handler, &[machine::TABLES as u32, event, 0])?;
        self.event.stack = self.event.stack.max(stack);
        self.event.calls += 1;
        Ok(r0 as i32)
    }

    /// Runs one frame (33 ms) with the given input; the update callback's result
    /// (0: nothing changed).
    ///
    /// # Errors
    /// The fault that stopped the game; a game that set no update callback.
    pub fn frame(&mut self, held: u32, pushed: u32, released: u32, crank: f32) -> Result<i32, Fault> {
        let console = self.console();
        console.set_input(held, pushed, released, crank);
        let Some(update) = console.update else {
            return Err(Fault::Unserved("a frame before the game set its update callback".into()));
        };
        let (r0, stack) = self.run(update.function, &[update.userdata as u32])?;
        self.update.stack = self.update.stack.max(stack);
        self.update.calls += 1;
        self.console().now_ms += 33;
        Ok(r0 as i32)
    }

    /// A frame with nothing pressed.
    pub fn idle(&mut self) -> Result<i32, Fault> {
        self.frame(0, 0, 0, 0.0)
    }

    /// Chooses the system-menu item titled `title`.
    ///
    /// # Errors
    /// The fault that stopped the game; an item the game does not offer.
    pub fn menu(&mut self, title: &str) -> Result<(), Fault> {
        let Some(callback) = self.console_ref().menu_callback(title) else {
            return Err(Fault::Unserved(format!("the menu item {title:?}, which the game does not offer")));
        };
        let (_, stack) = self.run(callback.function, &[callback.userdata as u32])?;
        self.menu.stack = self.menu.stack.max(stack);
        self.menu.calls += 1;
        Ok(())
    }

    /// Counts the calls of every function whose (demangled) name `chooses`, one by one
    /// (see [`Device::spans`]); returns how many functions it watches.
    pub fn watch(&mut self, chooses: impl Fn(&str) -> bool) -> usize {
        let copies: Vec<u64> = self
            .image()
            .functions
            .iter()
            .filter(|f| f.name.contains("memcpy") || f.name == "memcmp" || f.name.contains("bcmp"))
            .map(|f| f.start & !1)
            .collect();
        self.uc.get_data_mut().copies.0.extend(copies);
        let starts: Vec<u64> =
            self.image().functions.iter().filter(|f| chooses(&f.name)).map(|f| f.start & !1).collect();
        let machine = self.uc.get_data_mut();
        machine.watched.extend(&starts);
        starts.len()
    }

    /// The instructions of each watched call that returned since the last look.
    pub fn spans(&mut self) -> Vec<u64> {
        std::mem::take(&mut self.uc.get_data_mut().spans)
    }

    /// With `CHEK_DEVICE_PROFILE` set: the functions that retired the most
    /// instructions so far, most first, at most `top` of them.
    /// With the calls of each: how often its entry block ran.
    pub fn profile(&self, top: usize) -> Vec<(String, u64, u64)> {
        let machine = self.uc.get_data();
        let mut by_function: std::collections::HashMap<&str, (u64, u64)> = std::collections::HashMap::new();
        for (&block, &count) in machine.profile.iter().flatten() {
            let function = machine.image.function_at(block);
            let entry = by_function.entry(function.map_or("?", |f| f.name.as_str())).or_default();
            entry.0 += count;
            if function.is_some_and(|f| f.start == block) {
                entry.1 += count / u64::from(machine.blocks.get(&block).copied().unwrap_or(1).max(1));
            }
        }
        let mut ranked: Vec<(String, u64, u64)> =
            by_function.into_iter().map(|(n, (c, calls))| (n.to_string(), c, calls)).collect();
        ranked.sort_by_key(|r| std::cmp::Reverse(r.1));
        ranked.truncate(top);
        ranked
    }

    /// With `CHEK_DEVICE_PROFILE` set: the blocks of the functions whose names contain
    /// `name` that retired the most instructions, as address and count, most first.
    pub fn blocks(&self, name: &str, top: usize) -> Vec<(u64, u64)> {
        let machine = self.uc.get_data();
        let mut ranked: Vec<(u64, u64)> = machine
            .profile
            .iter()
            .flatten()
            .filter(|(&block, _)| machine.image.function_at(block).is_some_and(|f| f.name.contains(name)))
            .map(|(&block, &count)| (block, count))
            .collect();
        ranked.sort_by_key(|r| std::cmp::Reverse(r.1));
        ranked.truncate(top);
        ranked
    }

    /// With `CHEK_DEVICE_PROFILE` set: the callers of the memory copies, with their
    /// calls and bytes, most bytes first.
    pub fn copies(&self, top: usize) -> Vec<(String, u64, u64)> {
        let machine = self.uc.get_data();
        let mut ranked: Vec<(String, u64, u64)> = machine
            .copies
            .1
            .iter()
            .map(|(&lr, &(calls, bytes))| (machine.image.describe_caller(lr | 1), calls, bytes))
            .collect();
        ranked.sort_by_key(|r| std::cmp::Reverse(r.2));
        ranked.truncate(top);
        ranked
    }

    /// The heap's high-water mark, in bytes.
    pub fn heap_high_water(&self) -> u64 {
        self.console_ref().heap.high_water
    }
}

impl Device {
    /// The functions of the last blocks run, oldest first: where a fault came from.
    pub fn recent(&self) -> Vec<String> {
        self.uc.get_data().recent()
    }
}

/// A fresh, empty folder for a run's Data folder.
pub fn scratch_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("chek-device-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let _ = std::fs::create_dir_all(&dir);
    dir
}

/// Links the device binary as `cargo xtask link-check` does (once per process) and
/// returns its path: for the tests.
///
/// # Panics
/// If the build or link fails (a test then has nothing to run).
pub fn built_elf() -> PathBuf {
    static BUILT: std::sync::Once = std::sync::Once::new();
    BUILT.call_once(|| {
        let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
        let status = std::process::Command::new(cargo)
            .args(["run", "--quiet", "--package", "xtask", "--", "link-check"])
            .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
            .stdout(std::process::Stdio::null())
            .status()
            .expect("cargo");
        assert!(status.success(), "linking the device binary failed");
    });
    default_elf()
}
