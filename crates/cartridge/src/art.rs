//! The cartridge's launcher pictures (`cargo xtask assets` writes them as PNGs): the
//! card, the icon (and its pressed form) and the launch image.

use chek_engine::Seat;
use chek_ui::widgets::{big_text, dither, outline, text_centred, INK, LARGE, PAPER, SMALL};
use chek_ui::Frame;
use embedded_graphics::prelude::*;
use embedded_graphics::primitives::Rectangle;

use crate::games::chek::art::seat_piece as piece;

/// The launcher card (350×155, drawn in the frame's top-left corner).
pub fn draw_card(frame: &mut Frame) {
    let _ = frame.clear(PAPER);
    outline(frame, Rectangle::new(Point::zero(), Size::new(350, 155)), 2, INK);
    big_text(frame, "CHEK", 175, 14, LARGE, 3);
    text_centred(frame, "dice-driven conflict", 175, 80, SMALL, INK);
    text_centred(frame, "for 2 or 4 players", 175, 92, SMALL, INK);
    for (i, seat) in Seat::ALL.into_iter().enumerate() {
        piece(frame, seat, Point::new(130 + i as i32 * 30, 124), 19, INK, PAPER);
    }
}

/// The launcher icon (32×32, drawn in the frame's top-left corner): one piece of each
/// seat on a 2×2 board.
pub fn draw_icon(frame: &mut Frame) {
    let _ = frame.clear(PAPER);
    dither(frame, Rectangle::new(Point::new(0, 0), Size::new(16, 16)));
    dither(frame, Rectangle::new(Point::new(16, 16), Size::new(16, 16)));
    outline(frame, Rectangle::new(Point::zero(), Size::new(32, 32)), 1, INK);
    for (seat, (x, y)) in Seat::ALL.into_iter().zip([(8, 24), (8, 8), (24, 8), (24, 24)]) {
        piece(frame, seat, Point::new(x, y), 11, INK, PAPER);
    }
}

/// The launcher's pressed icon (32×32, in the same corner): the icon in negative, as
/// the list view shows the item under the player's press.
pub fn draw_icon_pressed(frame: &mut Frame) {
    draw_icon(frame);
    for y in 0..32 {
        for x in 0..32 {
            let colour = if frame.is_black(x, y) { PAPER } else { INK };
            let _ = Pixel(Point::new(x as i32, y as i32), colour).draw(frame);
        }
    }
}

/// The launch image (400×240): the title without its menu.
pub fn draw_launch_image(frame: &mut Frame) {
    let _ = frame.clear(PAPER);
    big_text(frame, "CHEK", 200, 40, LARGE, 4);
    text_centred(frame, "a board game of dice-driven conflict", 200, 128, SMALL, INK);
    for (i, seat) in Seat::ALL.into_iter().enumerate() {
        piece(frame, seat, Point::new(155 + i as i32 * 30, 160), 19, INK, PAPER);
    }
    text_centred(frame, "game design: LDBR", 200, 214, SMALL, INK);
}
