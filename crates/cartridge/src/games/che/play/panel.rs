//! The Che side panel: whose move and which tile of it, the tiles left, the tile held
//! or the last move, the overview of the whole tiling with the view marked, the
//! threats when shown, and what A, B and the crank do; the score sheet.

use alloc::format;

use chek_ui::widgets::seat_line;
use chek_ui::widgets::{Hints, line, outline, panel_hints, rounded_box, text, BOLD, INK, PAPER, SMALL};
use chek_ui::{Frame, View};
use embedded_graphics::prelude::*;
use embedded_graphics::primitives::Rectangle;

use super::super::art::plain_tile;
use super::super::cpu::eval::threats;
use super::super::rules::{End, Side, State};
use super::super::INFO;
use super::board::{COLS, ROWS};
use super::{ChePlay, Mode};

/// The panel's text starts this far right of the divider.
const X: i32 = 6;
/// The overview's side in pixels.
const MAP: i32 = 60;

/// Draws the panel beside the plane.
pub fn draw(f: &mut Frame, play: &ChePlay, view: &View) {
    let width = f.size().width as i32 - X - 4;
    let _ = f.clear(PAPER);
    line(f, Point::zero(), Point::new(0, 239), 1, INK);
    let state = play.state();
    let side = state.to_move();
    let cpu = if play.kinds()[side.seat()].is_cpu() { " (CPU)" } else { "" };
    match state.end() {
        None => {
            seat_line(f, &INFO, side.seat(), &format!("{}{cpu}", side.name()), X, 3, BOLD);
            let which = if state.tiles_this_move() + state.placed() as usize >= 2 {
                format!("tile {} of 2", state.placed() + 1)
            } else {
                alloc::string::String::from("one tile")
            };
            text(f, &which, X + 2, 19, SMALL, INK);
        }
        Some(_) => {
            text(f, "Game over", X, 3, BOLD, INK);
        }
    }
    text(f, &format!("Pool: {} left", state.tiles_left()), X + 2, 31, SMALL, INK);
    move_box(f, play, X, 44, width);
    overview(f, play, X + 2, 96);
    if play.board.show_threats {
        let t = threats(state.tiling());
        text(f, "Threats", X + MAP + 8, 100, SMALL, INK);
        text(f, &format!("W {}", t.cells[0]), X + MAP + 8, 114, SMALL, INK);
        text(f, &format!("B {}", t.cells[1]), X + MAP + 8, 126, SMALL, INK);
    }
    if let Some(End::Largest { white, blue, .. }) = state.end() {
        text(f, &format!("Largest: W {white}"), X + 2, 162, SMALL, INK);
        text(f, &format!("         B {blue}"), X + 2, 174, SMALL, INK);
    }
    if !view.hints {
        return;
    }
    panel_hints(f, X, hints(play), view.crank_docked);
}

/// The tile held, or the last move's tiles.
fn move_box(f: &mut Frame, play: &ChePlay, x: i32, y: i32, width: i32) {
    let rect = Rectangle::new(Point::new(x - 1, y), Size::new(width as u32 + 2, 46));
    rounded_box(f, rect, PAPER);
    let (dx, dy) = (x + 5, y + 5);
    match (play.board.mode, play.held()) {
        (Mode::Hold { index }, Some(tile)) => {
            plain_tile(f, tile.kind, Point::new(dx, dy + 6), 24);
            outline(f, Rectangle::new(Point::new(dx - 1, dy + 5), Size::new(26, 26)), 1, INK);
            text(f, &format!("{tile}"), dx + 32, dy + 2, BOLD, INK);
            let count = play.kinds_here().len();
            text(f, &format!("kind {} of {count}", index + 1), dx + 32, dy + 20, SMALL, INK);
        }
        _ => match play.record().last() {
            Some((side, tiles)) => {
                seat_line(f, &INFO, side.seat(), &format!("{} placed", side.name()), dx, dy, SMALL);
                for (i, t) in tiles.iter().enumerate() {
                    text(f, &format!("{t}"), dx + 2, dy + 13 + i as i32 * 12, SMALL, INK);
                }
            }
            None if !play.state().tiling().is_empty() => {
                text(f, "The tiles placed", dx, dy, SMALL, INK);
                text(f, "next show here.", dx, dy + 12, SMALL, INK);
            }
            None => {
                text(f, "White places the", dx, dy, SMALL, INK);
                text(f, "first tile; then", dx, dy + 12, SMALL, INK);
                text(f, "two tiles a move.", dx, dy + 24, SMALL, INK);
            }
        },
    }
}

/// The whole tiling small, the view's rectangle on it.
fn overview(f: &mut Frame, play: &ChePlay, x: i32, y: i32) {
    let frame = Rectangle::new(Point::new(x - 1, y - 1), Size::new(MAP as u32 + 2, MAP as u32 + 2));
    outline(f, frame, 1, INK);
    let Some((x0, y0, x1, y1)) = play.state().tiling().bounds() else { return };
    let v = play.board.view;
    // The box shows the tiling and the view, whichever reaches further.
    let (left, right) = ((x0 as i32).min(v.x as i32), (x1 as i32).max(v.x as i32 + COLS as i32 - 1));
    let (bottom, top) = ((y0 as i32).min(v.y as i32 - ROWS as i32 + 1), (y1 as i32).max(v.y as i32));
    let extent = (right - left + 1).max(top - bottom + 1);
    let scale = (MAP / extent).clamp(1, 4);
    let (w, h) = ((right - left + 1) * scale, (top - bottom + 1) * scale);
    let (ox, oy) = (x + (MAP - w) / 2, y + (MAP - h) / 2);
    let _ = f.fill_solid(&Rectangle::new(Point::new(ox, oy), Size::new(w as u32, h as u32)), PAPER);
    for t in play.state().tiling().tiles() {
        let px = ox + (t.cell.x as i32 - left) * scale;
        let py = oy + (top - t.cell.y as i32) * scale;
        let r = Rectangle::new(Point::new(px, py), Size::new(scale as u32, scale as u32));
        match t.kind.band() {
            Side::Blue => {
                let _ = f.fill_solid(&r, INK);
            }
            Side::White if scale >= 3 => outline(f, r, 1, INK),
            Side::White => {
                let _ = Pixel(r.top_left, INK).draw(f);
            }
        }
    }
    let vr = Rectangle::new(
        Point::new(ox + (v.x as i32 - left) * scale, oy + (top - v.y as i32) * scale),
        Size::new((COLS as i32 * scale) as u32, (ROWS as i32 * scale) as u32),
    );
    outline(f, vr.offset(1), 1, INK);
}

fn hints(play: &ChePlay) -> Hints {
    if play.state().end().is_some() {
        return Hints::watching("-");
    }
    if play.cpu_to_move() {
        return Hints::watching(if play.cpu_tile().is_some() { "CPU places" } else { "CPU is thinking" });
    }
    let b_browse = if play.record().can_lift() {
        "lift first tile"
    } else if play.board.show_threats {
        "hide threats"
    } else {
        "show threats"
    };
    match play.board.mode {
        Mode::Browse => Hints { progress: None,
            a: if play.hand_on_free() { "take a tile" } else { "(a free cell)" },
            b: b_browse,
            crank: "next free cell",
            dpad: "move the hand",
        },
        Mode::Hold { .. } => Hints { progress: None, a: "place it", b: "put it back", crank: "turn the tile", dpad: "up/down turn it" },
    }
}

/// The score sheet: each side's largest region and the tiles left; at the end, beside
/// them, the closed region (or each side's largest) standing out from the tiles around.
pub fn score_sheet(f: &mut Frame, state: &State, at: Point) {
    if state.end().is_some() {
        region_picture(f, state, at + Point::new(172, -4));
    }
    text(f, &format!("Che: {} tiles left", state.tiles_left()), at.x, at.y, SMALL, INK);
    for (i, side) in Side::ALL.into_iter().enumerate() {
        let row = at.y + 13 + i as i32 * 14;
        let largest = state.tiling().largest(side);
        seat_line(f, &INFO, side.seat(), &format!("{}: largest region {largest}", side.name()), at.x, row, SMALL);
    }
}

/// The tiles around the regions that decided the game, drawn small: those regions
/// strong, the rest faded, in a 64-pixel box with its top-left at `at`.
fn region_picture(f: &mut Frame, state: &State, at: Point) {
    use super::super::art::{tile, Style};
    use super::super::rules::Part;
    let out = super::board::standing_out(state);
    let tiling = state.tiling();
    let in_region = |t: &super::super::rules::Tile| {
        Part::ALL.iter().any(|&p| tiling.region_of(t.cell, p).is_some_and(|r| out.contains(&r)))
    };
    let mut bounds: Option<(i32, i32, i32, i32)> = None;
    for t in tiling.tiles().iter().filter(|t| in_region(t)) {
        let (x, y) = (t.cell.x as i32, t.cell.y as i32);
        bounds = Some(bounds.map_or((x, y, x, y), |(a, b, c, d)| (a.min(x), b.min(y), c.max(x), d.max(y))));
    }
    let Some((x0, y0, x1, y1)) = bounds else { return };
    let (x0, y0, x1, y1) = (x0 - 1, y0 - 1, x1 + 1, y1 + 1);
    let extent = (x1 - x0 + 1).max(y1 - y0 + 1);
    let cell = (64 / extent).clamp(4, 12);
    let (w, h) = ((x1 - x0 + 1) * cell, (y1 - y0 + 1) * cell);
    let frame = Rectangle::new(at, Size::new(w.min(64) as u32 + 2, h.min(64) as u32 + 2));
    outline(f, frame, 1, INK);
    for t in tiling.tiles() {
        let (cx, cy) = (t.cell.x as i32 - x0, y1 - t.cell.y as i32);
        if cx < 0 || cy < 0 || (cx + 1) * cell > 64 || (cy + 1) * cell > 64 || t.cell.x as i32 > x1 || (t.cell.y as i32) < y0 {
            continue;
        }
        let styles = Part::ALL.map(|p| {
            if tiling.region_of(t.cell, p).is_some_and(|r| out.contains(&r)) {
                Style::Strong
            } else {
                Style::Faded
            }
        });
        tile(f, t.kind, at + Point::new(1 + cx * cell, 1 + cy * cell), cell, styles);
    }
}
