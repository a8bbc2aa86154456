//! Where things are on the screen. Board squares and screen pixels are different units;
//! this is the one place that converts between them.

use chek_rules::Square;
use embedded_graphics::prelude::{Point, Size};
use embedded_graphics::primitives::Rectangle;

/// Screen pixels, origin at the top left.
#[derive(Debug)]
pub struct ScreenSpace;

/// A point on the screen.
pub type ScreenPoint = euclid::Point2D<i32, ScreenSpace>;

/// A square's side in pixels.
pub const SQUARE: i32 = 26;
/// The top-left corner of `a8`.
pub const BOARD: ScreenPoint = ScreenPoint::new(13, 4);
/// The board's side in pixels.
pub const BOARD_SIDE: i32 = SQUARE * 8;
/// The left edge of the side panel.
pub const PANEL_X: i32 = 232;
/// The side panel's width.
pub const PANEL_WIDTH: i32 = 400 - PANEL_X;
/// The baseline row of the "last move" line under the board.
pub const LAST_MOVE_Y: i32 = 229;

// The board, its file letters and the last-move line fit beside and above each other.
const _: () = assert!(BOARD.x + BOARD_SIDE < PANEL_X);
const _: () = assert!(BOARD.y + BOARD_SIDE + 10 < LAST_MOVE_Y);
const _: () = assert!(LAST_MOVE_Y + 10 <= 240);

/// The top-left pixel of `square`.
pub fn square_origin(square: Square) -> ScreenPoint {
    ScreenPoint::new(BOARD.x + square.file() as i32 * SQUARE, BOARD.y + (7 - square.rank() as i32) * SQUARE)
}

/// The centre pixel of `square`.
pub fn square_centre(square: Square) -> Point {
    let o = square_origin(square);
    Point::new(o.x + SQUARE / 2, o.y + SQUARE / 2)
}

/// The square's area.
pub fn square_rect(square: Square) -> Rectangle {
    let o = square_origin(square);
    Rectangle::new(Point::new(o.x, o.y), Size::new(SQUARE as u32, SQUARE as u32))
}

/// The board's area.
pub fn board_rect() -> Rectangle {
    Rectangle::new(Point::new(BOARD.x, BOARD.y), Size::new(BOARD_SIDE as u32, BOARD_SIDE as u32))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_board_has_a1_bottom_left_and_fits_beside_the_panel() {
        let a1: Square = "a1".parse().unwrap();
        let h8: Square = "h8".parse().unwrap();
        assert_eq!(square_origin(h8), ScreenPoint::new(BOARD.x + 7 * SQUARE, BOARD.y));
        assert_eq!(square_origin(a1), ScreenPoint::new(BOARD.x, BOARD.y + 7 * SQUARE));
    }
}
