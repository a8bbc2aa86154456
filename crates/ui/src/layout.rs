//! Where a board goes on the screen. Board cells and screen pixels are different units;
//! a [`BoardLayout`] is the one place that converts between them, computed from the
//! board's size.

use embedded_graphics::prelude::{Point, Size};
use embedded_graphics::primitives::Rectangle;

/// Screen pixels, origin at the top left.
#[derive(Debug)]
pub struct ScreenSpace;

/// A point on the screen.
pub type ScreenPoint = euclid::Point2D<i32, ScreenSpace>;

/// The largest cell: 26 pixels.
pub const MAX_CELL: i32 = 26;
/// The screen's width.
pub const SCREEN_WIDTH: i32 = 400;
/// The screen's height.
pub const SCREEN_HEIGHT: i32 = 240;
/// The left margin, room for the rank numbers.
const LEFT: i32 = 13;
/// The top margin of a board with its labels and a line under it.
const TOP: i32 = 4;
/// Room under such a board: the file letters and the last-move line.
const UNDER: i32 = 28;
/// Room under every board for the file letters.
const LETTERS: i32 = 11;
/// The gap between a board and the side panel.
const GAP: i32 = 11;

/// A side panel from `x` to the screen's right edge, the screen's height.
pub const fn panel_from(x: i32) -> Rectangle {
    let width = if x < SCREEN_WIDTH { SCREEN_WIDTH - x } else { 0 };
    Rectangle::new(Point::new(x, 0), Size::new(width as u32, SCREEN_HEIGHT as u32))
}

/// A board of `cols` × `rows` cells on the screen, with the side panel beside it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct BoardLayout {
    /// Columns, left to right.
    pub cols: u8,
    /// Rows, bottom to top.
    pub rows: u8,
    /// A cell's side in pixels.
    pub cell: i32,
    /// The top-left pixel of the top-left cell.
    pub origin: ScreenPoint,
    /// Whether there is room under the board for the column letters and a line of text.
    pub room_under: bool,
}

impl BoardLayout {
    /// The layout for a board of `cols` × `rows`: cells as large as fit (at most
    /// [`MAX_CELL`]) with room for the row numbers at the left and the column letters
    /// under the board, and for a line of text under those when it fits.
    pub const fn fit(cols: u8, rows: u8) -> BoardLayout {
        let rows_i = if rows == 0 { 1 } else { rows as i32 };
        let cols_i = if cols == 0 { 1 } else { cols as i32 };
        let mut cell = (SCREEN_HEIGHT - TOP - LETTERS) / rows_i;
        if cell > MAX_CELL {
            cell = MAX_CELL;
        }
        let wide = (SCREEN_WIDTH - LEFT - 150) / cols_i;
        if cell > wide {
            cell = wide;
        }
        let room_under = TOP + rows_i * cell + UNDER <= SCREEN_HEIGHT;
        BoardLayout { cols, rows, cell, origin: ScreenPoint::new(LEFT, TOP), room_under }
    }

    /// The top of the column letters under the board.
    pub const fn letters_y(&self) -> i32 {
        self.origin.y + self.height() + 1
    }

    /// The board's width in pixels.
    pub const fn width(&self) -> i32 {
        self.cell * self.cols as i32
    }

    /// The board's height in pixels.
    pub const fn height(&self) -> i32 {
        self.cell * self.rows as i32
    }

    /// The left edge of the side panel.
    pub const fn panel_x(&self) -> i32 {
        self.origin.x + self.width() + GAP
    }

    /// The side panel's width.
    pub const fn panel_width(&self) -> i32 {
        SCREEN_WIDTH - self.panel_x()
    }

    /// The side panel, from its left edge to the screen's right and top to bottom:
    /// the area a game's panel is drawn into ([`crate::Frame::cropped`]).
    pub const fn panel_area(&self) -> Rectangle {
        panel_from(self.panel_x())
    }

    /// The top of the text line under the board (when there is room).
    pub const fn line_y(&self) -> i32 {
        SCREEN_HEIGHT - 11
    }

    /// The top-left pixel of the cell in column `col` and row `row` (row 0 at the
    /// bottom).
    pub fn cell_origin(&self, col: u8, row: u8) -> ScreenPoint {
        let flipped = self.rows as i32 - 1 - row as i32;
        ScreenPoint::new(self.origin.x + col as i32 * self.cell, self.origin.y + flipped * self.cell)
    }

    /// The centre pixel of a cell.
    pub fn cell_centre(&self, col: u8, row: u8) -> Point {
        let o = self.cell_origin(col, row);
        Point::new(o.x + self.cell / 2, o.y + self.cell / 2)
    }

    /// A cell's area.
    pub fn cell_rect(&self, col: u8, row: u8) -> Rectangle {
        let o = self.cell_origin(col, row);
        Rectangle::new(Point::new(o.x, o.y), Size::new(self.cell as u32, self.cell as u32))
    }

    /// The board's area.
    pub fn board_rect(&self) -> Rectangle {
        Rectangle::new(Point::new(self.origin.x, self.origin.y), Size::new(self.width() as u32, self.height() as u32))
    }
}

/// The direction of a step `df` files right and `dr` ranks up, as an index of the
/// eight clockwise from straight up (0: up, 1: up-right, 2: right … 7: up-left): how
/// the hand orders the targets around a piece (7 too for no step).
pub fn bearing(df: i32, dr: i32) -> u8 {
    match (df.signum(), dr.signum()) {
        (0, 1) => 0,
        (1, 1) => 1,
        (1, 0) => 2,
        (1, -1) => 3,
        (0, -1) => 4,
        (-1, -1) => 5,
        (-1, 0) => 6,
        _ => 7,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bearings_go_clockwise_from_straight_up_whatever_the_distance() {
        let steps = [(0, 1), (2, 2), (3, 0), (1, -4), (0, -1), (-1, -1), (-5, 0), (-1, 2)];
        assert_eq!(steps.map(|(df, dr)| bearing(df, dr)), [0, 1, 2, 3, 4, 5, 6, 7]);
    }

    #[test]
    fn an_8_by_8_board_has_26_pixel_squares_with_labels_and_a_line_under_it() {
        let l = BoardLayout::fit(8, 8);
        assert_eq!((l.cell, l.origin, l.panel_x()), (26, ScreenPoint::new(13, 4), 232));
        assert!(l.room_under);
        assert_eq!(l.cell_origin(7, 7), ScreenPoint::new(13 + 7 * 26, 4));
        assert_eq!(l.cell_origin(0, 0), ScreenPoint::new(13, 4 + 7 * 26));
        assert!(l.origin.y + l.height() + 10 < l.line_y());
    }

    #[test]
    fn a_9_by_9_board_has_25_pixel_squares_and_its_letters_under_it() {
        let l = BoardLayout::fit(9, 9);
        assert_eq!(l.cell, 25);
        assert!(!l.room_under, "no room for a line under the letters");
        assert_eq!(l.origin.y, 4);
        assert!(l.letters_y() + 10 <= SCREEN_HEIGHT);
        assert!(l.panel_width() >= 140, "{}", l.panel_width());
    }
}
