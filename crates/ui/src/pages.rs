//! Drawing the records pages, the question before a save is replaced, and the notice
//! box over the title.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use crate::app::App;
use crate::catalog::Catalog;
use crate::frame::Frame;
use crate::info::seat_name;
use crate::records::{Opponent, Tally};
use crate::widgets::{fill, hint, overlay_box, text, text_centred, text_right, Key, BOLD, INK, LARGE, SMALL};

/// Characters of a notice's line in its box.
const NOTICE_WIDTH: usize = 56;

/// A notice in a box over the title, wrapped to fit, with A to dismiss it.
pub(crate) fn draw_notice(notice: &str, f: &mut Frame) {
    let lines = crate::widgets::wrap(notice, NOTICE_WIDTH);
    let shown = lines.len().min(8) as i32;
    let h = 46 + shown * 12;
    let (x, y, w) = (20, 120 - h / 2, 360);
    overlay_box(f, x, y, w, h as u32);
    text(f, "Notice", x + 12, y + 8, BOLD, INK);
    for (i, line) in lines.iter().take(8).enumerate() {
        text(f, line, x + 12, y + 26 + i as i32 * 12, SMALL, INK);
    }
    hint(f, Key::A, "OK", x + 12, y + h - 18);
}

/// "Replace your saved Checkers game?" over the new-game screen.
pub(crate) fn draw_replace<C: Catalog>(app: &App<C>, f: &mut Frame)
where
    C::Play: Clone + core::fmt::Debug,
{
    let (x, y, w, h) = (40, 70, 320, 100);
    overlay_box(f, x, y, w, h);
    text(f, &format!("Replace your saved {} game?", app.game().name), x + 12, y + 10, BOLD, INK);
    let summary = app.save_summary(app.game).unwrap_or_default();
    text(f, &summary, x + 12, y + 30, SMALL, INK);
    text(f, "A new game takes its place for good.", x + 12, y + 44, SMALL, INK);
    hint(f, Key::A, "replace it", x + 12, y + 64);
    hint(f, Key::B, "keep it", x + 12, y + 80);
}

/// The records page of game `page`: a row per variant and opponent played, then the
/// game's figures.
pub(crate) fn draw_records<C: Catalog>(app: &App<C>, page: usize, f: &mut Frame)
where
    C::Play: Clone + core::fmt::Debug,
{
    let Some(info) = C::games().get(page).copied() else { return };
    text(f, &format!("Records: {}", info.name), 10, 6, LARGE, INK);
    if C::games().len() > 1 {
        // The page's place in title order.
        let place = C::games().iter().filter(|g| (g.order, g.save_id) < (info.order, info.save_id)).count();
        text_right(f, &format!("{}/{}", place + 1, C::games().len()), 390, 10, SMALL, INK);
    }
    let rows: Vec<_> = app.records().of_game(info.save_id).collect();
    if rows.is_empty() {
        text(f, "No finished games yet.", 10, 44, SMALL, INK);
        text(f, "Games against the CPU count as your wins,", 10, 60, SMALL, INK);
        text(f, "losses and draws; with people only, each", 10, 72, SMALL, INK);
        text(f, "seat's wins count.", 10, 84, SMALL, INK);
    } else {
        for (x, label) in [(176, "won"), (210, "lost"), (242, "drawn"), (292, "undo"), (338, "hints")] {
            text(f, label, x, 34, SMALL, INK);
        }
        fill(f, 10, 45, 380, 1, INK);
    }
    let mut y = 50;
    let mut best = [0u16; crate::vocab::MAX_FIGURES];
    for (key, tally) in rows.iter().take(12) {
        let variant = info.variants.get(key.variant as usize).map_or("?", |v| v.label);
        let label = if info.variants.len() > 1 {
            format!("{variant}, {}", key.opponent.label())
        } else {
            String::from(key.opponent.label())
        };
        text(f, &label, 10, y, SMALL, INK);
        match key.opponent {
            Opponent::Cpu(_) => {
                for (x, n) in [(176, tally.wins), (210, tally.losses), (248, tally.draws)] {
                    text(f, &format!("{n:>3}"), x, y, SMALL, INK);
                }
            }
            Opponent::People => {
                // Each seat's wins right after the label (they may run past the columns).
                let x = (22 + 6 * label.len() as i32).max(150);
                text(f, &seat_wins(info, tally), x, y, SMALL, INK);
            }
        }
        text(f, &format!("{:>3}", tally.taken_back), 298, y, SMALL, INK);
        text(f, &format!("{:>3}", tally.assisted), 344, y, SMALL, INK);
        for (i, figure) in info.figures.iter().enumerate().take(best.len()) {
            best[i] = figure.add(best[i], tally.figures[i]);
        }
        y += 13;
    }
    if !rows.is_empty() && !info.figures.is_empty() {
        fill(f, 10, y + 2, 380, 1, INK);
        for (i, figure) in info.figures.iter().enumerate().take(best.len()) {
            text(f, &format!("{}: {}", capitalised(figure.label()), best[i]), 10, y + 8 + i as i32 * 13, BOLD, INK);
        }
    }
    text_centred(f, "undo: games with take-backs; hints: assisted games", 200, 204, SMALL, INK);
    if C::games().len() > 1 {
        hint(f, Key::Dpad, "<> game", 8, 222);
    }
    hint(f, Key::B, "back", 120, 222);
    if !app.kept_lines(page as u8).is_empty() {
        hint(f, Key::A, "review last games", 200, 222);
    }
}

/// With people only: "South 3, North 1, ties 2".
fn seat_wins(info: &crate::GameInfo, tally: &Tally) -> String {
    let mut parts: Vec<String> = chek_engine::Seat::ALL
        .into_iter()
        .filter(|&s| tally.seat_wins[s] > 0)
        .map(|s| format!("{} {}", seat_name(info, s), tally.seat_wins[s]))
        .collect();
    if tally.draws > 0 || parts.is_empty() {
        parts.push(format!("ties {}", tally.draws));
    }
    parts.join(", ")
}

/// `label` with its first letter in capitals.
fn capitalised(label: &str) -> String {
    let mut chars = label.chars();
    chars.next().map(|c| c.to_ascii_uppercase().to_string() + chars.as_str()).unwrap_or_default()
}

use alloc::string::ToString;
