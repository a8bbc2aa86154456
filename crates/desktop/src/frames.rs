//! Frames as the Playdate shell runs them, for counting their instructions
//! (`scripts/bench-frame`): the App's update, its `redraw` (nothing on an idle frame;
//! else the drawing into a scratch frame and the rows that changed), and their copy to
//! the screen's buffer.

use chek_ui::{Frame, Input};

use crate::driver::Driver;
use crate::script::{self, Command};

/// Which frames to run.
#[derive(Clone, Copy, PartialEq, Eq, Debug, clap::ValueEnum)]
pub enum Kind {
    /// Nothing pressed, nothing moving, on a busy board: the update alone.
    Idle,
    /// A full redraw of a busy board (four seats, 24 pieces), every frame.
    Redraw,
    /// The dice rolling (an attack in four-sides), as long as they roll.
    Dice,
    /// A review of a finished game (two CPU easy seats of Chek's skirmish) while its
    /// graph is worked out.
    Review,
}

/// The screenshot tour, whose opening reaches the board and the first attack.
const TOUR: &str = include_str!("../../../docs/shots/tour.txt");

/// The shell's two frames and the screen's buffer.
struct Shell {
    driver: Driver,
    shown: Frame,
    drawn: Frame,
    lcd: Vec<u8>,
}

impl Shell {
    /// One frame as the Playdate shell runs it (`App::redraw`, then the changed rows
    /// copied); `redraw_all` as after the system menu. Whether it drew.
    fn frame(&mut self, redraw_all: bool) -> bool {
        self.driver.frame(Input::idle());
        let drew = redraw_all || self.driver.app.needs_draw();
        if let Some((first, last)) = self.driver.app.redraw(&mut self.drawn, &self.shown, redraw_all) {
            let row = chek_ui::frame::ROW_BYTES;
            let (start, end) = (first * row, (last + 1) * row);
            self.lcd[start..end].copy_from_slice(&self.drawn.bytes()[start..end]);
            core::mem::swap(&mut self.shown, &mut self.drawn);
        }
        drew
    }
}

/// The tour's commands up to (not including) the `shot` named `name`, or the `wait`
/// just before it.
pub fn tour_until(name: &str) -> Result<Vec<Command>, String> {
    let mut commands = script::parse(TOUR)?;
    let at = commands
        .iter()
        .position(|c| matches!(c, Command::Shot(n) if n == name))
        .ok_or_else(|| format!("the tour has no shot {name:?}"))?;
    commands.truncate(at);
    if matches!(commands.last(), Some(Command::Wait(_))) {
        commands.pop();
    }
    commands.retain(|c| !matches!(c, Command::Shot(_)));
    Ok(commands)
}

/// Sets up the App for `kind` on a board of Chek's `variant`, then runs up to `frames`
/// frames of that kind. Returns the frames run and how many of them drew.
///
/// # Errors
/// The tour cannot be replayed.
pub fn run(kind: Kind, frames: u32, variant: &str) -> Result<(u32, u32), String> {
    // The App keeps its files as the shell does, flushed after every update.
    let mut driver = Driver::launch(1, chek_ui::store::MemoryStorage::new());
    if kind == Kind::Review {
        return review(driver, frames, variant);
    }
    if !driver.app.choose("chek", Some(variant), Some("four-sides")) {
        return Err(format!("variant: Chek has no {variant:?}"));
    }
    let until = if kind == Kind::Dice { "dice-rolling" } else { "board" };
    script::run(&mut driver, &tour_until(until)?, |_, _| Ok(()))?;
    let mut shell =
        Shell { driver, shown: Frame::new(), drawn: Frame::new(), lcd: vec![0; chek_ui::frame::FRAME_BYTES] };
    if kind != Kind::Dice {
        // Settle: the screen shows the board and nothing moves.
        for _ in 0..200 {
            if !shell.frame(false) {
                break;
            }
        }
    }
    let (mut ran, mut drew) = (0, 0);
    while ran < frames {
        if kind == Kind::Dice && !shell.driver.app.animating() {
            break;
        }
        drew += shell.frame(kind == Kind::Redraw) as u32;
        ran += 1;
    }
    Ok((ran, drew))
}

/// A finished game of Chek's skirmish under `variant`, two CPU easy seats, reviewed
/// from its game-over sheet: up to `frames` frames while the graph is worked out.
fn review(mut driver: Driver, frames: u32, variant: &str) -> Result<(u32, u32), String> {
    driver.cpus_play_out("chek", Some(variant), Some("skirmish"))?;
    driver.open_review()?;
    if let Some((_, decisions)) = driver.app.review_at() {
        eprintln!("reviewing a game of {decisions} decisions");
    }
    let mut shell =
        Shell { driver, shown: Frame::new(), drawn: Frame::new(), lcd: vec![0; chek_ui::frame::FRAME_BYTES] };
    let (mut ran, mut drew) = (0, 0);
    while ran < frames && shell.driver.app.review_marks().is_none() {
        drew += shell.frame(false) as u32;
        ran += 1;
    }
    Ok((ran, drew))
}
