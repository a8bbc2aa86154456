//! The desktop window (minifb): the Playdate's screen at 2× with keys for its buttons.

use std::time::Instant;

use chek_ui::{App, Buttons, Frame, Input};
use minifb::{Key, KeyRepeat, Window, WindowOptions};

use crate::image::to_argb;
use crate::play::{apply, save};
use crate::store::Store;

/// Why the window could not be used.
#[derive(Debug)]
pub enum WindowError {
    /// No display to open a window on.
    NoDisplay(String),
}

/// The keys: arrows = D-pad, X or Enter = A, Z or Backspace = B.
fn buttons_down(window: &Window) -> Buttons {
    let mut held = Buttons::NONE;
    for (key, button) in [
        (Key::Left, Buttons::LEFT),
        (Key::Right, Buttons::RIGHT),
        (Key::Up, Buttons::UP),
        (Key::Down, Buttons::DOWN),
        (Key::X, Buttons::A),
        (Key::Enter, Buttons::A),
        (Key::Z, Buttons::B),
        (Key::Backspace, Buttons::B),
    ] {
        if window.is_key_down(key) {
            held = held.with(button);
        }
    }
    held
}

/// Plays in a window until it is closed or Esc is pressed; saves on the way out, like
/// the Playdate's terminate.
pub fn run(app: &mut App, store: &Store, scale: usize) -> Result<(), WindowError> {
    let scale = scale.clamp(1, 8);
    let (w, h) = (400 * scale, 240 * scale);
    let mut window = Window::new("Chek", w, h, WindowOptions::default())
        .map_err(|e| WindowError::NoDisplay(e.to_string()))?;
    window.set_target_fps(30);
    let start = Instant::now();
    let mut held = Buttons::NONE;
    let mut docked = false;
    let mut frame = Frame::new();
    let mut pixels = Vec::new();
    while window.is_open() && !window.is_key_down(Key::Escape) {
        let now_held = buttons_down(&window);
        let mut crank = 0.0;
        for key in window.get_keys_pressed(KeyRepeat::Yes) {
            match key {
                Key::LeftBracket => crank -= 30.0,
                Key::RightBracket => crank += 30.0,
                Key::C => docked = !docked,
                _ => {}
            }
        }
        if let Some((_, dy)) = window.get_scroll_wheel() {
            crank -= dy * 10.0;
        }
        let input = Input {
            held: now_held,
            pushed: Buttons(now_held.0 & !held.0),
            released: Buttons(held.0 & !now_held.0),
            crank_change: crank,
            crank_docked: docked,
            reduce_flashing: false,
        };
        held = now_held;
        let effect = app.update(&input, start.elapsed().as_millis() as u32);
        apply(effect, app, store);
        app.draw(&mut frame);
        to_argb(&frame, scale, &mut pixels);
        if window.update_with_buffer(&pixels, w, h).is_err() {
            break;
        }
    }
    save(app, store);
    Ok(())
}
