//! The 400×240 1-bit frame in the Playdate's own layout.

use alloc::boxed::Box;
use alloc::vec;
use core::convert::Infallible;

use embedded_graphics::pixelcolor::BinaryColor;
use embedded_graphics::prelude::*;
use embedded_graphics::primitives::Rectangle;

/// Width in pixels.
pub const WIDTH: usize = 400;
/// Height in pixels.
pub const HEIGHT: usize = 240;
/// Bytes per row: 50 of pixels and 2 unused, as `getFrame()` has it.
pub const ROW_BYTES: usize = 52;
/// Bytes in a frame.
pub const FRAME_BYTES: usize = ROW_BYTES * HEIGHT;

/// Whether a pixel of `color` has its bit set. On the Playdate a set bit is white;
/// drawing uses `BinaryColor::On` for ink (black) and `Off` for paper (white).
pub const fn bit_is_set(color: BinaryColor) -> bool {
    matches!(color, BinaryColor::Off)
}

/// The whole frame, as a rectangle.
const FULL: Rectangle = Rectangle::new(Point::zero(), Size::new(WIDTH as u32, HEIGHT as u32));

/// A frame: 240 rows of 52 bytes, the leftmost pixel in the high bit, a set bit white.
/// Its 12 KB live on the heap: a frame is never built on the Playdate's small stack.
///
/// Drawing may be cropped to an area ([`Frame::cropped`]): inside it, (0, 0) is the
/// area's top-left corner and nothing lands outside the area, as with
/// embedded-graphics' `DrawTargetExt::cropped`. The frame does it itself because the
/// games' art is drawn through plain `fn(&mut Frame, …)` pointers and the fills go a
/// byte at a time, which a wrapper type could not reach.
#[derive(Clone, PartialEq, Eq)]
pub struct Frame {
    bytes: Box<[u8; FRAME_BYTES]>,
    /// Where (0, 0) of the drawing is on the screen.
    origin: Point,
    /// The screen pixels drawing may reach.
    clip: Rectangle,
    /// The size drawing sees: the frame's, or the area's it is cropped to.
    size: Size,
}

impl core::fmt::Debug for Frame {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "Frame({}×{})", WIDTH, HEIGHT)
    }
}

impl Default for Frame {
    fn default() -> Frame {
        Frame::new()
    }
}

impl Frame {
    /// A white frame, allocated and filled on the heap.
    pub fn new() -> Frame {
        let white: Box<[u8]> = vec![0xff; FRAME_BYTES].into_boxed_slice();
        // The length is FRAME_BYTES, so the conversion cannot fail.
        let bytes = white.try_into().unwrap_or_else(|_| Box::new([0xff; FRAME_BYTES]));
        Frame { bytes, origin: Point::zero(), clip: FULL, size: FULL.size }
    }

    /// Draws with `draw` into `area` (in the coordinates drawn in now): there (0, 0)
    /// is the area's top-left corner, the frame's size is the area's, and nothing
    /// lands outside it. Areas nest.
    pub fn cropped<R>(&mut self, area: &Rectangle, draw: impl FnOnce(&mut Frame) -> R) -> R {
        let (origin, clip, size) = (self.origin, self.clip, self.size);
        self.origin = origin + area.top_left;
        self.clip = clip.intersection(&Rectangle::new(self.origin, area.size));
        self.size = area.size;
        let drawn = draw(self);
        (self.origin, self.clip, self.size) = (origin, clip, size);
        drawn
    }

    /// Whether drawing lands where it says, on the whole frame.
    fn uncropped(&self) -> bool {
        self.origin == Point::zero() && self.clip == FULL
    }

    /// A frame holding `bytes`, laid out as the Playdate's frame buffer (a host's
    /// copy of the LCD).
    pub fn from_bytes(bytes: &[u8; FRAME_BYTES]) -> Frame {
        let mut frame = Frame::new();
        frame.bytes.copy_from_slice(bytes);
        frame
    }

    /// The frame's bytes, ready for the Playdate's frame buffer.
    pub const fn bytes(&self) -> &[u8; FRAME_BYTES] {
        &self.bytes
    }

    /// Row `y`'s 52 bytes (empty if `y` is off the frame).
    pub fn row(&self, y: usize) -> &[u8] {
        self.bytes.get(y * ROW_BYTES..(y + 1) * ROW_BYTES).unwrap_or(&[])
    }

    /// Whether the pixel at (`x`, `y`) is black (on the screen, cropped or not). Off
    /// the frame counts as white.
    pub fn is_black(&self, x: usize, y: usize) -> bool {
        if x >= WIDTH || y >= HEIGHT {
            return false;
        }
        self.bytes[y * ROW_BYTES + x / 8] & (0x80 >> (x % 8)) == 0
    }

    /// Paints `color` on the pixels of `area` that `pattern(y)` selects in row `y` (a
    /// byte whose bits stand for the pixels of any byte-aligned group of eight, the
    /// leftmost in the high bit): a byte at a time, not a pixel at a time.
    /// `area` is in the coordinates drawn in now; `pattern` is asked for screen rows,
    /// so patterns line up across areas.
    pub fn fill_pattern(&mut self, area: &Rectangle, mut pattern: impl FnMut(usize) -> u8, color: BinaryColor) {
        let area = Rectangle::new(area.top_left + self.origin, area.size).intersection(&self.clip);
        let Some(bottom_right) = area.bottom_right() else {
            return;
        };
        let (x0, x1) = (area.top_left.x as usize, bottom_right.x as usize);
        let (first, last) = (x0 / 8, x1 / 8);
        // The pixels of the first and last bytes inside the area.
        let first_mask = 0xffu8 >> (x0 % 8);
        let last_mask = 0xffu8 << (7 - x1 % 8);
        for y in area.top_left.y as usize..=bottom_right.y as usize {
            let bits = pattern(y);
            if bits == 0 {
                continue;
            }
            let Some(row) = self.bytes.get_mut(y * ROW_BYTES..(y + 1) * ROW_BYTES) else { continue };
            for (i, byte) in row.iter_mut().enumerate().take(last + 1).skip(first) {
                let mut mask = bits;
                if i == first {
                    mask &= first_mask;
                }
                if i == last {
                    mask &= last_mask;
                }
                if bit_is_set(color) {
                    *byte |= mask;
                } else {
                    *byte &= !mask;
                }
            }
        }
    }

    /// The first and last rows that differ from `other`, if any (for
    /// `markUpdatedRows`).
    pub fn changed_rows(&self, other: &Frame) -> Option<(usize, usize)> {
        let differs = |y: &usize| self.row(*y) != other.row(*y);
        let first = (0..HEIGHT).find(differs)?;
        let last = (0..HEIGHT).rev().find(differs)?;
        Some((first, last))
    }

    fn set(&mut self, x: usize, y: usize, color: BinaryColor) {
        let mask = 0x80u8 >> (x % 8);
        if let Some(byte) = self.bytes.get_mut(y * ROW_BYTES + x / 8) {
            if bit_is_set(color) {
                *byte |= mask;
            } else {
                *byte &= !mask;
            }
        }
    }
}

impl OriginDimensions for Frame {
    /// The whole frame's, or the area's it is cropped to.
    fn size(&self) -> Size {
        self.size
    }
}

impl DrawTarget for Frame {
    type Color = BinaryColor;
    type Error = Infallible;

    /// Draws pixels; those off the frame are dropped.
    fn draw_iter<I>(&mut self, pixels: I) -> Result<(), Infallible>
    where
        I: IntoIterator<Item = Pixel<BinaryColor>>,
    {
        if self.uncropped() {
            for Pixel(p, color) in pixels {
                if (0..WIDTH as i32).contains(&p.x) && (0..HEIGHT as i32).contains(&p.y) {
                    self.set(p.x as usize, p.y as usize, color);
                }
            }
        } else {
            for Pixel(p, color) in pixels {
                let p = p + self.origin;
                if self.clip.contains(p) {
                    self.set(p.x as usize, p.y as usize, color);
                }
            }
        }
        Ok(())
    }

    fn fill_solid(&mut self, area: &Rectangle, color: BinaryColor) -> Result<(), Infallible> {
        self.fill_pattern(area, |_| 0xff, color);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use embedded_graphics::primitives::{PrimitiveStyle, Rectangle};

    #[test]
    fn filling_by_bytes_paints_the_pixels_one_by_one_would() {
        let rects = [(0, 0, 400, 240), (3, 5, 1, 1), (7, 2, 2, 9), (13, 1, 37, 4), (390, 230, 30, 30), (-5, -3, 12, 8)];
        for (x, y, w, h) in rects {
            let rect = Rectangle::new(Point::new(x, y), Size::new(w, h));
            for color in [BinaryColor::On, BinaryColor::Off] {
                let mut fast = Frame::new();
                let mut slow = Frame::new();
                if color == BinaryColor::Off {
                    fast.fill_solid(&fast.bounding_box(), BinaryColor::On).unwrap();
                    slow.fill_solid(&slow.bounding_box(), BinaryColor::On).unwrap();
                }
                fast.fill_solid(&rect, color).unwrap();
                for p in rect.points().filter(|p| p.x >= 0 && p.y >= 0 && p.x < 400 && p.y < 240) {
                    slow.set(p.x as usize, p.y as usize, color);
                }
                assert!(fast == slow, "{rect:?} {color:?}");
            }
        }
    }

    #[test]
    fn a_cropped_frame_draws_from_its_corner_and_only_inside() {
        let mut f = Frame::new();
        let area = Rectangle::new(Point::new(100, 50), Size::new(20, 10));
        f.cropped(&area, |f| {
            assert_eq!(f.size(), Size::new(20, 10));
            Pixel(Point::new(0, 0), BinaryColor::On).draw(f).unwrap();
            Pixel(Point::new(25, 0), BinaryColor::On).draw(f).unwrap();
            f.cropped(&Rectangle::new(Point::new(5, 5), Size::new(30, 30)), |f| {
                f.fill_solid(&Rectangle::new(Point::zero(), Size::new(40, 40)), BinaryColor::On).unwrap();
            });
        });
        assert!(f.is_black(100, 50), "(0, 0) is the area's corner");
        assert!(!f.is_black(125, 50), "nothing lands right of the area");
        assert!(f.is_black(105, 55) && f.is_black(119, 59), "a nested area fills to the outer edge");
        assert!(!f.is_black(120, 59) && !f.is_black(119, 60), "and no further");
        assert_eq!(f.size(), Size::new(400, 240), "the whole frame again after");
        Pixel(Point::new(0, 0), BinaryColor::On).draw(&mut f).unwrap();
        assert!(f.is_black(0, 0));
    }

    #[test]
    fn ink_clears_the_bit_and_paper_sets_it() {
        assert!(!bit_is_set(BinaryColor::On));
        assert!(bit_is_set(BinaryColor::Off));
    }

    #[test]
    fn pixels_land_msb_first_in_52_byte_rows() {
        let mut frame = Frame::new();
        frame.draw_iter([Pixel(Point::new(0, 0), BinaryColor::On), Pixel(Point::new(9, 2), BinaryColor::On)]).unwrap();
        assert_eq!(frame.bytes()[0], 0x7f);
        assert_eq!(frame.bytes()[2 * ROW_BYTES + 1], 0xbf);
        assert!(frame.is_black(9, 2));
        assert!(!frame.is_black(8, 2));
        // The two unused bytes at the end of a row stay white.
        Rectangle::new(Point::zero(), Size::new(400, 240))
            .into_styled(PrimitiveStyle::with_fill(BinaryColor::On))
            .draw(&mut frame)
            .unwrap();
        assert_eq!(&frame.row(5)[50..], &[0xff, 0xff]);
        assert_eq!(frame.row(5)[49], 0);
    }

    #[test]
    fn off_frame_pixels_are_dropped() {
        let mut frame = Frame::new();
        frame
            .draw_iter([
                Pixel(Point::new(-1, 0), BinaryColor::On),
                Pixel(Point::new(400, 0), BinaryColor::On),
                Pixel(Point::new(0, 240), BinaryColor::On),
            ])
            .unwrap();
        assert_eq!(frame, Frame::new());
    }

    #[test]
    fn changed_rows_spans_the_first_and_last_difference() {
        let mut frame = Frame::new();
        assert_eq!(frame.changed_rows(&Frame::new()), None);
        frame
            .draw_iter([Pixel(Point::new(3, 7), BinaryColor::On), Pixel(Point::new(399, 200), BinaryColor::On)])
            .unwrap();
        assert_eq!(frame.changed_rows(&Frame::new()), Some((7, 200)));
    }
}
