//! The game in a terminal: the same 400×240 frame in braille, 200×60 characters.

use std::io::{self, Write};
use std::time::{Duration, Instant};

use chek_cartridge::App;
use chek_ui::frame::{HEIGHT, WIDTH};
use chek_ui::{Buttons, Frame, Input};
use crossterm::event::{self, Event, KeyCode, KeyEventKind};
use crossterm::{cursor, execute, queue, terminal};

use crate::play::{apply, save};
use crate::speaker::Speaker;
use crate::store::Store;

/// Terminal columns the frame needs.
pub const COLUMNS: u16 = (WIDTH / 2) as u16;
/// Terminal rows the frame needs.
pub const ROWS: u16 = (HEIGHT / 4) as u16;

/// The frame as 60 lines of 200 braille characters (a dot is a black pixel).
pub fn braille(frame: &Frame) -> Vec<String> {
    const DOTS: [[u32; 2]; 4] = [[0x01, 0x08], [0x02, 0x10], [0x04, 0x20], [0x40, 0x80]];
    (0..HEIGHT / 4)
        .map(|cy| {
            (0..WIDTH / 2)
                .map(|cx| {
                    let mut bits = 0;
                    for (dy, row) in DOTS.iter().enumerate() {
                        for (dx, bit) in row.iter().enumerate() {
                            if frame.is_black(cx * 2 + dx, cy * 4 + dy) {
                                bits |= bit;
                            }
                        }
                    }
                    char::from_u32(0x2800 + bits).unwrap_or(' ')
                })
                .collect()
        })
        .collect()
}

/// Checks the terminal is large enough.
pub fn check_size() -> Result<(), String> {
    let (cols, rows) = terminal::size().map_err(|e| format!("terminal: {e}"))?;
    if cols < COLUMNS || rows < ROWS {
        return Err(format!(
            "terminal: {cols}×{rows} is too small; chek play --tty needs {COLUMNS}×{ROWS} (a smaller font or a larger window)"
        ));
    }
    Ok(())
}

/// Plays in the terminal until Esc or q; saves on the way out.
pub fn run(app: &mut App, store: &mut Store, speaker: &mut Speaker, reduce_flashing: bool) -> Result<(), String> {
    check_size()?;
    let mut out = io::stdout();
    terminal::enable_raw_mode().map_err(|e| format!("terminal: {e}"))?;
    let _ = execute!(out, terminal::EnterAlternateScreen, cursor::Hide, terminal::Clear(terminal::ClearType::All));
    let result = game_loop(app, store, speaker, reduce_flashing, &mut out);
    let _ = execute!(out, cursor::Show, terminal::LeaveAlternateScreen);
    let _ = terminal::disable_raw_mode();
    save(app, store);
    result
}

fn game_loop(
    app: &mut App,
    store: &mut Store,
    speaker: &mut Speaker,
    mut reduce_flashing: bool,
    out: &mut impl Write,
) -> Result<(), String> {
    let start = Instant::now();
    let mut docked = false;
    let mut shown: Vec<String> = Vec::new();
    let mut frame = Frame::new();
    loop {
        // Terminals report presses only: a key is pushed for one frame and released
        // the next.
        let mut pushed = Buttons::NONE;
        let mut crank = 0.0;
        let deadline = Instant::now() + Duration::from_millis(33);
        while let Some(wait) = deadline.checked_duration_since(Instant::now()) {
            if !event::poll(wait).map_err(|e| format!("terminal: {e}"))? {
                break;
            }
            if let Event::Key(key) = event::read().map_err(|e| format!("terminal: {e}"))? {
                if key.kind == KeyEventKind::Release {
                    continue;
                }
                match key.code {
                    KeyCode::Esc | KeyCode::Char('q') => return Ok(()),
                    KeyCode::Left => pushed = pushed.with(Buttons::LEFT),
                    KeyCode::Right => pushed = pushed.with(Buttons::RIGHT),
                    KeyCode::Up => pushed = pushed.with(Buttons::UP),
                    KeyCode::Down => pushed = pushed.with(Buttons::DOWN),
                    KeyCode::Char('x') | KeyCode::Enter => pushed = pushed.with(Buttons::A),
                    KeyCode::Char('z') | KeyCode::Backspace => pushed = pushed.with(Buttons::B),
                    KeyCode::Char('[') => crank -= 30.0,
                    KeyCode::Char(']') => crank += 30.0,
                    KeyCode::Char('c') => docked = !docked,
                    KeyCode::Char('f') => reduce_flashing = !reduce_flashing,
                    KeyCode::Char('h') => crate::play::menu_hint(app),
                    _ => {}
                }
            }
        }
        let input = Input { held: pushed, pushed, crank_change: crank, crank_docked: docked, reduce_flashing };
        app.update(&input, start.elapsed().as_millis() as u32);
        apply(app, store, speaker);
        app.draw(&mut frame);
        let lines = braille(&frame);
        if lines != shown {
            for (y, line) in lines.iter().enumerate() {
                if shown.get(y) != Some(line) {
                    let _ = queue!(out, cursor::MoveTo(0, y as u16));
                    let _ = write!(out, "{line}");
                }
            }
            let _ = out.flush();
            shown = lines;
        }
    }
}
