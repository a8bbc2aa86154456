//! `chek shot`'s scripts played on the device build: the same commands, frames and
//! clock as the desktop's driver, through the console's buttons, crank and menu.

use std::path::{Path, PathBuf};

use chek_desktop::script::Command;
use chek_pdhost::event;
use chek_ui::{Buttons, Frame};

use crate::{Device, Fault};

/// The device build with the clock, crank and frame count of a shell.
pub struct Session {
    /// The running binary.
    pub device: Device,
    elf: PathBuf,
    data: PathBuf,
    docked: bool,
    reduce_flashing: bool,
    /// Frames run so far (a relaunch seeds the game with it, as the desktop's does).
    pub frames: u32,
}

impl std::fmt::Debug for Session {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Session").field("frames", &self.frames).finish_non_exhaustive()
    }
}

/// The seed as the shell reads it from `getSecondsSinceEpoch`: seconds shifted by
/// ten bits, or'ed with the milliseconds.
fn epoch_of(seed: u64) -> (u32, u32) {
    ((seed >> 10) as u32, (seed & 1023) as u32)
}

impl Session {
    /// Boots the binary `elf` on the Data folder `data` with `seed`, at time 0, and
    /// runs its first frame.
    ///
    /// # Errors
    /// A binary that does not load, or a fault.
    pub fn boot(elf: &Path, data: &Path, seed: u64, reduce_flashing: bool) -> Result<Session, String> {
        let device = Self::launch(elf, data, seed, 0, reduce_flashing)?;
        let mut session = Session {
            device,
            elf: elf.to_path_buf(),
            data: data.to_path_buf(),
            docked: false,
            reduce_flashing,
            frames: 0,
        };
        session.idle().map_err(|f| f.to_string())?;
        Ok(session)
    }

    fn launch(elf: &Path, data: &Path, seed: u64, now: u32, reduce_flashing: bool) -> Result<Device, String> {
        let mut device = Device::load(elf, data)?;
        let console = device.console();
        console.epoch = epoch_of(seed);
        console.now_ms = now;
        console.reduce_flashing = reduce_flashing;
        device.event(event::INIT).map_err(|f| format!("init: {f}"))?;
        Ok(device)
    }

    fn frame(&mut self, held: Buttons, pushed: Buttons, crank: f32) -> Result<(), Fault> {
        self.device.console().crank_docked = self.docked;
        self.device.frame(u32::from(held.0), u32::from(pushed.0), 0, crank)?;
        self.frames += 1;
        Ok(())
    }

    /// A frame with nothing pressed.
    pub fn idle(&mut self) -> Result<(), Fault> {
        self.frame(Buttons::NONE, Buttons::NONE, 0.0)
    }

    /// Presses `buttons` for a frame and releases them the next.
    pub fn press(&mut self, buttons: Buttons) -> Result<(), Fault> {
        self.frame(buttons, buttons, 0.0)?;
        self.frame(Buttons::NONE, Buttons::NONE, 0.0)
    }

    /// Turns the crank in one frame.
    pub fn crank(&mut self, degrees: f32) -> Result<(), Fault> {
        self.frame(Buttons::NONE, Buttons::NONE, degrees)
    }

    /// Lets `ms` pass, frame by frame.
    pub fn wait(&mut self, ms: u32) -> Result<(), Fault> {
        for _ in 0..ms.div_ceil(33) {
            self.idle()?;
        }
        Ok(())
    }

    /// Quits as Home does (the Terminate event saves) and launches again from the
    /// Data folder, seeded with the frames so far; the clock goes on.
    pub fn relaunch(&mut self) -> Result<(), String> {
        self.device.event(event::TERMINATE).map_err(|f| format!("terminate: {f}"))?;
        let now = self.device.console_ref().now_ms;
        self.device = Self::launch(&self.elf, &self.data, u64::from(self.frames), now, self.reduce_flashing)?;
        self.docked = false;
        self.idle().map_err(|f| f.to_string())
    }

    /// The LCD as a frame.
    pub fn screen(&self) -> Frame {
        Frame::from_bytes(&self.device.console_ref().frame)
    }

    /// Types `code` on the code entry, as `chek shot` does.
    fn type_code(&mut self, code: &str) -> Result<(), Fault> {
        for _ in 0..chek_ui::CodeEntry::MAX {
            self.press(Buttons::LEFT)?;
        }
        self.press(Buttons::A)?;
        for (i, symbol) in code.chars().filter_map(chek_engine::code::symbol_of).enumerate() {
            if i > 0 {
                self.press(Buttons::RIGHT)?;
            }
            let steps = if symbol > 16 { symbol as f32 - 32.0 } else { symbol as f32 };
            if steps != 0.0 {
                self.crank(steps * chek_ui::controls::DIAL_STEP)?;
            }
        }
        Ok(())
    }

    /// Runs `commands`, calling `shot` for each `shot` command.
    ///
    /// # Errors
    /// A fault (with the line's command), or what `shot` returns.
    pub fn run(
        &mut self,
        commands: &[Command],
        mut shot: impl FnMut(&str, &Session) -> Result<(), String>,
    ) -> Result<(), String> {
        for command in commands {
            let done = match command {
                Command::Press(buttons) => self.press(*buttons),
                Command::Crank(degrees) => self.crank(*degrees),
                Command::Dock => {
                    self.docked = true;
                    self.idle()
                }
                Command::Undock => {
                    self.docked = false;
                    self.idle()
                }
                Command::Wait(ms) => self.wait(*ms),
                Command::Menu(item) => self.device.menu(item.title()).and_then(|()| self.idle()),
                Command::Relaunch => {
                    self.relaunch()?;
                    Ok(())
                }
                Command::Type(code) => self.type_code(code),
                Command::Shot(name) => {
                    shot(name, self)?;
                    Ok(())
                }
            };
            done.map_err(|fault| format!("{command:?}: {fault}; last run: {}", self.device.recent().join(" < ")))?;
        }
        Ok(())
    }
}

/// Lays out the Data folder a `chek shot` run starts from: the files of `files` (if
/// given) and the settings that choose the game, variant and setup, as the desktop's
/// App has them after `chek shot` chose them.
///
/// # Errors
/// An unknown choice, an unreadable folder.
pub fn prepare_data(data: &Path, seed: u64, choice: [Option<&str>; 3], files: Option<&Path>) -> Result<(), String> {
    let driver = chek_desktop::script::start(seed, choice, files)?;
    std::fs::create_dir_all(data).map_err(|e| format!("{}: {e}", data.display()))?;
    if let Some(dir) = files {
        for entry in std::fs::read_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))? {
            let path = entry.map_err(|e| e.to_string())?.path();
            if let Some(name) = path.file_name() {
                std::fs::copy(&path, data.join(name)).map_err(|e| format!("{}: {e}", path.display()))?;
            }
        }
    }
    let settings = driver.app.settings();
    let path = data.join(chek_ui::store::SETTINGS);
    std::fs::write(&path, &settings[..]).map_err(|e| format!("{}: {e}", path.display()))
}
