//! Hints on the board, asked for on the pause sheet or in the system menu, against
//! the CPU and between people. The first marks where the decision the Hard CPU would
//! take starts (the piece, or Che's cell); the next marks the whole decision. The
//! game thinks it in slices, the thinking bar showing; once it shows, the game is
//! assisted (its save and its record say so). A strict game has neither hints nor
//! take-backs.

use embedded_graphics::prelude::*;
use embedded_graphics::primitives::Rectangle;

use crate::app::App;
use crate::catalog::Catalog;
use crate::frame::Frame;
use crate::hint::HintThought;
use crate::play::{Play, View};
use crate::screens::{Overlay, Screen};
use crate::widgets::{fill, line, outline, progress_bar, text, BOLD, INK, PAPER, SMALL};

/// A hint on the board.
#[derive(Clone, PartialEq, Eq, Debug)]
pub(crate) struct Hint {
    /// The decisions the game had taken when it was asked: one more clears it.
    at: u32,
    /// Whether the whole decision is marked (asked twice), or where it starts.
    whole: bool,
    /// The thinking, then the decision.
    thought: HintThought,
}

impl<C: Catalog> App<C>
where
    C::Play: Clone + core::fmt::Debug,
{
    /// Whether the game on the board takes hints and take-backs: not a strict one.
    pub(crate) fn helps(&self) -> bool {
        !self.options().strict || self.play.as_ref().is_none_or(|p| !crate::app::menus::against_cpu(p))
    }

    /// Whether a hint can be asked for now: a person to act in a game that helps.
    pub(crate) fn hint_offered(&self) -> bool {
        self.helps() && self.play.as_ref().is_some_and(|p| !p.is_over() && !p.cpu_to_act())
    }

    /// A hint was asked for: the first marks where the decision starts, the next
    /// (once thought) the whole decision. The board shows again.
    // A frame of its own, off the screens' path on the device's small stack.
    #[inline(never)]
    pub(crate) fn hint_asked(&mut self) {
        if !self.hint_offered() {
            return;
        }
        let Some(play) = self.play.as_ref() else { return };
        let at = play.session().last_decision().0;
        match &mut self.hint {
            Some(hint) if hint.at == at => hint.whole |= matches!(hint.thought, HintThought::Ready(_)),
            _ => self.hint = Some(Hint { at, whole: false, thought: HintThought::Thinking(0) }),
        }
        self.set_screen(Screen::Play { overlay: Overlay::None });
    }

    /// One frame of the hint on the board: a slice of its thinking; it goes once a
    /// decision is taken. Returns whether the game just became assisted (to save).
    // A frame of its own, off the screens' path on the device's small stack.
    #[inline(never)]
    pub(crate) fn hint_frame(&mut self) -> bool {
        let (Some(play), Some(hint)) = (self.play.as_mut(), self.hint.as_mut()) else { return false };
        if play.session().last_decision().0 != hint.at {
            self.hint = None;
            return false;
        }
        if !matches!(hint.thought, HintThought::Thinking(_)) {
            return false;
        }
        match play.think_hint(self.clock) {
            Some(thought @ HintThought::Ready(_)) => {
                hint.thought = thought;
                let first = !play.session().assisted();
                play.mark_assisted();
                first
            }
            Some(thought) => {
                hint.thought = thought;
                false
            }
            None => {
                self.hint = None;
                false
            }
        }
    }

    /// Whether a hint is being thought about (the frames go on without input).
    pub(crate) fn hint_thinking(&self) -> bool {
        self.hint.as_ref().is_some_and(|h| matches!(h.thought, HintThought::Thinking(_)))
    }

    /// The hint's decision, once thought, and whether it is marked whole.
    pub fn hint_shown(&self) -> Option<(&str, bool)> {
        match &self.hint.as_ref()?.thought {
            HintThought::Ready(decision) => Some((decision.as_str(), self.hint.as_ref()?.whole)),
            HintThought::Thinking(_) => None,
        }
    }

    /// Draws the hint over the board: its marks, and a line under the panel's top.
    pub(crate) fn draw_hint(&self, play: &C::Play, view: &View, f: &mut Frame) {
        let Some(hint) = self.hint.as_ref() else { return };
        let area = play.card_area();
        let (x, y, w) = (area.top_left.x + 4, area.top_left.y + 4, area.size.width.saturating_sub(10));
        fill(f, x - 2, y - 2, w + 4, 30, PAPER);
        outline(f, Rectangle::new(Point::new(x - 2, y - 2), Size::new(w + 4, 30)), 1, INK);
        match &hint.thought {
            HintThought::Thinking(percent) => {
                text(f, "Hint: thinking", x + 2, y, BOLD, INK);
                progress_bar(f, Rectangle::new(Point::new(x + 2, y + 15), Size::new(w.saturating_sub(4), 9)), *percent);
            }
            HintThought::Ready(decision) => {
                let cells = play.cells_of(decision);
                let [from, to] = cells;
                let line_text =
                    if hint.whole { alloc::format!("Hint: {decision}") } else { "Hint: the marked piece".into() };
                text(f, &line_text, x + 2, y, BOLD, INK);
                text(f, if hint.whole { "the whole move" } else { "hint again: the move" }, x + 2, y + 14, SMALL, INK);
                if let Some(cell) = from {
                    crate::app::lesson::mark(f, cell, view);
                }
                if let (true, Some(a), Some(b)) = (hint.whole, from, to) {
                    for (colour, width) in [(PAPER, 4), (INK, 2)] {
                        line(f, a.center(), b.center(), width, colour);
                    }
                    crate::app::lesson::mark(f, b, view);
                }
            }
        }
    }
}
