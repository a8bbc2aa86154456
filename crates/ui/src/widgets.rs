//! Drawing helpers every screen shares: text in three fonts, boxes, menu rows, the
//! hand, button hints. They draw onto a [`Frame`] and never fail (pixels off the frame
//! are dropped).

use alloc::string::String;
use alloc::vec::Vec;
use core::convert::Infallible;

use embedded_graphics::mono_font::ascii::{FONT_10X20, FONT_6X10, FONT_7X13_BOLD};
use embedded_graphics::mono_font::{MonoFont, MonoTextStyle};
use embedded_graphics::pixelcolor::BinaryColor;
use embedded_graphics::prelude::*;
use embedded_graphics::primitives::{Circle, Line, PrimitiveStyle, Rectangle, RoundedRectangle};
use embedded_graphics::text::{Alignment, Baseline, Text, TextStyleBuilder};

use crate::frame::Frame;
use crate::info::GameInfo;
pub use crate::vocab::Key;

/// Black.
pub const INK: BinaryColor = BinaryColor::On;
/// White.
pub const PAPER: BinaryColor = BinaryColor::Off;

/// 6×10: body text.
pub const SMALL: &MonoFont = &FONT_6X10;
/// 7×13 bold: labels and menus.
pub const BOLD: &MonoFont = &FONT_7X13_BOLD;
/// 10×20: headings.
pub const LARGE: &MonoFont = &FONT_10X20;

/// Text with its top-left at (x, y); returns the x just after it.
pub fn text(f: &mut Frame, s: &str, x: i32, y: i32, font: &MonoFont, color: BinaryColor) -> i32 {
    let style = MonoTextStyle::new(font, color);
    let _ = Text::with_baseline(s, Point::new(x, y), style, Baseline::Top).draw(f);
    x + s.chars().count() as i32 * font.character_size.width as i32
}

/// Text centred on `cx`, its top at `y`.
pub fn text_centred(f: &mut Frame, s: &str, cx: i32, y: i32, font: &MonoFont, color: BinaryColor) {
    let style = MonoTextStyle::new(font, color);
    let align = TextStyleBuilder::new().alignment(Alignment::Center).baseline(Baseline::Top).build();
    let _ = Text::with_text_style(s, Point::new(cx, y), style, align).draw(f);
}

/// Text ending at `right`, its top at `y`.
pub fn text_right(f: &mut Frame, s: &str, right: i32, y: i32, font: &MonoFont, color: BinaryColor) {
    let style = MonoTextStyle::new(font, color);
    let align = TextStyleBuilder::new().alignment(Alignment::Right).baseline(Baseline::Top).build();
    let _ = Text::with_text_style(s, Point::new(right, y), style, align).draw(f);
}

/// A filled rectangle.
pub fn fill(f: &mut Frame, x: i32, y: i32, w: u32, h: u32, color: BinaryColor) {
    let _ = f.fill_solid(&Rectangle::new(Point::new(x, y), Size::new(w, h)), color);
}

/// A rectangle's outline, `width` pixels wide, inside the rectangle.
pub fn outline(f: &mut Frame, rect: Rectangle, width: u32, color: BinaryColor) {
    let _ = rect.into_styled(PrimitiveStyle::with_stroke(color, width)).draw(f);
}

/// A box with rounded corners, filled with `fill_color`, outlined in ink.
pub fn rounded_box(f: &mut Frame, rect: Rectangle, fill_color: BinaryColor) {
    let rounded = RoundedRectangle::with_equal_corners(rect, Size::new(6, 6));
    let _ = rounded.into_styled(PrimitiveStyle::with_fill(fill_color)).draw(f);
    let _ = rounded.into_styled(PrimitiveStyle::with_stroke(INK, 2)).draw(f);
}

/// A line `width` pixels wide.
pub fn line(f: &mut Frame, a: Point, b: Point, width: u32, color: BinaryColor) {
    let _ = Line::new(a, b).into_styled(PrimitiveStyle::with_stroke(color, width)).draw(f);
}

/// Corner brackets inside a board's cell: a tick `arm` pixels long each way from each
/// corner, 2 pixels wide (a target, a piece that must capture).
pub fn brackets(f: &mut Frame, cell: Rectangle, arm: i32) {
    let (x0, y0) = (cell.top_left.x + 1, cell.top_left.y + 1);
    let (x1, y1) = (x0 + cell.size.width as i32 - 3, y0 + cell.size.height as i32 - 3);
    for (x, y, dx, dy) in [(x0, y0, 1, 1), (x1, y0, -1, 1), (x0, y1, 1, -1), (x1, y1, -1, -1)] {
        line(f, Point::new(x, y), Point::new(x + dx * arm, y), 2, INK);
        line(f, Point::new(x, y), Point::new(x, y + dy * arm), 2, INK);
    }
}

/// A filled circle of diameter `d` centred on `centre`.
pub fn disc(f: &mut Frame, centre: Point, d: u32, color: BinaryColor) {
    let _ = Circle::with_center(centre, d).into_styled(PrimitiveStyle::with_fill(color)).draw(f);
}

/// A ring of diameter `d` and stroke `width` centred on `centre`.
pub fn ring(f: &mut Frame, centre: Point, d: u32, width: u32, color: BinaryColor) {
    let _ = Circle::with_center(centre, d).into_styled(PrimitiveStyle::with_stroke(color, width)).draw(f);
}

/// A light dither: one pixel in eight, for dark squares and shading.
pub fn dither(f: &mut Frame, rect: Rectangle) {
    // Ink where (x + y) % 4 == 0 on even rows: in each byte (x a multiple of 8) the
    // pixels k with (k + y) % 4 == 0.
    let pattern = |y: usize| -> u8 {
        if !y.is_multiple_of(2) {
            return 0;
        }
        (0..8).filter(|k| (k + y).is_multiple_of(4)).fold(0u8, |bits, k| bits | (0x80 >> k))
    };
    f.fill_pattern(&rect, pattern, INK);
}

/// A menu row: inverted when selected.
pub fn menu_row(f: &mut Frame, label: &str, x: i32, y: i32, w: u32, selected: bool) {
    if selected {
        let _ =
            RoundedRectangle::with_equal_corners(Rectangle::new(Point::new(x, y), Size::new(w, 17)), Size::new(4, 4))
                .into_styled(PrimitiveStyle::with_fill(INK))
                .draw(f);
    }
    text(f, label, x + 8, y + 2, BOLD, if selected { PAPER } else { INK });
}

/// What A, B and the crank do now, and what the D-pad does in the crank's place.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Hints {
    /// A's job ("-": nothing).
    pub a: &'static str,
    /// B's job.
    pub b: &'static str,
    /// The crank's job.
    pub crank: &'static str,
    /// The D-pad's job, shown in the crank's line while the crank is docked.
    pub dpad: &'static str,
    /// How far the CPU's thinking has got, in percent: a bar in A's and B's lines.
    pub progress: Option<u8>,
}

impl Hints {
    /// While the CPU plays (or anything else the player only watches): nothing for A,
    /// B and the D-pad, and what is happening in the last line.
    pub const fn watching(what: &'static str) -> Hints {
        Hints { progress: None, a: "-", b: "-", crank: what, dpad: what }
    }

    /// While the CPU thinks: how far it has got (in percent) as a bar.
    pub const fn thinking(progress: u8) -> Hints {
        Hints { progress: Some(progress), ..Hints::watching("CPU is thinking") }
    }
}

/// `hints` a line each under a game's panel (from y = 190): A, B, then the crank, or
/// the D-pad while the crank is docked (it is never needed: the D-pad does its job).
/// The thinking bar reaches to 8 pixels from the right edge of what `f` draws in.
pub fn panel_hints(f: &mut Frame, x: i32, hints: Hints, docked: bool) {
    if let Some(percent) = hints.progress {
        let right = f.size().width as i32 - 8;
        progress_bar(f, Rectangle::new(Point::new(x, 198), Size::new((right - x).max(40) as u32, 12)), percent);
    } else {
        hint(f, Key::A, hints.a, x, 190);
        hint(f, Key::B, hints.b, x, 206);
    }
    if docked {
        hint(f, Key::Dpad, hints.dpad, x, 222);
    } else {
        hint(f, Key::Crank, hints.crank, x, 222);
    }
}

/// A bar in `area` filled `percent` of the way from the left.
pub fn progress_bar(f: &mut Frame, area: Rectangle, percent: u8) {
    let corner = Size::new(4, 4);
    let _ = RoundedRectangle::with_equal_corners(area, corner).into_styled(PrimitiveStyle::with_stroke(INK, 1)).draw(f);
    let inner = area.size.width.saturating_sub(4);
    let filled = inner * u32::from(percent.min(100)) / 100;
    if filled > 0 {
        let bar =
            Rectangle::new(area.top_left + Point::new(2, 2), Size::new(filled, area.size.height.saturating_sub(4)));
        let _ = bar.into_styled(PrimitiveStyle::with_fill(INK)).draw(f);
    }
}

/// The pointing hand, fingertip at `tip`.
pub fn hand(f: &mut Frame, tip: Point) {
    const HAND: [&str; 16] = [
        "....##........",
        "...#..#.......",
        "...#..#.......",
        "...#..#.......",
        "...#..###.....",
        "...#..#..##...",
        "...#..#..#.##.",
        ".###..#..#..##",
        "#..#.........#",
        "#..#.........#",
        ".#...........#",
        ".#..........#.",
        "..#.........#.",
        "..#........#..",
        "...#.......#..",
        "...#########..",
    ];
    let origin = tip - Point::new(4, 0);
    let mut pixels = Vec::new();
    for (y, row) in HAND.iter().enumerate() {
        let first = row.find('#').unwrap_or(0);
        let last = row.rfind('#').unwrap_or(0);
        for (x, c) in row.chars().enumerate() {
            let color = if c == '#' {
                INK
            } else if (first..=last).contains(&x) {
                PAPER
            } else {
                continue;
            };
            pixels.push(Pixel(origin + Point::new(x as i32, y as i32), color));
        }
    }
    let _ = f.draw_iter(pixels);
}

/// A button hint: the control's icon, then what it does.
pub fn hint(f: &mut Frame, key: Key, label: &str, x: i32, y: i32) {
    match key {
        Key::A | Key::B => {
            let _ = Circle::new(Point::new(x, y), 13).into_styled(PrimitiveStyle::with_fill(INK)).draw(f);
            text(f, if key == Key::A { "A" } else { "B" }, x + 4, y + 2, SMALL, PAPER);
        }
        Key::Crank => crank_icon(f, x, y, INK, true),
        Key::Dpad => {
            // A plus.
            fill(f, x + 4, y, 5, 13, INK);
            fill(f, x, y + 4, 13, 5, INK);
        }
    }
    text(f, label, x + 17, y + 2, SMALL, INK);
}

/// The crank: a ring with an arm (and a knob on its hub).
pub fn crank_icon(f: &mut Frame, x: i32, y: i32, color: BinaryColor, knob: bool) {
    let _ = Circle::new(Point::new(x + 1, y + 1), 11).into_styled(PrimitiveStyle::with_stroke(color, 2)).draw(f);
    line(f, Point::new(x + 6, y + 6), Point::new(x + 12, y + 1), 2, color);
    if knob {
        disc(f, Point::new(x + 6, y + 6), 4, color);
    }
}

/// A box casting a shadow: overlays on the board.
pub fn overlay_box(f: &mut Frame, x: i32, y: i32, w: u32, h: u32) {
    fill(f, x + 4, y + 4, w, h, INK);
    rounded_box(f, Rectangle::new(Point::new(x, y), Size::new(w, h)), PAPER);
}

/// Draws `s` in `font` scaled up `scale` times, centred on `cx`.
pub fn big_text(f: &mut Frame, s: &str, cx: i32, y: i32, font: &MonoFont, scale: i32) {
    let mut scaled = Scaled { frame: f, scale };
    let w = s.chars().count() as i32 * font.character_size.width as i32 * scale;
    let x = (cx - w / 2) / scale;
    let style = MonoTextStyle::new(font, INK);
    let _ = Text::with_baseline(s, Point::new(x, y / scale), style, Baseline::Top).draw(&mut scaled);
}

struct Scaled<'a> {
    frame: &'a mut Frame,
    scale: i32,
}

impl OriginDimensions for Scaled<'_> {
    fn size(&self) -> Size {
        Size::new(400 / self.scale as u32, 240 / self.scale as u32)
    }
}

impl DrawTarget for Scaled<'_> {
    type Color = BinaryColor;
    type Error = Infallible;

    fn draw_iter<I: IntoIterator<Item = Pixel<BinaryColor>>>(&mut self, pixels: I) -> Result<(), Infallible> {
        let s = self.scale;
        for Pixel(p, color) in pixels {
            self.frame.fill_solid(&Rectangle::new(p * s, Size::new(s as u32, s as u32)), color)?;
        }
        Ok(())
    }
}

/// A seat's icon (11 px) and a line of text beside it.
pub fn seat_line(
    f: &mut Frame,
    info: &GameInfo,
    seat: chek_engine::Seat,
    label: &str,
    x: i32,
    y: i32,
    font: &MonoFont<'_>,
) {
    seat_icon(f, info, seat, x, y + 1);
    text(f, label, x + 15, y, font, INK);
}

/// A seat's icon for text lines (11 px), top-left at (x, y).
pub fn seat_icon(f: &mut Frame, info: &GameInfo, seat: chek_engine::Seat, x: i32, y: i32) {
    (info.art.seat)(f, seat, Point::new(x + 5, y + 5), 11, INK, PAPER);
}

/// `s` broken into lines of at most `width` characters, at spaces.
pub fn wrap(s: &str, width: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for word in s.split(' ') {
        match lines.last_mut() {
            Some(line) if line.len() + 1 + word.len() <= width => {
                line.push(' ');
                line.push_str(word);
            }
            _ => lines.push(String::from(word)),
        }
    }
    lines
}

/// The *Sound* item's label.
pub(crate) const fn sound_label(on: bool) -> &'static str {
    if on {
        "Sound: on"
    } else {
        "Sound: off"
    }
}
