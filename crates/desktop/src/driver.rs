//! Drives an [`App`] the way a shell does: frames of input at 30 fps on a clock.

use chek_cartridge::App;
use chek_ui::store::MemoryStorage;
use chek_ui::{Buttons, Frame, Input, MenuCommand};

/// Milliseconds per frame at the Playdate's 30 fps.
pub const FRAME_MS: u32 = 33;

/// An App with a clock, a crank and held buttons.
#[derive(Debug)]
pub struct Driver {
    /// The App.
    pub app: App,
    /// The clock, in milliseconds.
    pub now: u32,
    /// Whether the crank is docked.
    pub docked: bool,
    /// The reduce-flashing setting.
    pub reduce_flashing: bool,
    held: Buttons,
    /// Frames run so far.
    pub frames: u32,
    /// The sound cues the App played, with the frame they came in, oldest first.
    pub cues: Vec<(u32, chek_ui::sound::Cue)>,
    /// The App's files, flushed after every frame, when the driver keeps them (a
    /// relaunch reads them back).
    pub files: Option<MemoryStorage>,
    /// Every frame's input, when kept ([`Driver::keep_inputs`]): a line each, for
    /// another host (the Playdate library's) to replay.
    pub inputs: Option<Vec<String>>,
}

impl Driver {
    /// Drives `app`, crank out, from time 0.
    pub fn new(app: App) -> Driver {
        let mut driver = Driver {
            app,
            now: 0,
            docked: false,
            reduce_flashing: false,
            held: Buttons::NONE,
            frames: 0,
            cues: Vec::new(),
            files: None,
            inputs: None,
        };
        driver.idle();
        driver
    }

    /// Drives the App launched from `files` (as a shell's Data folder), keeping them.
    pub fn launch(seed: u64, mut files: MemoryStorage) -> Driver {
        let app = App::launch(seed, &mut files);
        let mut driver = Driver::new(app);
        driver.files = Some(files);
        driver.flush();
        driver
    }

    /// Writes what the App changed into the kept files.
    fn flush(&mut self) {
        if let Some(files) = self.files.as_mut() {
            for e in self.app.flush(files) {
                eprintln!("{e}");
            }
        }
    }

    /// Quits (saving, as Home does) and launches again from the kept files, with a new
    /// seed; the clock goes on.
    pub fn relaunch(&mut self, seed: u64) {
        self.app.request_save();
        self.flush();
        let mut files = self.files.take().unwrap_or_default();
        self.app = App::launch(seed, &mut files);
        self.files = Some(files);
        self.docked = false;
        self.idle();
    }

    /// Chooses a system-menu item (the Menu button's list).
    pub fn menu(&mut self, command: MenuCommand) {
        self.app.menu(command);
        self.flush();
        self.idle();
    }

    /// Keeps every frame's input from now on, a line each: the buttons held and
    /// pushed (the Playdate's bits), the crank's change in degrees, and whether it is
    /// docked (`32 32 0 0`).
    pub fn keep_inputs(&mut self) {
        self.inputs = Some(Vec::new());
    }

    /// One frame of input, then the clock moves on a frame.
    pub fn frame(&mut self, mut input: Input) {
        input.crank_docked = self.docked;
        input.reduce_flashing = self.reduce_flashing;
        if let Some(inputs) = self.inputs.as_mut() {
            inputs.push(format!(
                "{} {} {} {}",
                input.held.0,
                input.pushed.0,
                input.crank_change,
                u8::from(self.docked)
            ));
        }
        self.app.update(&input, self.now);
        let frame = self.frames;
        self.cues.extend(self.app.cues().iter().map(|&cue| (frame, cue)));
        self.frames += 1;
        self.now = self.now.wrapping_add(FRAME_MS);
        self.flush();
    }

    /// A frame with nothing pressed.
    pub fn idle(&mut self) {
        let held = self.held;
        self.frame(Input { held, ..Input::idle() });
    }

    /// Presses `buttons` for one frame and releases them the next.
    pub fn press(&mut self, buttons: Buttons) {
        self.frame(Input { held: buttons, pushed: buttons, ..Input::idle() });
        self.frame(Input::idle());
    }

    /// Holds `buttons` down (they repeat where the App repeats them) until released.
    pub fn hold(&mut self, buttons: Buttons) {
        self.held = buttons;
        self.frame(Input { held: buttons, pushed: buttons, ..Input::idle() });
    }

    /// Releases held buttons.
    pub fn release(&mut self) {
        self.held = Buttons::NONE;
        self.frame(Input::idle());
    }

    /// Turns the crank by `degrees` in one frame.
    pub fn crank(&mut self, degrees: f32) {
        self.frame(Input { crank_change: degrees, ..Input::idle() });
    }

    /// Folds the crank away.
    pub fn dock(&mut self) {
        self.docked = true;
        self.idle();
    }

    /// Takes the crank out.
    pub fn undock(&mut self) {
        self.docked = false;
        self.idle();
    }

    /// Plays a game of `id` (its `variant` and `setup`, or the first) with two CPU easy
    /// seats from the title through the new-game screen, to its game-over sheet.
    ///
    /// # Errors
    /// The game, variant or setup is not there, or the game does not end.
    pub fn cpus_play_out(&mut self, id: &str, variant: Option<&str>, setup: Option<&str>) -> Result<(), String> {
        use chek_ui::{Overlay, Screen};
        if !self.app.choose(id, variant, setup) {
            return Err(format!("{id}: no such game, variant or setup"));
        }
        self.press(Buttons::A);
        // From the start (Chek's "First" row above it): up to each seat, a right each
        // (CPU easy), then the start.
        if id == "chek" {
            self.press(Buttons::UP);
        }
        for _ in 0..2 {
            self.press(Buttons::UP);
            self.press(Buttons::RIGHT);
        }
        for _ in 0..8 {
            self.press(Buttons::DOWN);
        }
        self.press(Buttons::A);
        for _ in 0..400_000 {
            if matches!(self.app.screen(), Screen::Play { overlay: Overlay::GameOver { .. } }) {
                return Ok(());
            }
            self.idle();
        }
        Err(format!("{id}: the CPUs did not finish the game"))
    }

    /// From the game-over sheet, down to *Review* (its last choice) and A.
    ///
    /// # Errors
    /// The review did not open.
    pub fn open_review(&mut self) -> Result<(), String> {
        self.wait(chek_ui::GUARD_MS + 100);
        for _ in 0..chek_ui::OverItem::ALL.len() {
            self.press(Buttons::DOWN);
        }
        self.press(Buttons::A);
        match self.app.screen() {
            chek_ui::Screen::Review { .. } => Ok(()),
            other => Err(format!("the review did not open: {other:?}")),
        }
    }

    /// Lets `ms` milliseconds pass, frame by frame.
    pub fn wait(&mut self, ms: u32) {
        let frames = ms.div_ceil(FRAME_MS);
        for _ in 0..frames {
            self.idle();
        }
    }

    /// Waits until no animation is running (at most ten seconds).
    pub fn settle(&mut self) {
        for _ in 0..300 {
            if !self.app.animating() {
                break;
            }
            self.idle();
        }
        self.idle();
    }

    /// The frame the App draws now.
    pub fn render(&self) -> Frame {
        let mut frame = Frame::new();
        self.app.draw(&mut frame);
        frame
    }
}
