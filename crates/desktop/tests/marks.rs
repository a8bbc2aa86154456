//! Chek's marks on the board, for every seat's piece: in control (the active piece), a
//! chain target, a link, and selected. None may look like an empty square (an empty
//! target selected is a frame), nor like another seat's piece. The sheet of every
//! seat's marks is also compared with the reviewed image `docs/shots/chek-marks.png`
//! (`CHEK_BLESS=1` rewrites it).

use chek_cartridge::games::chek::play::{ChekPlay, Mode};
use chek_rules::{Record, Setup};
use chek_ui::layout::BoardLayout;
use chek_ui::{Frame, Play, SeatKind, View};
use embedded_graphics::pixelcolor::BinaryColor;
use embedded_graphics::prelude::*;

const LAYOUT: BoardLayout = BoardLayout::fit(8, 8);
const SEATS: [char; 4] = ['S', 'W', 'N', 'E'];

/// A cell's pixels, row by row.
fn cell(frame: &Frame, file: u8, rank: u8) -> Vec<bool> {
    let r = LAYOUT.cell_rect(file, rank);
    let mut pixels = Vec::new();
    for y in r.top_left.y..r.top_left.y + r.size.height as i32 {
        for x in r.top_left.x..r.top_left.x + r.size.width as i32 {
            pixels.push(frame.is_black(x as usize, y as usize));
        }
    }
    pixels
}

fn differing(a: &[bool], b: &[bool]) -> usize {
    a.iter().zip(b).filter(|(x, y)| x != y).count()
}

/// A four-seat board where `seat` holds control on d4, an ally on c4 (a link), an
/// opponent on d5 (a chain target), every other seat a piece in a corner; drawn with
/// the chain option on `selected` chosen.
fn chain_board(seat: usize, selected: &str) -> Frame {
    let me = SEATS[seat];
    let other = SEATS[(seat + 1) % 4];
    let corners: Vec<char> = (1..4).map(|k| SEATS[(seat + k) % 4]).collect();
    let text = format!(
        "{}6{}/8/8/3{other}4/2{me}{me}4/8/8/{}7 SWNE {me} 0,0,0,0 chain:{me}@d4",
        corners[0], corners[1], corners[2]
    );
    let position = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
    let mut play = ChekPlay::new(Record::new(position, 1), Setup::FourSides, SeatKind::PEOPLE, 1);
    let square = selected.parse().unwrap();
    let index = play.chain_options().iter().position(|o| o.square() == square).unwrap();
    play.mode = Mode::Chain { index };
    let mut frame = Frame::new();
    play.draw(&mut frame, &View::default());
    frame
}

/// A selected empty square: a piece held with its move to d5 selected.
fn empty_selected() -> Vec<bool> {
    let position = "N7/8/8/8/3S4/8/8/6EW SWNE S 0,0,0,0".parse().unwrap();
    let mut play = ChekPlay::new(Record::new(position, 1), Setup::FourSides, SeatKind::PEOPLE, 1);
    let from = "d4".parse().unwrap();
    let index = play.aim_actions(from).iter().position(|a| a.to() == "d5".parse().ok()).unwrap();
    play.mode = Mode::Aim { from, index };
    let mut frame = Frame::new();
    play.draw(&mut frame, &View::default());
    cell(&frame, 3, 4)
}

/// Each seat's cells: in control (d4), a link (c4), a chain target (d5), the target
/// selected, the link selected.
fn marked_cells(seat: usize) -> [Vec<bool>; 5] {
    let on_link = chain_board(seat, "c4");
    let on_target = chain_board(seat, "d5");
    [cell(&on_link, 3, 3), cell(&on_target, 2, 3), cell(&on_link, 3, 4), cell(&on_target, 3, 4), cell(&on_link, 2, 3)]
}

#[test]
fn no_marked_piece_looks_like_an_empty_square_or_another_seats() {
    let empty = empty_selected();
    let cells: Vec<[Vec<bool>; 5]> = (0..4).map(marked_cells).collect();
    for (seat, marks) in cells.iter().enumerate() {
        for (m, c) in marks.iter().enumerate() {
            assert!(
                differing(c, &empty) >= 60,
                "seat {seat}, mark {m}: {} pixels from an empty frame",
                differing(c, &empty)
            );
        }
    }
    // In control, each seat's piece still reads as its own.
    for a in 0..4 {
        for b in a + 1..4 {
            let d = differing(&cells[a][0], &cells[b][0]);
            assert!(d >= 40, "seats {a} and {b} in control differ by {d} pixels only");
        }
    }
    // The sheet, at twice the size: a row per seat (South, West, North, East), a
    // column per mark (in control, a link, a chain target, the target selected, the
    // link selected).
    let mut sheet = Frame::new();
    let size = LAYOUT.cell as usize;
    for (seat, marks) in cells.iter().enumerate() {
        for (m, c) in marks.iter().enumerate() {
            for (i, &black) in c.iter().enumerate() {
                let (x, y) = (8 + m * (2 * size + 12) + 2 * (i % size), 8 + seat * (2 * size + 6) + 2 * (i / size));
                if black {
                    let r =
                        embedded_graphics::primitives::Rectangle::new(Point::new(x as i32, y as i32), Size::new(2, 2));
                    let _ = sheet.fill_solid(&r, BinaryColor::On);
                }
            }
        }
    }
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/shots/chek-marks.png");
    if std::env::var_os("CHEK_BLESS").is_some() {
        chek_desktop::image::write_png(&sheet, &path).unwrap();
    }
    let expected = chek_desktop::image::read_png_pixels(&path).unwrap();
    assert_eq!(expected, chek_desktop::image::pixels(&sheet), "the marks sheet differs from the reviewed one");
}
