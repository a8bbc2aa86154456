//! Drawing the Che plane: the tiles in view with their arcs, the free cells, the last
//! move, the threats when shown, the tile held and the hand; at the end, the closed
//! region (or each side's largest) standing out from the rest.

use arrayvec::ArrayVec;
use chek_ui::widgets::{disc, hand, outline, ring, text, INK, PAPER, SMALL};
use chek_ui::Frame;
use embedded_graphics::prelude::*;
use embedded_graphics::primitives::Rectangle;

use super::super::art::{tile, Style};
use super::super::cpu::eval::threat_cells;
use super::super::rules::{Cell, End, Part, Side, State};
use super::ChePlay;

/// A cell's side in pixels.
pub const CELL: i32 = 24;
/// Columns in view.
pub const COLS: u8 = 10;
/// Rows in view.
pub const ROWS: u8 = 10;
/// The plane's width on the screen; the panel starts after it.
pub const WIDTH: i32 = CELL * COLS as i32;

/// The top-left pixel of `cell` with the view's north-west cell at `view`, if in view.
pub fn cell_origin(view: Cell, cell: Cell) -> Option<Point> {
    let (col, row) = (cell.x as i32 - view.x as i32, view.y as i32 - cell.y as i32);
    ((0..COLS as i32).contains(&col) && (0..ROWS as i32).contains(&row)).then(|| Point::new(col * CELL, row * CELL))
}

/// The regions that stand out at the end: the closed ones, or each side's largest.
pub fn standing_out(state: &State) -> ArrayVec<usize, 8> {
    let mut roots = ArrayVec::new();
    let tiling = state.tiling();
    let Some(end) = state.end() else { return roots };
    let largest = [tiling.largest(Side::White), tiling.largest(Side::Blue)];
    for t in tiling.tiles() {
        for part in Part::ALL {
            let Some(root) = tiling.region_of(t.cell, part) else { continue };
            let wanted = match end {
                End::Closed { .. } => tiling.is_closed(root),
                End::Largest { .. } => {
                    let side = t.kind.colour(part);
                    tiling.bands_of(root) == largest[side as usize] && largest[side as usize] > 0
                }
                End::Resigned { .. } => false,
            };
            if wanted && !roots.contains(&root) {
                let _ = roots.try_push(root);
            }
        }
    }
    roots
}

/// Draws the plane with everything on it.
pub fn draw(f: &mut Frame, play: &ChePlay) {
    let state = play.state();
    let tiling = state.tiling();
    let view = play.board.view;
    let area = Rectangle::new(Point::zero(), Size::new(WIDTH as u32, 240));
    let _ = f.fill_solid(&area, PAPER);
    // The empty plane: a light diagonal hatch, which no tile's fill uses, so White's
    // plain areas and Blue's dither both stand out from it.
    f.fill_pattern(&area, empty_plane, INK);
    let out = standing_out(state);
    for t in tiling.tiles() {
        let Some(at) = cell_origin(view, t.cell) else { continue };
        let styles = Part::ALL.map(|part| match state.end() {
            Some(End::Closed { .. } | End::Largest { .. }) => {
                let root = tiling.region_of(t.cell, part);
                if root.is_some_and(|r| out.contains(&r)) {
                    Style::Strong
                } else {
                    Style::Faded
                }
            }
            _ => Style::Normal,
        });
        tile(f, t.kind, at, CELL, styles);
    }
    // The free cells: a small cross in the middle, on a clear patch.
    if state.end().is_none() {
        for cell in play.free_cells() {
            if let Some(at) = cell_origin(view, cell) {
                let c = at + Point::new(CELL / 2, CELL / 2);
                let _ = f.fill_solid(&Rectangle::with_center(c, Size::new(9, 9)), PAPER);
                let _ = f.fill_solid(&Rectangle::with_center(c, Size::new(5, 1)), INK);
                let _ = f.fill_solid(&Rectangle::with_center(c, Size::new(1, 5)), INK);
            }
        }
    }
    last_move(f, play);
    if play.board.show_threats && state.end().is_none() {
        threats(f, play);
    }
    if let Some(held) = play.held() {
        if let Some(at) = cell_origin(view, held.cell) {
            tile(f, held.kind, at, CELL, [Style::Normal; 3]);
            let r = Rectangle::new(at, Size::new(CELL as u32, CELL as u32));
            outline(f, r.offset(2), 3, INK);
            outline(f, r.offset(-1), 1, PAPER);
        }
    } else if state.end().is_none() {
        if let Some(at) = cell_origin(view, play.board.hand) {
            let r = Rectangle::new(at, Size::new(CELL as u32, CELL as u32));
            outline(f, r.offset(1), 2, INK);
            outline(f, r.offset(-1), 1, PAPER);
        }
    }
    if state.end().is_none() && (!play.cpu_to_move() || play.cpu_tile().is_some()) {
        if let Some(at) = cell_origin(view, play.board.hand) {
            // A tile held: the hand beside it, pointing at its right edge, never over
            // it; else in the cell.
            let tip = if play.held().is_some() { Point::new(CELL + 5, CELL / 2) } else { Point::new(CELL / 2 + 4, CELL / 2 + 6) };
            hand(f, at + tip);
        }
    }
    edges(f, play);
}

/// The empty plane's hatch: dotted diagonals, one pixel in sixteen.
fn empty_plane(y: usize) -> u8 {
    if y.is_multiple_of(2) {
        0x80 >> (y % 8)
    } else {
        0
    }
}

/// The last move's tiles: a small square at the centre. Between the two tiles of a
/// move, the first one is marked apart: a "1" in a box at its corner.
fn last_move(f: &mut Frame, play: &ChePlay) {
    let Some((side, tiles)) = play.record().last() else { return };
    let under_way = play.state().end().is_none() && play.state().placed() == 1 && side == play.state().to_move();
    for t in tiles.iter() {
        let Some(at) = cell_origin(play.board.view, t.cell) else { continue };
        let c = at + Point::new(CELL / 2, CELL / 2);
        let _ = f.fill_solid(&Rectangle::with_center(c, Size::new(6, 6)), INK);
        let _ = f.fill_solid(&Rectangle::with_center(c, Size::new(2, 2)), PAPER);
        if under_way {
            let badge = Rectangle::new(at + Point::new(1, 1), Size::new(9, 11));
            let _ = f.fill_solid(&badge, INK);
            text(f, "1", at.x + 3, at.y + 2, SMALL, PAPER);
        }
    }
}

/// Threat cells: a ring, white for White's, black for Blue's (both: a ring in a ring).
fn threats(f: &mut Frame, play: &ChePlay) {
    let tiling = play.state().tiling();
    for side in Side::ALL {
        let cells: ArrayVec<Cell, 64> = threat_cells(tiling, side);
        for cell in cells {
            let Some(at) = cell_origin(play.board.view, cell) else { continue };
            let c = at + Point::new(CELL / 2, CELL / 2);
            match side {
                Side::White => {
                    disc(f, c, 15, INK);
                    disc(f, c, 11, PAPER);
                    ring(f, c, 5, 1, INK);
                }
                Side::Blue => {
                    disc(f, c, 15, PAPER);
                    disc(f, c, 13, INK);
                    disc(f, c, 5, PAPER);
                }
            }
        }
    }
}

/// Arrows at the edges where the tiling goes on out of view.
fn edges(f: &mut Frame, play: &ChePlay) {
    let Some((x0, y0, x1, y1)) = play.state().tiling().bounds() else { return };
    let v = play.board.view;
    let (vx1, vy0) = (v.x as i32 + COLS as i32 - 1, v.y as i32 - ROWS as i32 + 1);
    let mid = WIDTH / 2;
    let arrow = |f: &mut Frame, c: Point, dx: i32, dy: i32| {
        for i in 0..4 {
            let (w, h) = if dx == 0 { (2 * i + 1, 1) } else { (1, 2 * i + 1) };
            let p = c + Point::new(dx * (3 - i), dy * (3 - i));
            let _ = f.fill_solid(&Rectangle::with_center(p, Size::new(w as u32 + 2, h as u32 + 2)), PAPER);
            let _ = f.fill_solid(&Rectangle::with_center(p, Size::new(w as u32, h as u32)), INK);
        }
    };
    if (x0 as i32) < v.x as i32 {
        arrow(f, Point::new(5, 120), -1, 0);
    }
    if x1 as i32 > vx1 {
        arrow(f, Point::new(WIDTH - 6, 120), 1, 0);
    }
    if y1 as i32 > v.y as i32 {
        arrow(f, Point::new(mid, 5), 0, -1);
    }
    if (y0 as i32) < vy0 {
        arrow(f, Point::new(mid, 234), 0, 1);
    }
}
