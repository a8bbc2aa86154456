//! The boxes over the board: the pause sheet, the share code, "end the game?", and
//! game over. The game supplies the score sheet and the words; the boxes are shared.

use alloc::format;

use embedded_graphics::prelude::*;

use crate::frame::Frame;
use crate::play::Play;
use crate::screens::{OverItem, Overlay, PauseItem};
use crate::widgets::{fill, hint, menu_row, overlay_box, text, text_centred, Key, BOLD, INK, LARGE, PAPER, SMALL};

/// What the sheets list: the pause sheet's items, the game-over choices, whether the
/// sound is on.
pub(crate) struct Sheets<'a> {
    pub pause: &'a [PauseItem],
    pub over: &'a [OverItem],
    pub sound_on: bool,
}

/// Draws `overlay` over `play`'s board.
pub(crate) fn draw(play: &impl Play, overlay: Overlay, sheets: &Sheets<'_>, f: &mut Frame) {
    let (items, sound_on) = (sheets.pause, sheets.sound_on);
    match overlay {
        Overlay::None => {}
        Overlay::Pause { item } => draw_pause(play, item, items, sound_on, f),
        Overlay::ConfirmEnd => draw_confirm_end(play, f),
        Overlay::ConfirmTakeBack => draw_confirm_take_back(play, f),
        Overlay::GameOver { item } => draw_game_over(play, sheets.over, item, f),
        Overlay::Share => draw_share(play, f),
    }
}

fn draw_pause(play: &impl Play, item: PauseItem, items: &[PauseItem], sound_on: bool, f: &mut Frame) {
    let (x, y, w, h) = (6, 4, 194, 230);
    overlay_box(f, x, y, w, h);
    text(f, "Paused", x + 10, y + 6, BOLD, INK);
    crate::widgets::text_right(f, "game saved", x + w as i32 - 10, y + 8, SMALL, INK);
    play.draw_scores(f, Point::new(x + 10, y + 24));
    // Under the score sheet (at most 66 pixels tall), nine rows at the most (closer
    // when there are nine).
    let top = y + 94;
    let pitch = if items.len() > 8 { 13 } else { 14 };
    for (i, &option) in items.iter().enumerate() {
        let label = match option {
            PauseItem::EndGame => play.end_words().0,
            PauseItem::Sound => crate::widgets::sound_label(sound_on),
            _ => option.label(),
        };
        menu_row(f, label, x + 8, top + i as i32 * pitch, w - 16, option == item);
    }
    hint(f, Key::A, "select", x + 10, y + h as i32 - 16);
    hint(f, Key::B, "resume", x + 90, y + h as i32 - 16);
}

fn draw_confirm_take_back(play: &impl Play, f: &mut Frame) {
    let (x, y, w, h) = (70, 70, 260, 96);
    overlay_box(f, x, y, w, h);
    let seat = play.take_back_seat().unwrap_or_default();
    let name = crate::info::seat_name(play.info(), seat);
    text(f, &format!("Take back {name}'s turn?"), x + 12, y + 10, BOLD, INK);
    text(f, "The game goes back to the start of", x + 12, y + 30, SMALL, INK);
    text(f, "that turn, as it was then.", x + 12, y + 41, SMALL, INK);
    hint(f, Key::A, "take it back", x + 12, y + 60);
    hint(f, Key::B, "keep playing", x + 12, y + 76);
}

/// The share code in large characters (two lines; longer codes in smaller type), and
/// as a QR code a phone can read.
fn draw_share(play: &impl Play, f: &mut Frame) {
    let (x, y, w, h) = (6, 4, 388, 230);
    overlay_box(f, x, y, w, h);
    text(f, "Share this game", x + 10, y + 8, BOLD, INK);
    match play.share_code() {
        Ok(code) => {
            let grouped = chek_engine::code::grouped(&code);
            if grouped.len() <= 2 * LINE + 1 {
                // Four groups a line.
                let (first, second) = grouped.split_at(grouped.len().min(LINE));
                text(f, first, x + 10, y + 40, LARGE, INK);
                text(f, second.trim_start_matches('-'), x + 10, y + 66, LARGE, INK);
                text(f, "Send it by any chat; your friend", x + 10, y + 100, SMALL, INK);
                text(f, "enters it under Enter code on the", x + 10, y + 112, SMALL, INK);
                text(f, "title screen, or scans the QR code.", x + 10, y + 124, SMALL, INK);
                qr(f, &grouped, x + 238, y + 92, 4);
            } else {
                long_code(f, &grouped, code.len(), x, y);
            }
        }
        Err(error) => {
            let message = format!("{error}");
            let why = message.strip_prefix("code: ").unwrap_or(&message);
            for (i, line) in crate::widgets::wrap(why, 60).iter().enumerate() {
                text(f, line, x + 10, y + 40 + i as i32 * 12, SMALL, INK);
            }
        }
    }
    hint(f, Key::B, "back", x + 10, y + h as i32 - 18);
}

/// Characters of a grouped code on one line of the short layout: four groups.
const LINE: usize = 19;

/// A code longer than two lines: five groups a line in bold type, the QR code beside
/// it as large as fits; past what the entry screen takes, the QR code is the way.
fn long_code(f: &mut Frame, grouped: &str, chars: usize, x: i32, y: i32) {
    let groups: alloc::vec::Vec<&str> = grouped.split('-').collect();
    let lines: alloc::vec::Vec<alloc::string::String> = groups.chunks(5).map(|c| c.join("-")).collect();
    for (i, line) in lines.iter().take(11).enumerate() {
        text(f, line, x + 10, y + 30 + i as i32 * 15, BOLD, INK);
    }
    let note = if chars <= crate::screens::CodeEntry::MAX {
        "Enter it under Enter code, or scan it."
    } else {
        "Too long to type: scan the QR code."
    };
    text(f, note, x + 10, y + 196, SMALL, INK);
    qr(f, grouped, x + 214, y + 30, 0);
}

/// Draws `text` as a QR code with its quiet zone, top-left at (x, y): modules of
/// `module` pixels, or with 0 the largest that fits 166 pixels.
fn qr(f: &mut Frame, text: &str, x: i32, y: i32, module: i32) {
    use qrcodegen_no_heap::{QrCode, QrCodeEcc, Version};
    const MAX: Version = Version::new(10);
    let mut buffer = [0u8; MAX.buffer_len()];
    let mut temp = [0u8; MAX.buffer_len()];
    let Ok(code) = QrCode::encode_text(text, &mut temp, &mut buffer, QrCodeEcc::Low, Version::MIN, MAX, None, true)
    else {
        return;
    };
    let size = code.size();
    let module = if module > 0 { module } else { (166 / (size + 8)).max(1) };
    let quiet = 4 * module;
    fill(f, x, y, (size * module + 2 * quiet) as u32, (size * module + 2 * quiet) as u32, PAPER);
    for my in 0..size {
        for mx in 0..size {
            if code.get_module(mx, my) {
                fill(f, x + quiet + mx * module, y + quiet + my * module, module as u32, module as u32, INK);
            }
        }
    }
}

fn draw_confirm_end(play: &impl Play, f: &mut Frame) {
    let (x, y, w, h) = (70, 70, 260, 96);
    overlay_box(f, x, y, w, h);
    text(f, play.end_words().1, x + 12, y + 10, BOLD, INK);
    let [first, second] = play.end_terms();
    text(f, first, x + 12, y + 30, SMALL, INK);
    text(f, second, x + 12, y + 41, SMALL, INK);
    hint(f, Key::A, "end the game", x + 12, y + 60);
    hint(f, Key::B, "keep playing", x + 12, y + 76);
}

fn draw_game_over(play: &impl Play, items: &[OverItem], item: OverItem, f: &mut Frame) {
    let (x, y, w, h) = (40, 6, 320, 228);
    overlay_box(f, x, y, w, h);
    let ending = play.ending();
    text_centred(f, "Game over", x + w as i32 / 2, y + 6, LARGE, INK);
    text_centred(f, &ending.reason, x + w as i32 / 2, y + 30, SMALL, INK);
    fill(f, x + 10, y + 46, w - 20, 18, INK);
    text_centred(f, &ending.verdict, x + w as i32 / 2, y + 49, BOLD, PAPER);
    play.draw_scores(f, Point::new(x + 70, y + 72));
    // Under the score sheet (Chek's four seats reach y + 144): five choices at the most,
    // closer when there are five.
    let pitch = if items.len() > 4 { 12 } else { 14 };
    for (i, &choice) in items.iter().enumerate() {
        menu_row(f, choice.label(), x + 70, y + 146 + i as i32 * pitch, 180, choice == item);
    }
    hint(f, Key::A, "select", x + 20, y + h as i32 - 18);
    hint(f, Key::B, "title", x + 180, y + h as i32 - 18);
}
