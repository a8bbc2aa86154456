//! Reviewing a finished game: from the game-over sheet, or from Records (each game's
//! last ten, [`crate::kept`]). The crank (or left and right) steps through the kept
//! decisions, forwards and back, the board showing each position (Chek's panel its
//! conflicts' dice and odds) and the moves beside it. A graph across the game shows
//! each position's chances as Hard's evaluation sees them for one seat, worked out a
//! few positions a frame behind a progress bar; its biggest swings are marked, up and
//! down choose one and A jumps to it: "South's b2-b3 gave up about 30%". A review
//! plays on a copy: no save changes.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use chek_engine::Seat;
use embedded_graphics::prelude::*;
use embedded_graphics::primitives::{Line, PrimitiveStyle, Rectangle};

use crate::app::App;
use crate::catalog::Catalog;
use crate::controls::{Command, Dir};
use crate::frame::Frame;
use crate::play::{Play, View};
use crate::screens::{Overlay, ReviewBack, RulesBack, Screen};
use crate::widgets::{
    fill, hint, line, menu_row, outline, progress_bar, text, text_right, Key, BOLD, INK, PAPER, SMALL,
};

/// Positions of the graph worked out a frame (each replays one decision and
/// evaluates it: well inside a CPU slice).
pub const GRAPH_PER_FRAME: usize = 6;
/// The swings marked on the graph at the most.
pub const MARKS: usize = 3;
/// A swing is marked from this much of a chance given up (3%).
const MARKED_FROM: f32 = 0.03;

/// A finished game being reviewed.
#[derive(Clone, Debug)]
pub(crate) struct Review<P> {
    /// The finished game, walked through for the graph.
    game: P,
    /// The game at the decision shown.
    shown: P,
    /// Kept decisions shown (0: the kept start).
    at: usize,
    /// Kept decisions in all, and those folded into the start before them.
    len: usize,
    folded: u32,
    /// The seat whose chances the graph shows: the first a person played.
    seat: Seat,
    /// The seat's chance at each position worked out so far (`len + 1` once done).
    values: Vec<f32>,
    /// The biggest swings: the decisions (an index) that gave up most, biggest first.
    marks: Vec<usize>,
}

impl<P: Play + Clone> Review<P> {
    /// A review of `game` (finished), from its last position.
    pub(crate) fn of(game: P) -> Review<P> {
        let (len, folded) = game.session().kept();
        let info = game.info();
        let table = info.setups.get(game.setup()).map(|s| s.seats).unwrap_or_default();
        let kinds = game.session().kinds();
        let seat = table.iter().find(|&s| !kinds[s].is_cpu()).or_else(|| table.iter().next()).unwrap_or_default();
        Review { shown: game.clone(), game, at: len, len, folded, seat, values: Vec::new(), marks: Vec::new() }
    }

    /// Whether the graph is still being worked out.
    pub(crate) fn working(&self) -> bool {
        self.values.len() <= self.len
    }

    /// One frame of the graph: [`GRAPH_PER_FRAME`] more positions; the swings once
    /// it is done. (A frame of its own on the device's small stack.)
    #[inline(never)]
    pub(crate) fn work(&mut self) {
        for _ in 0..GRAPH_PER_FRAME {
            if !self.working() {
                break;
            }
            match self.game.value_next() {
                Some(values) => self.values.push(values[self.seat]),
                None => self.values.resize(self.len + 1, self.values.last().copied().unwrap_or(0.5)),
            }
        }
        if !self.working() && self.marks.is_empty() {
            self.marks = self.swings();
        }
    }

    /// The turns that gave up most of their own seat's chance, biggest first (the
    /// decision that began each).
    fn swings(&self) -> Vec<usize> {
        // The biggest kept in order as they come (no sort: its recursion is off the
        // device's stack budget).
        let mut biggest: arrayvec::ArrayVec<(usize, f32), MARKS> = arrayvec::ArrayVec::new();
        for (i, lost) in (0..self.len).filter_map(|i| Some((i, self.lost(i)?))) {
            if lost < MARKED_FROM {
                continue;
            }
            let at = biggest.iter().position(|&(_, l)| lost > l).unwrap_or(biggest.len());
            if at < MARKS {
                if biggest.is_full() {
                    biggest.pop();
                }
                biggest.insert(at, (i, lost));
            }
        }
        biggest.into_iter().map(|(i, _)| i).collect()
    }

    /// How much of its seat's chance the turn begun by decision `i` gave up: from
    /// before it to the seat's next turn (so the reply it allowed counts, which a
    /// position's own evaluation cannot see). `None` for a decision that goes on a
    /// turn (a chain attack, Che's second tile).
    fn lost(&self, i: usize) -> Option<f32> {
        let session = self.game.session();
        let seat_of = |k: usize| session.decision(k).map(|(seat, _)| seat);
        let seat = seat_of(i)?;
        if i > 0 && seat_of(i - 1) == Some(seat) {
            return None;
        }
        let next =
            (i + 1..self.len).find(|&k| seat_of(k) == Some(seat) && seat_of(k - 1) != Some(seat)).unwrap_or(self.len);
        let change = self.values.get(next)? - self.values.get(i)?;
        Some(if seat == self.seat { -change } else { change })
    }

    /// Shows the position after `at` kept decisions. (A frame of its own on the
    /// device's small stack.)
    #[inline(never)]
    fn show(&mut self, at: usize) {
        let at = at.min(self.len);
        if at != self.at {
            self.at = at;
            self.shown = self.game.clone();
            self.shown.rewind_to(at);
        }
    }

    /// The turn begun by decision `i`: its seat, the decision, and how much of its
    /// chance it gave up in percent.
    fn given_up(&self, i: usize) -> Option<(Seat, String, i32)> {
        let (seat, text) = self.game.session().decision(i)?;
        Some((seat, text, (self.lost(i)? * 100.0 + 0.5) as i32))
    }
}

impl<C: Catalog> App<C>
where
    C::Play: Clone + core::fmt::Debug,
{
    /// Reviews the game just finished (the game-over sheet's *Review*).
    // A frame of its own, off the screens' path on the device's small stack.
    #[inline(never)]
    pub(crate) fn open_review_of_play(&mut self) {
        if let Some(play) = self.play.clone() {
            self.review = Some(Review::of(play));
            self.set_screen(Screen::Review { mark: None, back: ReviewBack::GameOver });
        }
    }

    /// The kept games of the game on records page `page`, newest first: their lines.
    pub fn kept_lines(&self, page: u8) -> Vec<&str> {
        C::games().get(page as usize).map_or_else(Vec::new, |info| self.kept.lines(info.save_id))
    }

    /// The list of kept games: up and down choose, A reviews, B goes back to Records.
    // A frame of its own, off the screens' path on the device's small stack.
    #[inline(never)]
    pub(crate) fn kept_list(&mut self, page: u8, item: u8, back: RulesBack, command: &Command) {
        let Some(info) = C::games().get(page as usize) else { return };
        let count = self.kept.lines(info.save_id).len();
        if command.b || count == 0 {
            self.screen = Screen::Records { page, back };
            return;
        }
        let last = count.saturating_sub(1) as i32;
        let item = match command.dpad {
            Some(dir @ (Dir::Up | Dir::Down)) => (item as i32 + dir.step()).clamp(0, last) as u8,
            _ => (item as i32).min(last) as u8,
        };
        self.screen = Screen::Kept { page, item, back };
        if command.a {
            if let Ok(play) = self.kept.load(info.save_id, item as usize).and_then(|saved| C::load(&saved)) {
                self.review = Some(Review::of(play));
                self.screen = Screen::Review { mark: None, back: ReviewBack::Kept { page, item, back } };
            }
        }
    }

    /// One frame of a review: the graph's work, then the crank and left and right
    /// step, up and down choose a swing, A jumps to it, B goes back.
    // A frame of its own, off the screens' path on the device's small stack.
    #[inline(never)]
    pub(crate) fn review_frame(&mut self, mark: Option<u8>, back: ReviewBack, command: &Command) {
        let Some(review) = self.review.as_mut() else {
            self.screen = Screen::Title { item: crate::screens::TitleItem::Records };
            return;
        };
        review.work();
        if command.b {
            self.review = None;
            self.screen = match back {
                ReviewBack::GameOver => Screen::Play { overlay: Overlay::GAME_OVER },
                ReviewBack::Kept { page, item, back } => Screen::Kept { page, item, back },
            };
            return;
        }
        let step = command.steps
            + match command.dpad {
                Some(Dir::Left) => -1,
                Some(Dir::Right) => 1,
                _ => 0,
            };
        if step != 0 {
            review.show((review.at as i64 + step as i64).max(0) as usize);
        }
        let count = review.marks.len() as i32;
        let mark = match (command.dpad, mark, count) {
            (_, _, 0) => None,
            (Some(Dir::Down), None, _) => Some(0),
            (Some(Dir::Up), None, _) => Some(count as u8 - 1),
            (Some(dir @ (Dir::Up | Dir::Down)), Some(m), _) => Some((m as i32 + dir.step()).rem_euclid(count) as u8),
            (_, m, _) => m,
        };
        if command.a {
            if let Some(&i) = mark.and_then(|m| review.marks.get(m as usize)) {
                review.show(i + 1);
            }
        }
        self.screen = Screen::Review { mark, back };
    }

    /// Whether a review's graph is being worked out (frames go on without input).
    pub(crate) fn reviewing_work(&self) -> bool {
        matches!(self.screen, Screen::Review { .. }) && self.review.as_ref().is_some_and(Review::working)
    }

    /// The decision shown in the review and how many there are, once one is open.
    pub fn review_at(&self) -> Option<(usize, usize)> {
        self.review.as_ref().map(|r| (r.at, r.len))
    }

    /// The review's marked swings (decision indices), once worked out.
    pub fn review_marks(&self) -> Option<&[usize]> {
        self.review.as_ref().filter(|r| !r.working()).map(|r| r.marks.as_slice())
    }
}

/// Draws the list of kept games of records page `page`.
pub(crate) fn draw_kept<C: Catalog>(app: &App<C>, page: u8, item: u8, f: &mut Frame)
where
    C::Play: Clone + core::fmt::Debug,
{
    let name = C::games().get(page as usize).map_or("", |g| g.name);
    text(f, &format!("Review: {name}"), 10, 8, crate::widgets::LARGE, INK);
    text(f, "The last finished games, newest first.", 10, 34, SMALL, INK);
    for (i, line) in app.kept_lines(page).iter().enumerate() {
        menu_row(f, line, 10, 50 + i as i32 * 15, 380, i == item as usize);
    }
    hint(f, Key::A, "review", 8, 222);
    hint(f, Key::B, "records", 100, 222);
    hint(f, Key::Dpad, "choose", 200, 222);
}

/// Draws a review: the board as it stood, the moves and the graph over the panel.
pub(crate) fn draw_review<C: Catalog>(app: &App<C>, mark: Option<u8>, view: &View, f: &mut Frame)
where
    C::Play: Clone + core::fmt::Debug,
{
    let Some(review) = app.review.as_ref() else { return };
    review.shown.draw(f, view);
    let area = review.shown.card_area();
    let x = area.top_left.x + 4;
    let width = (400 - x - 4).max(40);
    // The moves: the one just played, two before and one after.
    fill(f, x - 3, 0, (width + 6) as u32, 96, PAPER);
    line(f, Point::new(x - 4, 0), Point::new(x - 4, 239), 1, INK);
    let number = |i: usize| review.folded as usize + i + 1;
    let total = review.folded as usize + review.len;
    text(f, &format!("Review {}/{total}", review.folded as usize + review.at), x, 3, BOLD, INK);
    if review.game.session().assisted() {
        text_right(f, "assisted", x + width, 5, SMALL, INK);
    }
    let first = review.at.saturating_sub(3);
    for (row, i) in (first..(first + 4).min(review.len)).enumerate() {
        let Some((seat, decision)) = review.game.session().decision(i) else { continue };
        let y = 20 + row as i32 * 12;
        let who = crate::info::seat_name(review.game.info(), seat);
        let line_text = format!("{:>3} {who} {decision}", number(i));
        if i + 1 == review.at {
            fill(f, x - 2, y - 1, (width + 2) as u32, 12, INK);
            text(f, &line_text, x, y, SMALL, PAPER);
        } else {
            text(f, &line_text, x, y, SMALL, INK);
        }
    }
    if review.at == 0 {
        text(f, "the start", x, 20 + 4 * 12, SMALL, INK);
    }
    // The swing chosen, in words.
    let chosen = mark.and_then(|m| review.marks.get(m as usize)).and_then(|&i| review.given_up(i));
    if let Some((seat, decision, pct)) = &chosen {
        let who = crate::info::seat_name(review.game.info(), *seat);
        text(f, &format!("{who}'s {decision}"), x, 70, SMALL, INK);
        text(f, &format!("gave up about {pct}%"), x, 81, BOLD, INK);
    }
    draw_graph(review, mark, Rectangle::new(Point::new(x - 3, 178), Size::new((width + 6) as u32, 62)), f);
}

/// The graph across the game in `area`, its bottom a line of hints.
fn draw_graph<P: Play + Clone>(review: &Review<P>, mark: Option<u8>, area: Rectangle, f: &mut Frame) {
    let _ = f.fill_solid(&area, PAPER);
    let (x, y) = (area.top_left.x + 3, area.top_left.y + 3);
    let (w, h) = (area.size.width as i32 - 6, 36);
    if review.working() {
        text(f, "Working out the graph", x, y, SMALL, INK);
        let done = (review.values.len() * 100 / (review.len + 1)).min(100) as u8;
        progress_bar(f, Rectangle::new(Point::new(x, y + 14), Size::new(w as u32, 10)), done);
    } else {
        outline(f, Rectangle::new(Point::new(x, y), Size::new(w as u32 + 1, h as u32 + 1)), 1, INK);
        // Even chances, dotted.
        for dx in (0..w).step_by(4) {
            let _ = Pixel(Point::new(x + dx, y + h / 2), INK).draw(f);
        }
        let at = |i: usize| {
            let px = x + (i as i32 * w) / review.len.max(1) as i32;
            let v = review.values.get(i).copied().unwrap_or(0.5).clamp(0.0, 1.0);
            Point::new(px, y + h - (v * h as f32) as i32)
        };
        for i in 0..review.len {
            let _ = Line::new(at(i), at(i + 1)).into_styled(PrimitiveStyle::with_stroke(INK, 1)).draw(f);
        }
        let now = at(review.at).x;
        line(f, Point::new(now, y), Point::new(now, y + h), 1, INK);
        for (n, &i) in review.marks.iter().enumerate() {
            let p = at(i + 1);
            let size = if mark == Some(n as u8) { 7 } else { 5 };
            let r = Rectangle::with_center(Point::new(p.x, y + h + 4), Size::new(size, size));
            let _ = r.into_styled(PrimitiveStyle::with_fill(INK)).draw(f);
        }
        let seat = crate::info::seat_name(review.game.info(), review.seat);
        text_right(f, &format!("{seat}'s chances"), x + w, y + 2, SMALL, INK);
    }
    let hints = if review.marks.is_empty() { "crank: step  B back" } else { "crank: step  ^v swing  A go" };
    text(f, hints, x, y + h + 10, SMALL, INK);
}
