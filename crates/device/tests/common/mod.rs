//! The device build booted for a test, driven as the Simulator library's host drives
//! it: presses, the crank, idle frames, the new-game screen.
#![allow(dead_code)]

use std::path::{Path, PathBuf};

use chek_device::Device;
use chek_pdhost::{button, event};

/// The device build, booted on a Data folder; every fault fails the test with its
/// place and the functions that ran before it.
pub struct Pad {
    pub device: Device,
    pub data: PathBuf,
}

impl Pad {
    /// Boots the device build on `data` (seed 1), after the init event.
    pub fn boot(data: &Path) -> Pad {
        let device = Device::load(&chek_device::built_elf(), data).expect("the device build loads");
        let mut pad = Pad { device, data: data.to_path_buf() };
        pad.event(event::INIT);
        pad
    }

    fn ok<T>(&self, result: Result<T, chek_device::Fault>) -> T {
        result.unwrap_or_else(|fault| panic!("{fault}; last run: {}", self.device.recent().join(" < ")))
    }

    pub fn event(&mut self, number: u32) {
        let result = self.device.event(number);
        assert_eq!(self.ok(result), 0);
    }

    pub fn frame(&mut self, held: u32, pushed: u32, crank: f32) -> i32 {
        let result = self.device.frame(held, pushed, 0, crank);
        self.ok(result)
    }

    pub fn idle(&mut self) -> i32 {
        self.frame(0, 0, 0.0)
    }

    pub fn press(&mut self, b: u32) {
        self.frame(b, b, 0.0);
        self.frame(0, 0, 0.0);
    }

    pub fn crank(&mut self, degrees: f32) {
        self.frame(0, 0, degrees);
    }

    pub fn wait(&mut self, ms: u32) {
        for _ in 0..ms.div_ceil(33) {
            self.idle();
        }
    }

    pub fn menu(&mut self, title: &str) {
        let result = self.device.menu(title);
        self.ok(result)
    }

    pub fn dock(&mut self, docked: bool) {
        self.device.console().crank_docked = docked;
        self.idle();
    }

    /// A new game from the title, as the host's `new_game` does: right `rights` times
    /// on the title, A; up to the first row, `rows[i]` presses right on row i, down to
    /// *Start game*, A.
    pub fn new_game(&mut self, rights: usize, rows: &[usize]) {
        for line in new_game_script(rights, rows).lines() {
            self.press(match line {
                "right" => button::RIGHT,
                "up" => button::UP,
                "down" => button::DOWN,
                _ => button::A,
            });
        }
    }

    /// The game's save, decoded as the desktop decodes it.
    pub fn saved(&self, game: &str) -> Option<chek_ui::save::Saved> {
        let bytes = std::fs::read(self.data.join(format!("save-{game}.bin"))).ok()?;
        Some(chek_ui::save::Saved::from_bytes(&bytes).expect("the device's save decodes on the desktop"))
    }
}

/// The presses of [`Pad::new_game`], as a `chek shot` script.
pub fn new_game_script(rights: usize, rows: &[usize]) -> String {
    let mut script = "right\n".repeat(rights) + "a\n" + &"up\n".repeat(8);
    for &n in rows {
        script += &"right\n".repeat(n);
        script += "down\n";
    }
    script + &"down\n".repeat(8) + "a\n"
}

/// A fresh Data folder.
pub fn data_dir(name: &str) -> PathBuf {
    chek_device::scratch_dir(name)
}
