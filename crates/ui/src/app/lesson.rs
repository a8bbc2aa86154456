//! Learning by playing: a game's lesson is a list of [`LessonStep`]s, each a small
//! position on the real board, played with the real controls. The App shows a step's
//! card beside the board (what to do), marks the piece and its target, lets the
//! player try, and judges the decision the game reports ([`crate::Play::last_decision`]):
//! the one asked for shows what happened and why; any other is undone with a hint.
//! The lessons are data in each game's folder; tests play every step through the
//! inputs.

use alloc::boxed::Box;
use alloc::string::String;

use embedded_graphics::prelude::*;
use embedded_graphics::primitives::Rectangle;

use crate::app::App;
use crate::catalog::Catalog;
use crate::controls::{Command, Dir};
use crate::frame::Frame;
use crate::play::{Play, View};
use crate::screens::{Effect, Screen, TitleItem};
use crate::sound::AddCue;
pub use crate::vocab::{LessonStep, Phase};
use crate::widgets::wrap;
use crate::widgets::{fill, hint, line, rounded_box, text, Key, BOLD, INK, PAPER, SMALL};

/// The lesson being played: the step's game.
#[derive(Clone, Debug)]
pub struct Lesson<P> {
    /// The step's game (every seat a person; never saved).
    pub play: Box<P>,
    /// Decisions the game had taken when the step began.
    base: u32,
}

/// How long a lesson's marks stay in one size of their breath.
pub(crate) const BREATH_MS: u32 = 400;

/// The most steps a lesson's place in the settings can say (a byte a game).
pub(crate) const MAX_LESSON_STEPS: usize = 40;

impl<C: Catalog> App<C>
where
    C::Play: Clone + core::fmt::Debug,
{
    /// The chosen game's lesson.
    pub fn lesson_steps(&self) -> &'static [LessonStep] {
        self.game().lesson
    }

    /// The step the chosen game's lesson opens on: where the player stopped (0 after
    /// a finished lesson).
    pub fn lesson_resume(&self) -> usize {
        let at = self.lesson_at.get(self.game).copied().unwrap_or(0) as usize;
        if at >= self.lesson_steps().len() {
            0
        } else {
            at
        }
    }

    /// Whether the lesson's marks changed their breath between `before_ms` and `now_ms`
    /// (they are still with reduced flashing): only then does a lesson's frame that
    /// nothing else changed need drawing.
    pub(crate) fn marks_breathed(&self, before_ms: u32, now_ms: u32) -> bool {
        matches!(self.screen, Screen::Learn { phase, .. } if phase.marks())
            && !self.reduce_flashing
            && before_ms / BREATH_MS != now_ms / BREATH_MS
    }

    /// The lesson in progress (its game), if the screen shows one.
    pub fn lesson(&self) -> Option<&C::Play> {
        self.lesson.as_ref().map(|l| &*l.play)
    }

    /// Opens the chosen game's lesson at `step` (where the player stopped when
    /// `None`). Returns false when the game has no lesson.
    pub fn open_lesson(&mut self, step: Option<usize>) -> bool {
        let steps = self.lesson_steps();
        let step = step.unwrap_or_else(|| self.lesson_resume());
        if step >= steps.len() {
            return false;
        }
        self.go_to_step(step);
        true
    }

    /// Sets up step `step` of the chosen game's lesson, or past the last goes to the
    /// title on *New game*, to play for real (the lesson then starts again from its
    /// first step). A step that does not set up (a defect the tests catch) is passed
    /// over.
    fn go_to_step(&mut self, step: usize) {
        let steps = self.lesson_steps();
        let mut step = step;
        while let Some(at) = steps.get(step) {
            if let Ok(play) = C::lesson(self.game, at) {
                self.remember_step(step);
                let base = play.session().last_decision().0;
                self.lesson = Some(Lesson { play: Box::new(play), base });
                self.screen = Screen::Learn { step: step as u8, phase: Phase::Read };
                return;
            }
            step += 1;
        }
        self.remember_step(step);
        self.leave_lesson(TitleItem::NewGame);
    }

    /// Closes the lesson for the title, on `item`.
    fn leave_lesson(&mut self, item: TitleItem) {
        self.lesson = None;
        self.screen = Screen::Title { item };
    }

    /// Keeps `step` as where the chosen game's lesson stopped (in the settings).
    fn remember_step(&mut self, step: usize) {
        if let Some(at) = self.lesson_at.get_mut(self.game) {
            let step = step.min(MAX_LESSON_STEPS) as u8;
            if *at != step {
                *at = step;
                self.pending.settings = true;
            }
        }
    }

    /// One frame of a lesson. On the card (read, wrong, done): A goes on, B skips the
    /// step, left leaves (the lesson remembers the step). Trying: the board takes the
    /// input until the game reports a decision; docking the crank goes back to the
    /// card.
    pub(crate) fn learn(&mut self, step: u8, phase: Phase, command: &Command, docked_now: bool) -> Option<Effect> {
        let step_index = step as usize;
        let Some(at) = self.lesson_steps().get(step_index).copied() else {
            self.leave_lesson(TitleItem::Learn);
            return None;
        };
        let leave = command.dpad == Some(Dir::Left);
        match phase {
            Phase::Read | Phase::Wrong | Phase::Done if leave => {
                self.leave_lesson(TitleItem::Learn);
                Some(Effect::SaveSettings)
            }
            Phase::Done if command.a || command.b => {
                self.go_to_step(step_index + 1);
                Some(Effect::SaveSettings)
            }
            Phase::Read | Phase::Wrong if command.b => {
                self.go_to_step(step_index + 1);
                Some(Effect::SaveSettings)
            }
            // The wrong decision's step was set up afresh when it was undone.
            Phase::Read | Phase::Wrong if command.a => {
                self.screen = Screen::Learn { step, phase: Phase::Try };
                None
            }
            Phase::Try if docked_now => {
                self.go_to_step(step_index);
                None
            }
            Phase::Try => self.try_step(step, &at, command),
            _ => None,
        }
    }

    /// The board takes a frame of input; a decision is judged once the game has shown
    /// it (its dice stopped).
    fn try_step(&mut self, step: u8, at: &LessonStep, command: &Command) -> Option<Effect> {
        let now = self.now;
        let lesson = self.lesson.as_mut()?;
        for cue in lesson.play.update(command, now) {
            self.cues.add(cue);
        }
        let (count, last) = lesson.play.session().last_decision();
        if count == lesson.base {
            return None;
        }
        let asked = last.as_deref().is_some_and(|d| at.expect.is_empty() || at.expect.contains(&d));
        if !asked {
            self.go_to_step(step as usize);
            self.screen = Screen::Learn { step, phase: Phase::Wrong };
            let _ = self.cues.try_push(crate::sound::Cue::Deny);
        } else if !lesson.play.busy(now) {
            self.screen = Screen::Learn { step, phase: Phase::Done };
        }
        None
    }
}

/// Draws the lesson's board and card.
pub(crate) fn draw_lesson<C: Catalog>(app: &App<C>, step: u8, phase: Phase, f: &mut Frame)
where
    C::Play: Clone + core::fmt::Debug,
{
    let Some(play) = app.lesson() else { return };
    let steps = app.lesson_steps();
    let Some(at) = steps.get(step as usize) else { return };
    let view = app.view(phase == Phase::Try);
    play.draw(f, &view);
    if phase.marks() && !play.busy(view.now) {
        if let Some(decision) = at.expect.first() {
            for cell in play.cells_of(decision).into_iter().flatten() {
                mark(f, cell, &view);
            }
        }
    }
    let area = play.card_area();
    let x = area.top_left.x;
    if phase == Phase::Try {
        short_card(f, area, step, at);
        if let (Some(key), false) = (at.key, play.busy(view.now)) {
            mark_hint(f, x, key, &view);
        }
        return;
    }
    card(f, x, step, steps.len(), at, phase);
    fill(f, x, 186, (400 - x).max(0) as u32, 54, PAPER);
    let a = match phase {
        Phase::Read => "try it",
        Phase::Wrong => "try again",
        _ if step as usize + 1 >= steps.len() => "finish",
        _ => "next step",
    };
    hint(f, Key::A, a, x + 4, 190);
    hint(f, Key::B, if phase == Phase::Done { "next step" } else { "skip step" }, x + 4, 206);
    hint(f, Key::Dpad, "left: leave", x + 4, 222);
}

/// The card over the whole panel: the step, what to do (or the hint, or what
/// happened).
fn card(f: &mut Frame, x: i32, step: u8, steps: usize, at: &LessonStep, phase: Phase) {
    let width = (400 - x).max(60);
    fill(f, x, 0, width as u32, 186, PAPER);
    rounded_box(f, Rectangle::new(Point::new(x + 2, 2), Size::new((width - 4) as u32, 180)), PAPER);
    let left = x + 8;
    text(f, &alloc::format!("Learn {}/{}", step + 1, steps), left, 7, SMALL, INK);
    let title: String = match phase {
        Phase::Wrong => "Not quite".into(),
        Phase::Done => alloc::format!("{}: done", at.title),
        _ => at.title.into(),
    };
    text(f, &title, left, 19, BOLD, INK);
    line(f, Point::new(left, 34), Point::new(x + width - 8, 34), 1, INK);
    let words = match phase {
        Phase::Wrong => at.hint,
        Phase::Done => at.then,
        _ => at.say,
    };
    let columns = ((width - 16) / 6).max(10) as usize;
    for (i, row) in wrap(words, columns).iter().take(13).enumerate() {
        text(f, row, left, 39 + i as i32 * 11, SMALL, INK);
    }
}

/// The card while the player tries: the step and what to do, in the part of the panel
/// the game needs least ([`Play::card_area`]).
fn short_card(f: &mut Frame, area: Rectangle, step: u8, at: &LessonStep) {
    let (x, y) = (area.top_left.x, area.top_left.y);
    let (width, height) = (area.size.width as i32, area.size.height as i32);
    fill(f, x, y, width.max(0) as u32, height.max(0) as u32, PAPER);
    let inner =
        Rectangle::new(Point::new(x + 2, y + 2), Size::new((width - 4).max(8) as u32, (height - 4).max(8) as u32));
    rounded_box(f, inner, PAPER);
    text(f, &alloc::format!("{}. {}", step + 1, at.title), x + 8, y + 5, BOLD, INK);
    let columns = ((width - 16) / 6).max(10) as usize;
    let rows = ((height - 24) / 10).max(1) as usize;
    for (i, row) in wrap(at.say, columns).iter().take(rows).enumerate() {
        text(f, row, x + 8, y + 20 + i as i32 * 10, SMALL, INK);
    }
}

/// Marks the hint row of `key` under the panel that starts at `x` (the rows of
/// [`crate::widgets::panel_hints`]; the crank's row is the D-pad's while it is
/// docked): a frame round it, breathing unless flashing is reduced.
fn mark_hint(f: &mut Frame, x: i32, key: Key, view: &View) {
    let y = match key {
        Key::A => 190,
        Key::B => 206,
        Key::Crank | Key::Dpad => 222,
    };
    let grow = if view.reduce_flashing || (view.now / BREATH_MS).is_multiple_of(2) { 0 } else { 1 };
    let row = Rectangle::new(
        Point::new(x + 1 - grow, y - 2 - grow),
        Size::new((398 - x + 2 * grow).max(8) as u32, (17 + 2 * grow) as u32),
    );
    crate::widgets::outline(f, row, 2, INK);
}

/// Marks a cell the step asks for: corner brackets inside its edge, breathing in and
/// out unless flashing is reduced (inside, so the marks of neighbouring cells stay
/// apart).
pub(crate) fn mark(f: &mut Frame, cell: Rectangle, view: &View) {
    let inset = if view.reduce_flashing || (view.now / BREATH_MS).is_multiple_of(2) { 1 } else { 3 };
    let tl = cell.top_left + Point::new(inset, inset);
    let (w, h) = (cell.size.width as i32 - 1 - 2 * inset, cell.size.height as i32 - 1 - 2 * inset);
    let arm = (w.min(h) / 3).max(3);
    let corners =
        [(tl, 1, 1), (tl + Point::new(w, 0), -1, 1), (tl + Point::new(0, h), 1, -1), (tl + Point::new(w, h), -1, -1)];
    // A paper halo under the ink, so the mark reads on any square.
    for (color, width) in [(PAPER, 4), (INK, 2)] {
        for (corner, dx, dy) in corners {
            line(f, corner, corner + Point::new(dx * arm, 0), width, color);
            line(f, corner, corner + Point::new(0, dy * arm), width, color);
        }
    }
}
