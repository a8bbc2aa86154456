//! Drawing the shared screens: title, new game, rules, code entry, and the image behind
//! the system menu. Everything here only reads state.

use alloc::format;
use alloc::string::String;
use arrayvec::ArrayVec;
use chek_engine::Seat;

use embedded_graphics::prelude::*;

use crate::app::App;
use crate::catalog::Catalog;
use crate::frame::Frame;
use crate::info::{seat_name, FirstSeat, Line};
use crate::play::Play;
use crate::screens::{CodeEntry, EntryNote, NewGameRow, Overlay, Screen, TitleItem};
use crate::widgets::{
    big_text, fill, hint, menu_row, seat_line, sound_label, text, text_centred, text_right, wrap, Key, BOLD, INK,
    LARGE, PAPER, SMALL,
};

impl<C: Catalog> App<C>
where
    C::Play: Clone + core::fmt::Debug,
{
    /// Draws the current screen onto `frame`.
    // A frame of its own on the device's small stack (see `cargo xtask stack`).
    #[inline(never)]
    pub fn draw(&self, frame: &mut Frame) {
        let _ = frame.clear(PAPER);
        match self.screen() {
            Screen::Title { item } => draw_title(self, item, frame),
            Screen::NewGame { row } => draw_new_game(self, row, frame),
            Screen::Play { overlay } => {
                if let Some(play) = self.play() {
                    let view = self.view(overlay == Overlay::None);
                    play.draw(frame, &view);
                    if overlay == Overlay::None {
                        self.draw_hint(play, &view, frame);
                    }
                    let over =
                        if matches!(overlay, Overlay::GameOver { .. }) { self.over_items() } else { ArrayVec::new() };
                    let pause = self.pause_items();
                    let sheets = crate::overlays::Sheets { pause: &pause, over: &over, sound_on: self.sound_on() };
                    crate::overlays::draw(play, overlay, &sheets, frame);
                    if let (Overlay::None, Some(notice)) = (overlay, self.board_notice()) {
                        fill(frame, 0, 100, 400, 16, INK);
                        text_centred(frame, notice, 200, 103, SMALL, PAPER);
                    }
                }
            }
            Screen::Rules { page, back } => {
                draw_rules(self.rule_pages(back), page, !self.lesson_steps().is_empty(), frame)
            }
            Screen::EnterCode { entry } => draw_enter_code(&entry, frame),
            Screen::Records { page, .. } => crate::pages::draw_records(self, page as usize, frame),
            Screen::Replace => {
                draw_new_game(self, NewGameRow::Start, frame);
                crate::pages::draw_replace(self, frame);
            }
            Screen::Learn { step, phase } => crate::app::lesson::draw_lesson(self, step, phase, frame),
            Screen::Kept { page, item, .. } => crate::app::review::draw_kept(self, page, item, frame),
            Screen::Review { mark, .. } => crate::app::review::draw_review(self, mark, &self.view(false), frame),
        }
    }

    /// A shell's frame after [`App::update`]: when the picture may have changed (or
    /// `all`, after the system menu drew over the screen), draws it into `next` and
    /// gives the first and last rows that differ from `shown`, the frame on screen
    /// (every row with `all`). `None`: nothing to copy; an idle frame stops before
    /// drawing.
    pub fn redraw(&self, next: &mut Frame, shown: &Frame, all: bool) -> Option<(usize, usize)> {
        if !all && !self.needs_draw() {
            return None;
        }
        self.draw(next);
        if all {
            Some((0, crate::frame::HEIGHT - 1))
        } else {
            next.changed_rows(shown)
        }
    }

    /// The image behind the Playdate's system menu: the score sheet in the left 200
    /// pixels, the part the menu leaves visible.
    pub fn draw_menu_image(&self, frame: &mut Frame) {
        let _ = frame.clear(PAPER);
        let on_board = matches!(self.screen(), Screen::Play { .. });
        match self.play().filter(|p| on_board && !p.is_over()) {
            Some(play) => {
                let info = play.info();
                big_text(frame, &info.title(), 100, 8, SMALL, 4);
                let (seat, line) = play.turn();
                seat_line(frame, info, seat, &line, 10, 52, BOLD);
                play.draw_scores(frame, Point::new(10, 76));
                text(frame, "dock the crank: pause", 10, 200, SMALL, INK);
                text(frame, "and save", 10, 211, SMALL, INK);
            }
            None => {
                let info = self.game();
                big_text(frame, &info.title(), 100, 8, SMALL, 4);
                for (i, line) in wrap(info.tagline, 20).iter().enumerate() {
                    text(frame, line, 10, 60 + i as i32 * 12, SMALL, INK);
                }
                text(frame, info.credit, 10, 211, SMALL, INK);
            }
        }
    }
}

fn draw_title<C: Catalog>(app: &App<C>, item: TitleItem, f: &mut Frame)
where
    C::Play: Clone + core::fmt::Debug,
{
    let info = app.game();
    let title = info.title();
    big_text(f, &title, 200, 12, LARGE, 4);
    if C::games().len() > 1 {
        // Left and right choose the game.
        let half = title.chars().count() as i32 * 20 + 14;
        text_centred(f, "<", 200 - half, 36, LARGE, INK);
        text_centred(f, ">", 200 + half, 36, LARGE, INK);
    }
    text_centred(f, info.tagline, 200, 96, SMALL, INK);
    let items = app.title_items();
    match app.save_summary(app.game).filter(|_| app.has_save(app.game)) {
        // A saved game: its line under Continue, in the strip's place; the rows below
        // 13 pixels apart, so seven fit above the hints.
        Some(summary) => {
            for (i, &option) in items.iter().enumerate() {
                let y = if i == 0 { 110 } else { 128 + i as i32 * 13 };
                menu_row(f, &title_label(app, option), 130, y, 140, option == item);
            }
            text_centred(f, &summary, 200, 128, SMALL, INK);
        }
        None => {
            (info.art.strip)(f, 122);
            for (i, &option) in items.iter().enumerate() {
                menu_row(f, &title_label(app, option), 130, 136 + i as i32 * 15, 140, option == item);
            }
        }
    }
    hint(f, Key::A, "select", 8, 222);
    hint(f, Key::Dpad, if C::games().len() > 1 { "<> game" } else { "choose" }, 90, 222);
    text_right(f, info.credit, 396, 224, SMALL, INK);
    if let Some(notice) = app.notice() {
        crate::pages::draw_notice(notice, f);
    }
}

/// A title item's label (the sound item says whether it is on; *Learn* the step a
/// lesson begun opens on).
fn title_label<C: Catalog>(app: &App<C>, item: TitleItem) -> String
where
    C::Play: Clone + core::fmt::Debug,
{
    match item {
        TitleItem::Sound => sound_label(app.sound_on()).into(),
        TitleItem::Learn if app.lesson_resume() > 0 => {
            format!("Learn: step {}/{}", app.lesson_resume() + 1, app.lesson_steps().len())
        }
        _ => item.label().into(),
    }
}

fn draw_new_game<C: Catalog>(app: &App<C>, row: NewGameRow, f: &mut Frame)
where
    C::Play: Clone + core::fmt::Debug,
{
    let info = app.game();
    let options = app.options();
    let seats = options.seats(info);
    text(f, "New game", 10, 8, LARGE, INK);
    if C::games().len() > 1 {
        text_right(f, info.name, 390, 12, BOLD, INK);
    }
    let rows = app.new_game_rows();
    // Nine rows (four seats, who starts, take-backs) sit closer.
    let pitch = if rows.len() > 8 { 19 } else { 21 };
    for (i, &r) in rows.iter().enumerate() {
        let y = 40 + i as i32 * pitch;
        let selected = r == row;
        let (label, value): (&str, String) = match r {
            NewGameRow::Variant => ("Rules", label_of(info.variants.get(options.variant).map(|c| c.label))),
            NewGameRow::Setup => ("Setup", label_of(info.setups.get(options.setup).map(|s| s.choice.label))),
            NewGameRow::Seat(n) => {
                let seat = seats.iter().nth(n as usize).unwrap_or(Seat::FIRST);
                (seat_name(info, seat), String::from(options.kinds[seat].label()))
            }
            NewGameRow::First => (
                "First",
                match options.first {
                    FirstSeat::Seat(seat) => String::from(seat_name(info, seat)),
                    FirstSeat::Random => String::from("random"),
                },
            ),
            NewGameRow::Strict => ("Help", String::from(if options.strict { "none: strict" } else { "undo, hints" })),
            NewGameRow::Start => {
                menu_row(f, "Start game", 10, y + 4, 120, selected);
                continue;
            }
        };
        menu_row(f, label, 10, y, 240, selected);
        let color = if selected { PAPER } else { INK };
        let shown = if selected { format!("< {value} >") } else { value };
        text_right(f, &shown, 244, y + 2, BOLD, color);
        if let NewGameRow::Seat(n) = r {
            if let Some(seat) = seats.iter().nth(n as usize) {
                (info.art.seat)(f, seat, Point::new(88, y + 8), 11, color, if selected { INK } else { PAPER });
            }
        }
    }
    (info.art.preview)(f, options.variant, options.setup, Point::new(276, 40));
    text_centred(f, &format!("{} players", seats.count()), 328, 150, SMALL, INK);
    if let Some(setup) = info.setups.get(options.setup) {
        text_centred(f, setup.detail, 328, 162, SMALL, INK);
    }
    // A CPU seat chosen: what its level does.
    let seat = match row {
        NewGameRow::Seat(n) => seats.iter().nth(n as usize),
        _ => None,
    };
    if let Some(level) = seat.and_then(|s| options.kinds[s].level()) {
        let (name, line) = match level {
            chek_ai::Level::Easy => ("Easy", info.levels[0]),
            chek_ai::Level::Normal => ("Normal", info.levels[1]),
            chek_ai::Level::Master => ("Master", info.levels[3]),
            _ => ("Hard", info.levels[2]),
        };
        for (i, part) in wrap(&format!("{name}: {line}"), 21).iter().enumerate().take(3) {
            text(f, part, 264, 180 + i as i32 * 11, SMALL, INK);
        }
    }
    let hint_a = if matches!(row, NewGameRow::Start | NewGameRow::Strict) { "start" } else { "next" };
    hint(f, Key::A, hint_a, 8, 222);
    hint(f, Key::B, "back", 90, 222);
    hint(f, Key::Dpad, "<> change", 160, 222);
}

fn label_of(label: Option<&'static str>) -> String {
    String::from(label.unwrap_or("?"))
}

/// The rules pages; the last one's A opens the lesson, when the game has one.
fn draw_rules(pages: &[crate::info::RulePage], page: u8, lesson: bool, f: &mut Frame) {
    let Some(shown) = pages.get(page as usize) else {
        return;
    };
    text(f, &format!("Rules {}/{}", page + 1, pages.len()), 300, 8, SMALL, INK);
    text(f, shown.title, 10, 6, LARGE, INK);
    let lines = shown.lines.iter().flat_map(|line| match line {
        Line::Lines(shared) => shared.iter(),
        one => core::slice::from_ref(one).iter(),
    });
    for (i, line) in lines.enumerate() {
        let y = 36 + i as i32 * 15;
        match line {
            Line::Text(s) => text(f, s, 10, y, SMALL, INK),
            Line::Made(make) => text(f, &make(), 10, y, SMALL, INK),
            // Shared lines within shared lines are not opened: a blank line.
            Line::Lines(_) => y,
        };
    }
    if let Some(picture) = shown.picture {
        picture(f, Point::new(290, 60));
    }
    hint(f, Key::Dpad, "<> page", 8, 222);
    let last = page as usize + 1 >= pages.len();
    hint(f, Key::A, if last && lesson { "learn by playing" } else { "next" }, 120, 222);
    hint(f, Key::B, "back", 260, 222);
}

/// The code entry: the characters in groups, the one being turned inverted, the
/// *Clear* button, and a line saying what the reader found (or that the code checks).
fn draw_enter_code(entry: &CodeEntry, f: &mut Frame) {
    text(f, "Enter a code", 10, 8, LARGE, INK);
    text(f, "Crank: one turn runs through all 32 characters (up/down: one).", 10, 40, SMALL, INK);
    text(f, "Left/right: move to any character. A: read the code.", 10, 52, SMALL, INK);
    if entry.on_clear {
        fill(f, 318, 6, 72, 24, INK);
        text(f, "Clear", 330, 10, LARGE, PAPER);
    } else {
        crate::widgets::outline(
            f,
            embedded_graphics::primitives::Rectangle::new(Point::new(318, 6), Size::new(72, 24)),
            1,
            INK,
        );
        text(f, "Clear", 330, 10, LARGE, INK);
    }
    let entered = entry.text();
    // Two lines of four groups; a longer code, four lines of five narrower groups.
    let extended = entry.len as usize > CodeEntry::LINE;
    let (slots, per_line, cell, gap, top, spacing) =
        if extended { (CodeEntry::MAX, 20, 16, 8, 74, 22) } else { (CodeEntry::LINE, 16, 22, 10, 80, 40) };
    for i in 0..slots {
        let (line, col) = (i / per_line, i % per_line);
        let gx = 20 + col as i32 * cell + (col / 4) as i32 * gap;
        let gy = top + line as i32 * spacing;
        let c = if i < entry.len as usize { entered.as_bytes().get(i).map_or('.', |&b| char::from(b)) } else { '.' };
        let mut buf = [0u8; 4];
        let s = c.encode_utf8(&mut buf);
        if i == entry.cursor as usize && !entry.on_clear {
            fill(f, gx - 3, gy - 2, 18, 24, INK);
            text(f, s, gx, gy, LARGE, PAPER);
        } else {
            text(f, s, gx, gy, LARGE, INK);
        }
    }
    let line = match entry.note {
        Some(EntryNote::Error(error)) => Some(format!("{error}")),
        Some(EntryNote::Fixed(fix)) => Some(format!("{fix}; A starts")),
        Some(EntryNote::Cleared) => Some("the code is cleared".into()),
        None if entry.checks() => Some(format!("{} characters: the code checks; A starts", entry.len)),
        None => None,
    };
    if let Some(line) = line {
        fill(f, 0, 170, 400, 14, INK);
        text_centred(f, &line, 200, 172, SMALL, PAPER);
    }
    hint(f, Key::Crank, "change", 8, 206);
    hint(f, Key::Dpad, "<> move", 110, 206);
    hint(f, Key::A, if entry.on_clear { "clear" } else { "read" }, 8, 222);
    hint(f, Key::B, "back (kept)", 110, 222);
}
