//! Drawing the App's state onto a [`Frame`]. Everything here only reads state.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;
use core::convert::Infallible;

use chek_rules::{Action, Bonus, End, Outcome, Position, Seat, Setup, Square};
use embedded_graphics::mono_font::ascii::{FONT_10X20, FONT_6X10, FONT_7X13_BOLD};
use embedded_graphics::mono_font::{MonoFont, MonoTextStyle};
use embedded_graphics::pixelcolor::BinaryColor;
use embedded_graphics::prelude::*;
use embedded_graphics::primitives::{Circle, Line, PrimitiveStyle, Rectangle, RoundedRectangle, Triangle};
use embedded_graphics::text::{Alignment, Baseline, Text, TextStyleBuilder};

use crate::app::{
    conflict_winner, App, ChainOption, Mode, NewGameRow, Overlay, PauseItem, Screen, Session, Show, TitleItem,
    CAPTURE_MS, ROLL_MS, RULE_PAGES,
};
use crate::frame::Frame;
use crate::layout::{board_rect, square_centre, square_rect, BOARD, LAST_MOVE_Y, PANEL_WIDTH, PANEL_X, SQUARE};

const INK: BinaryColor = BinaryColor::On;
const PAPER: BinaryColor = BinaryColor::Off;

const SMALL: &MonoFont = &FONT_6X10;
const BOLD: &MonoFont = &FONT_7X13_BOLD;
const LARGE: &MonoFont = &FONT_10X20;

impl App {
    /// Draws the current screen onto `frame`.
    pub fn draw(&self, frame: &mut Frame) {
        let _ = frame.clear(PAPER);
        match self.screen() {
            Screen::Title { item } => draw_title(self, item, frame),
            Screen::NewGame { row } => draw_new_game(self, row, frame),
            Screen::Play { overlay } => {
                if let Some(session) = self.session() {
                    draw_game(self, session, overlay, frame);
                }
            }
            Screen::Rules { page, .. } => draw_rules(page, frame),
            Screen::EnterCode { entry } => draw_enter_code(&entry, frame),
        }
        if self.waits_for_crank() {
            draw_crank_alert(frame);
        }
    }

    /// The image behind the Playdate's system menu: the score sheet in the left 200
    /// pixels, the part the menu leaves visible.
    pub fn draw_menu_image(&self, frame: &mut Frame) {
        let _ = frame.clear(PAPER);
        big_text(frame, "CHEK", 100, 8, SMALL, 4);
        match self.session().filter(|s| matches!(self.screen(), Screen::Play { .. }) && !s.game.is_over()) {
            Some(session) => {
                let position = session.position();
                let turn = position.to_move();
                seat_line(frame, turn, &format!("{}'s turn", turn.name()), 10, 52, BOLD);
                score_sheet(frame, position, 10, 76);
                text(frame, "dock the crank: pause", 10, 200, SMALL, INK);
                text(frame, "and save", 10, 211, SMALL, INK);
            }
            None => {
                text(frame, "a board game of", 10, 60, SMALL, INK);
                text(frame, "dice-driven conflict", 10, 72, SMALL, INK);
                text(frame, "design: LDBR", 10, 211, SMALL, INK);
            }
        }
    }
}

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

/// "Undock the crank": shown while the game waits for the crank and it is folded away.
fn draw_crank_alert(f: &mut Frame) {
    let (x, y) = (PANEL_X + 8, 2);
    fill(f, x - 4, y, 164, 30, PAPER);
    rounded_box(f, Rectangle::new(Point::new(x - 4, y), Size::new(162, 30)), INK);
    hint_inverted_crank(f, x, y + 8);
    text(f, "Undock the crank,", x + 20, y + 4, SMALL, PAPER);
    text(f, "or use the D-pad", x + 20, y + 15, SMALL, PAPER);
}

fn hint_inverted_crank(f: &mut Frame, x: i32, y: i32) {
    let _ = Circle::new(Point::new(x + 1, y + 1), 11).into_styled(PrimitiveStyle::with_stroke(PAPER, 2)).draw(f);
    line(f, Point::new(x + 6, y + 6), Point::new(x + 12, y + 1), 2, PAPER);
}

// ---------------------------------------------------------------- drawing helpers

fn text(f: &mut Frame, s: &str, x: i32, y: i32, font: &MonoFont, color: BinaryColor) -> i32 {
    let style = MonoTextStyle::new(font, color);
    let _ = Text::with_baseline(s, Point::new(x, y), style, Baseline::Top).draw(f);
    x + s.chars().count() as i32 * font.character_size.width as i32
}

fn text_centred(f: &mut Frame, s: &str, cx: i32, y: i32, font: &MonoFont, color: BinaryColor) {
    let style = MonoTextStyle::new(font, color);
    let align = TextStyleBuilder::new().alignment(Alignment::Center).baseline(Baseline::Top).build();
    let _ = Text::with_text_style(s, Point::new(cx, y), style, align).draw(f);
}

fn text_right(f: &mut Frame, s: &str, right: i32, y: i32, font: &MonoFont, color: BinaryColor) {
    let style = MonoTextStyle::new(font, color);
    let align = TextStyleBuilder::new().alignment(Alignment::Right).baseline(Baseline::Top).build();
    let _ = Text::with_text_style(s, Point::new(right, y), style, align).draw(f);
}

fn fill(f: &mut Frame, x: i32, y: i32, w: u32, h: u32, color: BinaryColor) {
    let _ = f.fill_solid(&Rectangle::new(Point::new(x, y), Size::new(w, h)), color);
}

fn outline(f: &mut Frame, rect: Rectangle, width: u32, color: BinaryColor) {
    let _ = rect.into_styled(PrimitiveStyle::with_stroke(color, width)).draw(f);
}

fn rounded_box(f: &mut Frame, rect: Rectangle, fill_color: BinaryColor) {
    let rounded = RoundedRectangle::with_equal_corners(rect, Size::new(6, 6));
    let _ = rounded.into_styled(PrimitiveStyle::with_fill(fill_color)).draw(f);
    let _ = rounded.into_styled(PrimitiveStyle::with_stroke(INK, 2)).draw(f);
}

fn line(f: &mut Frame, a: Point, b: Point, width: u32, color: BinaryColor) {
    let _ = Line::new(a, b).into_styled(PrimitiveStyle::with_stroke(color, width)).draw(f);
}

/// A light dither: one pixel in eight, for dark squares and shading.
fn dither(f: &mut Frame, rect: Rectangle) {
    let pixels = rect.points().filter(|p| (p.x + p.y) % 4 == 0 && p.y % 2 == 0).map(|p| Pixel(p, INK));
    let _ = f.draw_iter(pixels);
}

/// A menu row: inverted when selected.
fn menu_row(f: &mut Frame, label: &str, x: i32, y: i32, w: u32, selected: bool) {
    if selected {
        let _ =
            RoundedRectangle::with_equal_corners(Rectangle::new(Point::new(x, y), Size::new(w, 17)), Size::new(4, 4))
                .into_styled(PrimitiveStyle::with_fill(INK))
                .draw(f);
    }
    text(f, label, x + 8, y + 2, BOLD, if selected { PAPER } else { INK });
}

// ---------------------------------------------------------------- pieces and icons

/// A seat's piece: South a filled circle, West a ring, North a filled square, East an
/// open square with a dot (C3). `d` is the piece's diameter.
pub(crate) fn piece(f: &mut Frame, seat: Seat, centre: Point, d: u32, ink: BinaryColor, paper: BinaryColor) {
    let halo = d + 4;
    let _ = Circle::with_center(centre, halo).into_styled(PrimitiveStyle::with_fill(paper)).draw(f);
    let stroke = (d / 6).max(1);
    let side = d.saturating_sub(2).max(1);
    let square = Rectangle::with_center(centre, Size::new(side, side));
    match seat {
        Seat::South => {
            let _ = Circle::with_center(centre, d).into_styled(PrimitiveStyle::with_fill(ink)).draw(f);
        }
        Seat::West => {
            let _ = Circle::with_center(centre, d).into_styled(PrimitiveStyle::with_stroke(ink, stroke)).draw(f);
        }
        Seat::North => {
            let _ = square.into_styled(PrimitiveStyle::with_fill(ink)).draw(f);
        }
        Seat::East => {
            let _ = square.into_styled(PrimitiveStyle::with_stroke(ink, stroke)).draw(f);
            let dot = (d / 4).max(1);
            let _ =
                Rectangle::with_center(centre, Size::new(dot, dot)).into_styled(PrimitiveStyle::with_fill(ink)).draw(f);
        }
    }
}

/// A small piece icon for text lines (11 px).
fn seat_icon(f: &mut Frame, seat: Seat, x: i32, y: i32) {
    piece(f, seat, Point::new(x + 5, y + 5), 11, INK, PAPER);
}

/// The pointing hand, fingertip at `tip`.
fn hand(f: &mut Frame, tip: Point) {
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

/// A button hint: a round key with its letter, then what it does.
fn hint(f: &mut Frame, key: &str, label: &str, x: i32, y: i32) {
    match key {
        "A" | "B" => {
            let _ = Circle::new(Point::new(x, y), 13).into_styled(PrimitiveStyle::with_fill(INK)).draw(f);
            text(f, key, x + 4, y + 2, SMALL, PAPER);
        }
        "crank" => {
            // The crank: a knob on an arm.
            let _ = Circle::new(Point::new(x + 1, y + 1), 11).into_styled(PrimitiveStyle::with_stroke(INK, 2)).draw(f);
            line(f, Point::new(x + 6, y + 6), Point::new(x + 12, y + 1), 2, INK);
            let _ =
                Circle::with_center(Point::new(x + 6, y + 6), 4).into_styled(PrimitiveStyle::with_fill(INK)).draw(f);
        }
        _ => {
            // The D-pad: a plus.
            fill(f, x + 4, y, 5, 13, INK);
            fill(f, x, y + 4, 13, 5, INK);
        }
    }
    text(f, label, x + 17, y + 2, SMALL, INK);
}

/// A die showing `value` (1–6), or a question mark for `None`.
fn die(f: &mut Frame, x: i32, y: i32, value: Option<u8>) {
    let rect = Rectangle::new(Point::new(x, y), Size::new(28, 28));
    rounded_box(f, rect, PAPER);
    let pip = |f: &mut Frame, px: i32, py: i32| {
        let _ = Circle::with_center(Point::new(x + px, y + py), 6).into_styled(PrimitiveStyle::with_fill(INK)).draw(f);
    };
    let (l, m, r) = (8, 14, 20);
    match value {
        Some(1) => pip(f, m, m),
        Some(2) => [(l, l), (r, r)].iter().for_each(|&(a, b)| pip(f, a, b)),
        Some(3) => [(l, l), (m, m), (r, r)].iter().for_each(|&(a, b)| pip(f, a, b)),
        Some(4) => [(l, l), (r, l), (l, r), (r, r)].iter().for_each(|&(a, b)| pip(f, a, b)),
        Some(5) => [(l, l), (r, l), (m, m), (l, r), (r, r)].iter().for_each(|&(a, b)| pip(f, a, b)),
        Some(6) => [(l, l), (r, l), (l, m), (r, m), (l, r), (r, r)].iter().for_each(|&(a, b)| pip(f, a, b)),
        _ => text_centred(f, "?", x + 14, y + 4, LARGE, INK),
    }
}

// ---------------------------------------------------------------- the board

/// What to draw on the board besides the pieces.
#[derive(Default)]
struct Marks {
    hand: Option<Square>,
    selection: Option<Square>,
    active: Option<Square>,
    moves: Vec<Square>,
    attacks: Vec<Square>,
    links: Vec<Square>,
}

fn draw_board(f: &mut Frame, position: &Position, marks: &Marks, fading: Option<(Square, Seat, u32)>) {
    // Squares: a1 is dark.
    for sq in Square::all() {
        if (sq.file() + sq.rank()) % 2 == 0 {
            dither(f, square_rect(sq));
        }
    }
    outline(f, board_rect().offset(1), 1, INK);
    for i in 0..8u8 {
        let file = [(b'a' + i) as char];
        let file: String = file.iter().collect();
        text_centred(f, &file, BOARD.x + i as i32 * SQUARE + SQUARE / 2, BOARD.y + 8 * SQUARE + 2, SMALL, INK);
        let rank = format!("{}", 8 - i);
        text(f, &rank, 3, BOARD.y + i as i32 * SQUARE + 8, SMALL, INK);
    }
    if let Some(sq) = marks.active {
        fill(f, square_rect(sq).top_left.x, square_rect(sq).top_left.y, SQUARE as u32, SQUARE as u32, INK);
    }
    for sq in Square::all() {
        if let Some(seat) = position.seat_at(sq) {
            let (ink, paper) = if marks.active == Some(sq) { (PAPER, INK) } else { (INK, PAPER) };
            piece(f, seat, square_centre(sq), 19, ink, paper);
        }
    }
    if let Some((sq, seat, d)) = fading {
        if d > 0 {
            piece(f, seat, square_centre(sq), d, INK, PAPER);
        }
    }
    for &sq in &marks.moves {
        let _ = Circle::with_center(square_centre(sq), 11).into_styled(PrimitiveStyle::with_fill(PAPER)).draw(f);
        let _ = Circle::with_center(square_centre(sq), 7).into_styled(PrimitiveStyle::with_fill(INK)).draw(f);
    }
    for &sq in &marks.attacks {
        brackets(f, sq);
    }
    for &sq in &marks.links {
        let r = square_rect(sq).offset(-2);
        let dots = r.points().filter(|p| {
            let edge = p.x == r.top_left.x
                || p.y == r.top_left.y
                || p.x == r.top_left.x + r.size.width as i32 - 1
                || p.y == r.top_left.y + r.size.height as i32 - 1;
            edge && (p.x + p.y) % 3 == 0
        });
        let _ = f.draw_iter(dots.map(|p| Pixel(p, INK)));
    }
    if let Some(sq) = marks.selection {
        let r = square_rect(sq).offset(1);
        outline(f, r, 3, INK);
        outline(f, r.offset(-3), 1, PAPER);
    }
    if let Some(sq) = marks.hand {
        let c = square_centre(sq);
        hand(f, Point::new(c.x + 2, c.y + 4));
    }
}

/// Corner brackets: an attack target.
fn brackets(f: &mut Frame, sq: Square) {
    let r = square_rect(sq);
    let (x0, y0) = (r.top_left.x + 1, r.top_left.y + 1);
    let (x1, y1) = (x0 + SQUARE - 3, y0 + SQUARE - 3);
    let arm = 7;
    for (x, y, dx, dy) in [(x0, y0, 1, 1), (x1, y0, -1, 1), (x0, y1, 1, -1), (x1, y1, -1, -1)] {
        line(f, Point::new(x, y), Point::new(x + dx * arm, y), 2, INK);
        line(f, Point::new(x, y), Point::new(x, y + dy * arm), 2, INK);
    }
}

/// The marks of the board screen's current mode.
fn marks(session: &Session, showing: bool) -> Marks {
    let mut marks = Marks::default();
    if showing {
        return marks;
    }
    let position = session.position();
    // The CPU's chain decision: its target, from whichever piece of the group.
    if let (Some(chain), Some(action)) = (position.chain(), session.cpu_action()) {
        marks.active = Some(chain.active);
        marks.hand = action.from();
        marks.selection = action.to();
        return marks;
    }
    match session.mode {
        Mode::Browse => marks.hand = Some(session.hand),
        Mode::Aim { from, .. } => {
            marks.hand = Some(from);
            for action in session.aim_actions(from) {
                match action {
                    Action::Move { to, .. } => marks.moves.push(to),
                    Action::Attack { to, .. } => marks.attacks.push(to),
                    Action::End => {}
                }
            }
            marks.selection = session.aimed_action().and_then(Action::to);
        }
        Mode::Chain { .. } => {
            marks.active = position.chain().map(|c| c.active);
            for option in session.chain_options() {
                match option {
                    ChainOption::Attack(action) => marks.attacks.extend(action.to()),
                    ChainOption::Link(sq) => marks.links.push(sq),
                }
            }
            marks.selection = session.chosen_option().map(ChainOption::square);
        }
    }
    marks
}

// ---------------------------------------------------------------- the game screen

fn draw_game(app: &App, session: &Session, overlay: Overlay, f: &mut Frame) {
    let now = app.now();
    let showing = session.showing(now);
    match showing {
        Some(show) => draw_show_board(app, show, f),
        None => draw_board(f, session.position(), &marks(session, false), None),
    }
    draw_panel(app, session, showing, overlay == Overlay::None, f);
    draw_last_move(session, showing.is_some(), f);
    match overlay {
        Overlay::None => {}
        Overlay::Pause { item } => draw_pause(session, item, f),
        Overlay::ConfirmEnd => draw_confirm_end(f),
        Overlay::GameOver => draw_game_over(session, f),
        Overlay::Share => draw_share(session, f),
    }
}

/// The board during a conflict: the position before it while the dice roll, then the
/// losing piece shrinking away (blinking too, unless reduce flashing is on).
fn draw_show_board(app: &App, show: &Show, f: &mut Frame) {
    let elapsed = app.now().wrapping_sub(show.start_ms);
    let mut marks = Marks::default();
    let Some((conflict, _, outcome)) = show.played.conflict else {
        draw_board(f, &show.before, &marks, None);
        return;
    };
    marks.selection = Some(conflict.to());
    if elapsed < ROLL_MS {
        draw_board(f, &show.before, &marks, None);
        return;
    }
    let (loser_square, loser) = match outcome {
        Outcome::AttackerWins => (conflict.to(), conflict.defender()),
        Outcome::DefenderWins => (conflict.from(), conflict.attacker()),
    };
    // The board before, without the losing piece, which is drawn fading.
    let mut raw = show.before.raw();
    raw.pieces[loser] = raw.pieces[loser].without(loser_square);
    let progress = (elapsed - ROLL_MS).min(CAPTURE_MS);
    let size = 19 - (19 * progress / CAPTURE_MS);
    let blink_off = !app.reduce_flashing() && (progress / 80) % 2 == 1;
    let fading = Some((loser_square, loser, if blink_off { 0 } else { size }));
    match Position::try_from(raw) {
        Ok(without) => draw_board(f, &without, &marks, fading),
        Err(_) => draw_board(f, &show.before, &marks, None),
    }
}

fn seat_line(f: &mut Frame, seat: Seat, label: &str, x: i32, y: i32, font: &MonoFont) {
    seat_icon(f, seat, x, y + 1);
    text(f, label, x + 15, y, font, INK);
}

fn draw_panel(app: &App, session: &Session, showing: Option<&Show>, with_hints: bool, f: &mut Frame) {
    let x = PANEL_X + 4;
    line(f, Point::new(PANEL_X, 0), Point::new(PANEL_X, 239), 1, INK);
    let position = match showing {
        Some(show) => &show.before,
        None => session.position(),
    };

    // Whose turn, and who holds control.
    let turn = position.to_move();
    let cpu = |seat: Seat| {
        if session.kinds[seat.index()].is_cpu() {
            " (CPU)"
        } else {
            ""
        }
    };
    seat_line(f, turn, &format!("{}'s turn{}", turn.name(), cpu(turn)), x, 3, BOLD);
    let controller = position.in_control();
    if controller != turn {
        seat_line(f, controller, &format!("{} in control{}", controller.name(), cpu(controller)), x, 19, SMALL);
    }

    // Scores: captures + pieces on the board (C17).
    let top = 34;
    text(f, "Score (taken + on board)", x, top, SMALL, INK);
    for (i, &seat) in position.seating().seats().iter().enumerate() {
        let y = top + 12 + i as i32 * 12;
        if seat == controller {
            let _ = Triangle::new(Point::new(x, y + 1), Point::new(x, y + 9), Point::new(x + 4, y + 5))
                .into_styled(PrimitiveStyle::with_fill(INK))
                .draw(f);
        }
        seat_icon(f, seat, x + 7, y);
        text(f, seat.name(), x + 21, y + 1, SMALL, INK);
        let detail = if position.is_out(seat) {
            format!("{:>2} (out)", position.score(seat))
        } else {
            format!("{:>2} ({}+{})", position.score(seat), position.captured(seat), position.pieces(seat).len())
        };
        text_right(f, &detail, 398, y + 1, SMALL, INK);
    }

    // The dice panel.
    draw_dice_panel(app, session, showing, f);

    if position.quiet() >= 45 {
        text(f, &format!("Quiet turns {}/60", position.quiet()), x, 176, SMALL, INK);
    }

    // What A, B and the crank do now (an overlay shows its own).
    if !with_hints {
        return;
    }
    let (a, b, crank) = board_hints(app, session, showing.is_some());
    let y = 190;
    hint(f, "A", a, x, y);
    hint(f, "B", b, x, y + 16);
    hint(f, "crank", crank, x, y + 32);
}

fn board_hints(app: &App, session: &Session, showing: bool) -> (&'static str, &'static str, &'static str) {
    let docked = app.crank_docked();
    let crank = |s: &'static str| if docked { "docked: D-pad" } else { s };
    if showing {
        return ("skip", "-", "-");
    }
    if session.cpu_in_control() {
        return match session.cpu_action() {
            None => ("-", "-", "CPU is thinking"),
            Some(_) => ("-", "-", "CPU plays"),
        };
    }
    match session.mode {
        Mode::Browse if session.hand_on_playable_piece() => ("pick up piece", "-", crank("next piece")),
        Mode::Browse => ("(own piece)", "-", crank("next piece")),
        Mode::Aim { .. } => match session.aimed_action() {
            Some(Action::Attack { .. }) => ("attack!", "put back", crank("next target")),
            _ => ("move here", "put back", crank("next target")),
        },
        Mode::Chain { .. } => match session.chosen_option() {
            Some(ChainOption::Attack(_)) => ("chain attack!", "end chain", crank("next option")),
            _ => ("link here", "end chain", crank("next option")),
        },
    }
}

fn modifier_lines(f: &mut Frame, bonus: Bonus, x: i32, y: i32) -> i32 {
    let mut y = y;
    if bonus.bully {
        text(f, "Bully +1", x, y, SMALL, INK);
        y += 11;
    }
    if bonus.chain {
        text(f, "Chain +1", x, y, SMALL, INK);
        y += 11;
    }
    if !bonus.bully && !bonus.chain {
        text(f, "No modifier", x, y, SMALL, INK);
        y += 11;
    }
    y
}

fn draw_dice_panel(app: &App, session: &Session, showing: Option<&Show>, f: &mut Frame) {
    let (x, y) = (PANEL_X + 4, 96);
    let rect = Rectangle::new(Point::new(x - 1, y), Size::new(PANEL_WIDTH as u32 - 6, 76));
    rounded_box(f, rect, PAPER);
    let (dx, dy) = (x + 6, y + 8);

    // Aiming an attack: the odds before A confirms.
    let aimed = match session.mode {
        _ if session.cpu_action().is_some() && session.position().chain().is_some() => session.cpu_action(),
        Mode::Aim { .. } => session.aimed_action(),
        Mode::Chain { .. } => match session.chosen_option() {
            Some(ChainOption::Attack(action)) => Some(action),
            _ => None,
        },
        Mode::Browse => None,
    };
    if showing.is_none() {
        if let Some(Action::Attack { bonus, .. }) = aimed {
            die(f, dx, dy, None);
            die(f, dx + 34, dy, None);
            let after = modifier_lines(f, bonus, dx + 72, dy);
            let chance = (bonus.attacker_wins_in_36() as u32 * 100 + 18) / 36;
            text(f, &format!("Win {chance}%"), dx + 72, after + 2, BOLD, INK);
            text(f, &format!("{}/36 to win", bonus.attacker_wins_in_36()), dx, dy + 44, SMALL, INK);
            return;
        }
    }

    let last = showing.map(|s| s.played).or(session.last_conflict);
    let Some((conflict, roll, outcome)) = last.and_then(|p| p.conflict) else {
        die(f, dx, dy, None);
        die(f, dx + 34, dy, None);
        text(f, "No conflict", dx + 72, dy + 2, SMALL, INK);
        text(f, "yet", dx + 72, dy + 13, SMALL, INK);
        return;
    };
    let rolling = showing.map(|s| app.now().wrapping_sub(s.start_ms)).filter(|&t| t < ROLL_MS);
    let faces = match rolling {
        Some(t) => {
            // Tumbling faces; calmer when reduce flashing is on.
            let period = if app.reduce_flashing() { 350 } else { 70 };
            let k = t / period;
            (Some((k * 5 + 2) as u8 % 6 + 1), Some((k * 3 + 4) as u8 % 6 + 1))
        }
        None => (Some(roll.attacker), Some(roll.defender)),
    };
    die(f, dx, dy, faces.0);
    die(f, dx + 34, dy, faces.1);
    seat_icon(f, conflict.attacker(), dx + 8, dy + 31);
    seat_icon(f, conflict.defender(), dx + 42, dy + 31);
    let after = modifier_lines(f, conflict.bonus(), dx + 72, dy);
    if rolling.is_none() {
        let winner = match outcome {
            Outcome::AttackerWins => conflict.attacker(),
            Outcome::DefenderWins => conflict.defender(),
        };
        let total = roll.attacker + conflict.bonus().total();
        text(f, &format!("{} vs {}", total, roll.defender), dx + 72, after + 1, SMALL, INK);
        let banner = format!("{} wins", winner.name());
        fill(f, x + 2, y + 58, PANEL_WIDTH as u32 - 12, 15, INK);
        text_centred(f, &banner, x + (PANEL_WIDTH - 8) / 2, y + 59, BOLD, PAPER);
    } else {
        text(f, "Rolling...", dx + 72, after + 1, SMALL, INK);
    }
}

fn draw_last_move(session: &Session, showing: bool, f: &mut Frame) {
    let Some(played) = session.last else {
        text(f, "Last: -", 3, LAST_MOVE_Y, SMALL, INK);
        return;
    };
    let mut line = match played.action {
        Action::End => format!("Last: {} ended the chain", played.seat.name()),
        action => format!("Last: {} {action}", played.seat.char()),
    };
    if let (Some((_, roll, _)), false) = (played.conflict, showing) {
        let winner = conflict_winner(&played).map_or('?', Seat::char);
        line = format!("{line} ({}v{}) {winner} won", roll.attacker, roll.defender);
    }
    text(f, &line, 3, LAST_MOVE_Y, SMALL, INK);
}

// ---------------------------------------------------------------- overlays

fn overlay_box(f: &mut Frame, x: i32, y: i32, w: u32, h: u32) {
    // A shadow, then the box.
    fill(f, x + 4, y + 4, w, h, INK);
    rounded_box(f, Rectangle::new(Point::new(x, y), Size::new(w, h)), PAPER);
}

/// The score sheet: every seat's captures, pieces and score (C17).
fn score_sheet(f: &mut Frame, position: &Position, x: i32, y: i32) {
    text(f, "seat", x, y, SMALL, INK);
    text_right(f, "pts  on board  score", x + 170, y, SMALL, INK);
    for (i, &seat) in position.seating().seats().iter().enumerate() {
        let row = y + 13 + i as i32 * 14;
        seat_icon(f, seat, x, row);
        text(f, seat.name(), x + 15, row + 1, SMALL, INK);
        let detail =
            format!("{:>3} {:>8} {:>6}", position.captured(seat), position.pieces(seat).len(), position.score(seat));
        text_right(f, &detail, x + 170, row + 1, SMALL, INK);
    }
}

fn draw_pause(session: &Session, item: PauseItem, f: &mut Frame) {
    let (x, y, w, h) = (6, 4, 194, 230);
    overlay_box(f, x, y, w, h);
    text(f, "Paused", x + 10, y + 8, BOLD, INK);
    text(f, "crank docked, game saved", x + 10, y + 23, SMALL, INK);
    score_sheet(f, session.position(), x + 10, y + 40);
    for (i, &option) in PauseItem::ALL.iter().enumerate() {
        menu_row(f, option.label(), x + 8, y + 104 + i as i32 * 17, w - 16, option == item);
    }
    hint(f, "A", "select", x + 10, y + h as i32 - 34);
    hint(f, "B", "resume (or undock)", x + 10, y + h as i32 - 18);
}

/// The share code in two lines of large characters, and as a QR code a phone can read.
fn draw_share(session: &Session, f: &mut Frame) {
    let (x, y, w, h) = (6, 4, 388, 230);
    overlay_box(f, x, y, w, h);
    text(f, "Share this game", x + 10, y + 8, BOLD, INK);
    match session.position().share_code() {
        Ok(code) => {
            let grouped = chek_rules::grouped(&code);
            // Four groups a line.
            let (first, second) = grouped.split_at(grouped.len().min(19));
            text(f, first, x + 10, y + 40, LARGE, INK);
            text(f, second.trim_start_matches('-'), x + 10, y + 66, LARGE, INK);
            text(f, "Send it by any chat; your friend", x + 10, y + 100, SMALL, INK);
            text(f, "enters it under Enter code on the", x + 10, y + 112, SMALL, INK);
            text(f, "title screen, or scans the QR code.", x + 10, y + 124, SMALL, INK);
            qr(f, &grouped, x + 238, y + 92);
        }
        Err(_) => {
            text(f, "Codes are made between turns:", x + 10, y + 40, SMALL, INK);
            text(f, "finish the chain first.", x + 10, y + 52, SMALL, INK);
        }
    }
    hint(f, "B", "back", x + 10, y + h as i32 - 18);
}

/// Draws `text` as a QR code with 4 px modules and its quiet zone, top-left at (x, y).
fn qr(f: &mut Frame, text: &str, x: i32, y: i32) {
    use qrcodegen_no_heap::{QrCode, QrCodeEcc, Version};
    const MAX: Version = Version::new(4);
    let mut buffer = [0u8; MAX.buffer_len()];
    let mut temp = [0u8; MAX.buffer_len()];
    let Ok(code) = QrCode::encode_text(text, &mut temp, &mut buffer, QrCodeEcc::Low, Version::MIN, MAX, None, true)
    else {
        return;
    };
    let module = 4;
    let size = code.size();
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

/// The code entry: the characters in groups, the one being turned inverted.
fn draw_enter_code(entry: &crate::app::CodeEntry, f: &mut Frame) {
    text(f, "Enter a code", 10, 8, LARGE, INK);
    text(f, "Turn the crank (or up/down) to change a character,", 10, 40, SMALL, INK);
    text(f, "left/right to move; A starts the game.", 10, 52, SMALL, INK);
    let text_entered = entry.text();
    for i in 0..entry.chars.len() {
        let group = i / 4;
        let (line, col) = (group / 4, (group % 4) * 4 + i % 4);
        let gx = 20 + col as i32 * 22 + (group % 4) as i32 * 10;
        let gy = 80 + line as i32 * 40;
        let c = if i < entry.len as usize { text_entered.as_bytes()[i] as char } else { '.' };
        let mut buf = [0u8; 4];
        let s = c.encode_utf8(&mut buf);
        if i == entry.cursor as usize {
            fill(f, gx - 3, gy - 2, 18, 24, INK);
            text(f, s, gx, gy, LARGE, PAPER);
        } else {
            text(f, s, gx, gy, LARGE, INK);
        }
    }
    if let Some(error) = entry.error {
        fill(f, 0, 170, 400, 14, INK);
        text_centred(f, &format!("{error}"), 200, 172, SMALL, PAPER);
    }
    hint(f, "crank", "change", 8, 206);
    hint(f, "D-pad", "<> move", 110, 206);
    hint(f, "A", "start", 8, 222);
    hint(f, "B", "back", 110, 222);
}

fn draw_confirm_end(f: &mut Frame) {
    let (x, y, w, h) = (70, 70, 260, 96);
    overlay_box(f, x, y, w, h);
    text(f, "End the game now?", x + 12, y + 10, BOLD, INK);
    text(f, "Every seat scores its points", x + 12, y + 30, SMALL, INK);
    text(f, "plus its pieces on the board.", x + 12, y + 41, SMALL, INK);
    hint(f, "A", "end the game", x + 12, y + 60);
    hint(f, "B", "keep playing", x + 12, y + 76);
}

fn draw_game_over(session: &Session, f: &mut Frame) {
    let (x, y, w, h) = (40, 24, 320, 192);
    overlay_box(f, x, y, w, h);
    let game = &session.game;
    let position = game.position();
    text_centred(f, "Game over", x + w as i32 / 2, y + 8, LARGE, INK);
    let reason = match game.end() {
        Some(End::LastSeatStanding(seat)) => format!("{} is the last seat standing", seat.name()),
        Some(End::Quiet) => String::from("60 turns without a conflict"),
        Some(End::Agreement) => String::from("ended by agreement"),
        None => String::new(),
    };
    text_centred(f, &reason, x + w as i32 / 2, y + 32, SMALL, INK);
    let leaders: Vec<Seat> = game.leaders().collect();
    let verdict = match leaders.as_slice() {
        [one] => format!("{} wins!", one.name()),
        many => {
            let names: Vec<&str> = many.iter().map(|s| s.name()).collect();
            format!("Tie: {}", names.join(", "))
        }
    };
    fill(f, x + 10, y + 48, w - 20, 18, INK);
    text_centred(f, &verdict, x + w as i32 / 2, y + 51, BOLD, PAPER);
    score_sheet(f, position, x + 70, y + 76);
    hint(f, "A", "new game", x + 20, y + h as i32 - 22);
    hint(f, "B", "title", x + 180, y + h as i32 - 22);
}

// ---------------------------------------------------------------- title and setup

/// Draws `s` in `font` scaled up `scale` times, centred on `cx`.
fn big_text(f: &mut Frame, s: &str, cx: i32, y: i32, font: &MonoFont, scale: i32) {
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

fn draw_title(app: &App, item: TitleItem, f: &mut Frame) {
    big_text(f, "CHEK", 200, 12, LARGE, 4);
    text_centred(f, "a board game of dice-driven conflict", 200, 96, SMALL, INK);
    for (i, seat) in Seat::ALL.into_iter().enumerate() {
        piece(f, seat, Point::new(155 + i as i32 * 30, 122), 19, INK, PAPER);
    }
    for (i, &option) in app.title_items().iter().enumerate() {
        let label = match option {
            TitleItem::Continue => "Continue",
            TitleItem::NewGame => "New game",
            TitleItem::EnterCode => "Enter code",
            TitleItem::Rules => "Rules",
        };
        menu_row(f, label, 130, 138 + i as i32 * 16, 140, option == item);
    }
    if let Some(notice) = app.notice() {
        fill(f, 0, 203, 400, 13, INK);
        text_centred(f, notice, 200, 205, SMALL, PAPER);
    }
    hint(f, "A", "select", 8, 222);
    hint(f, "D-pad", "choose", 90, 222);
    text_right(f, "design: LDBR", 396, 224, SMALL, INK);
}

/// A small board preview of a setup's starting pieces.
fn setup_preview(f: &mut Frame, setup: Setup, x: i32, y: i32) {
    let cell = 13;
    outline(f, Rectangle::new(Point::new(x - 1, y - 1), Size::new(8 * cell as u32 + 2, 8 * cell as u32 + 2)), 1, INK);
    let start = setup.start();
    for sq in Square::all() {
        let px = x + sq.file() as i32 * cell;
        let py = y + (7 - sq.rank() as i32) * cell;
        if (sq.file() + sq.rank()) % 2 == 0 {
            dither(f, Rectangle::new(Point::new(px, py), Size::new(cell as u32, cell as u32)));
        }
        if let Some(seat) = start.seat_at(sq) {
            piece(f, seat, Point::new(px + cell / 2, py + cell / 2), 9, INK, PAPER);
        }
    }
}

fn draw_new_game(app: &App, row: NewGameRow, f: &mut Frame) {
    text(f, "New game", 10, 8, LARGE, INK);
    let options = app.options();
    let seats = options.setup.seating().seats();
    for (i, &r) in app.new_game_rows().iter().enumerate() {
        let y = 40 + i as i32 * 21;
        let (label, value) = match r {
            NewGameRow::Setup => (String::from("Setup"), String::from(options.setup.id())),
            NewGameRow::Seat(n) => {
                let seat = seats.get(n as usize).copied().unwrap_or(Seat::South);
                (String::from(seat.name()), String::from(options.kinds[seat.index()].label()))
            }
            NewGameRow::First => (
                String::from("First"),
                match options.first {
                    crate::app::FirstSeat::Seat(seat) => String::from(seat.name()),
                    crate::app::FirstSeat::Random => String::from("random"),
                },
            ),
            NewGameRow::Start => (String::from("Start"), String::new()),
        };
        let selected = r == row;
        if r == NewGameRow::Start {
            menu_row(f, "Start game", 10, y + 4, 120, selected);
            continue;
        }
        menu_row(f, &label, 10, y, 240, selected);
        let color = if selected { PAPER } else { INK };
        let shown = if selected { format!("< {value} >") } else { value };
        text_right(f, &shown, 244, y + 2, BOLD, color);
        if let NewGameRow::Seat(n) = r {
            if let Some(&seat) = seats.get(n as usize) {
                piece(f, seat, Point::new(88, y + 8), 11, color, if selected { INK } else { PAPER });
            }
        }
    }
    setup_preview(f, options.setup, 276, 40);
    let pieces = options.setup.start().pieces(Seat::South).len();
    text_centred(f, &format!("{} players", seats.len()), 328, 150, SMALL, INK);
    text_centred(f, &format!("{pieces} pieces each"), 328, 162, SMALL, INK);
    let hint_a = if row == NewGameRow::Start { "start" } else { "next" };
    hint(f, "A", hint_a, 8, 222);
    hint(f, "B", "back", 90, 222);
    hint(f, "D-pad", "<> change", 160, 222);
}

// ---------------------------------------------------------------- rules

/// A tiny diagram: a 4×3 board with pieces written as text rows (`S`, `N`, `.`), and
/// marks: `*` the contested square (drawn as brackets).
fn diagram(f: &mut Frame, rows: &[&str], x: i32, y: i32) {
    let cell = 20;
    for (r, row) in rows.iter().enumerate() {
        for (c, ch) in row.chars().enumerate() {
            let px = x + c as i32 * cell;
            let py = y + r as i32 * cell;
            let rect = Rectangle::new(Point::new(px, py), Size::new(cell as u32, cell as u32));
            if (r + c) % 2 == 1 {
                dither(f, rect);
            }
            let centre = Point::new(px + cell / 2, py + cell / 2);
            match ch {
                'S' => piece(f, Seat::South, centre, 13, INK, PAPER),
                'N' => piece(f, Seat::North, centre, 13, INK, PAPER),
                'W' => piece(f, Seat::West, centre, 13, INK, PAPER),
                'E' => piece(f, Seat::East, centre, 13, INK, PAPER),
                'x' => {
                    piece(f, Seat::North, centre, 13, INK, PAPER);
                    outline(f, rect, 2, INK);
                }
                _ => {}
            }
        }
    }
    let w = rows.first().map_or(0, |r| r.len()) as u32 * cell as u32;
    outline(f, Rectangle::new(Point::new(x - 1, y - 1), Size::new(w + 2, rows.len() as u32 * cell as u32 + 2)), 1, INK);
}

fn draw_rules(page: u8, f: &mut Frame) {
    let (title, lines, picture): (&str, &[&str], &[&str]) = match page {
        0 => (
            "Your turn",
            &[
                "Move one of your pieces one square",
                "up, down, left or right onto an",
                "empty square, or attack a neighbour",
                "the same way.",
                "",
                "2 players: South and North.",
                "4 players: South, West, North,",
                "East, taking turns clockwise.",
                "Seats with no pieces are skipped.",
            ],
            &["....", ".SN.", "...."],
        ),
        1 => (
            "Conflict",
            &[
                "Both sides roll one die; the",
                "attacker needs a higher roll.",
                "Ties go to the defender.",
                "",
                "Bully +1: two or more of your",
                "pieces touch the contested square",
                "(diagonals count).",
                "Odds to win: +0 42%, +1 58%, +2 72%.",
                "The winner takes the loser's piece.",
            ],
            &[".S..", ".Sx.", "...."],
        ),
        2 => (
            "Chain and link",
            &[
                "Whoever wins a conflict takes",
                "control, even on the other's turn,",
                "and may attack again in any of 8",
                "directions with Chain +1,",
                "or link through touching allies to",
                "attack from them. B ends the chain.",
                "The turn then passes to the seat",
                "after the last winner.",
            ],
            &["..N.", ".S..", "SS.N"],
        ),
        3 => (
            "Winning",
            &[
                "Score = pieces you took + your",
                "pieces still on the board.",
                "The game ends when one seat is",
                "left, after 60 turns without a",
                "conflict, or when you agree to",
                "stop (dock the crank: End game).",
                "Ties are allowed.",
            ],
            &["S...", "....", "...N"],
        ),
        _ => (
            "Controls",
            &[
                "D-pad: move the hand. A: pick up",
                "a piece. Crank or D-pad: choose",
                "the target. A: go. B: put back.",
                "In a chain: crank or D-pad picks a",
                "target or ally; A attacks or",
                "links; B ends the chain.",
                "Dock the crank to pause and save.",
            ],
            &[],
        ),
    };
    text(f, &format!("Rules {}/{}", page + 1, RULE_PAGES), 300, 8, SMALL, INK);
    text(f, title, 10, 6, LARGE, INK);
    for (i, l) in lines.iter().enumerate() {
        text(f, l, 10, 36 + i as i32 * 15, SMALL, INK);
    }
    if !picture.is_empty() {
        diagram(f, picture, 290, 60);
    }
    hint(f, "D-pad", "<> page", 8, 222);
    hint(f, "A", "next", 120, 222);
    hint(f, "B", "back", 200, 222);
}
