//! The desktop window (minifb): the Playdate's screen at 2× with keys for its buttons.

use std::time::Instant;

use chek_cartridge::App;
use chek_ui::{Buttons, Frame, Input};
use minifb::{Key, KeyRepeat, Window, WindowOptions};

use crate::image::to_argb;
use crate::play::{apply, save};
use crate::speaker::Speaker;
use crate::store::Store;

/// Why the window could not be used.
#[derive(Debug)]
pub enum WindowError {
    /// No display to open a window on.
    NoDisplay(String),
}

/// The keys: arrows = D-pad, X or Enter = A, Z or Backspace = B.
const KEYS: [(Key, Buttons); 8] = [
    (Key::Left, Buttons::LEFT),
    (Key::Right, Buttons::RIGHT),
    (Key::Up, Buttons::UP),
    (Key::Down, Buttons::DOWN),
    (Key::X, Buttons::A),
    (Key::Enter, Buttons::A),
    (Key::Z, Buttons::B),
    (Key::Backspace, Buttons::B),
];

fn button_of(key: Key) -> Buttons {
    KEYS.iter().find(|(k, _)| *k == key).map_or(Buttons::NONE, |&(_, b)| b)
}

/// Plays in a window until it is closed or Esc is pressed; saves on the way out, like
/// the Playdate's terminate.
pub fn run(
    app: &mut App,
    store: &mut Store,
    speaker: &mut Speaker,
    scale: usize,
    mut reduce_flashing: bool,
) -> Result<(), WindowError> {
    let scale = scale.clamp(1, 8);
    let (w, h) = (400 * scale, 240 * scale);
    let mut window =
        Window::new("Chek", w, h, WindowOptions::default()).map_err(|e| WindowError::NoDisplay(e.to_string()))?;
    // Poll input at 120 Hz so short taps are not missed; the App runs on time, not frames.
    window.set_target_fps(120);
    let start = Instant::now();
    let mut held = Buttons::NONE;
    let mut docked = false;
    let mut was_active = true;
    let mut frame = Frame::new();
    let mut pixels = Vec::new();
    while window.is_open() {
        // A tap shorter than a frame shows up only as a press: count presses as well
        // as keys down.
        let down = window.get_keys().into_iter().fold(Buttons::NONE, |b, k| b.with(button_of(k)));
        let tapped = window.get_keys_pressed(KeyRepeat::No);
        let now_held = tapped.iter().fold(down, |b, &k| b.with(button_of(k)));
        if tapped.contains(&Key::Escape) || window.is_key_down(Key::Escape) {
            break;
        }
        let mut crank = 0.0;
        for key in window.get_keys_pressed(KeyRepeat::Yes) {
            match key {
                Key::LeftBracket => crank -= 30.0,
                Key::RightBracket => crank += 30.0,
                _ => {}
            }
        }
        if tapped.contains(&Key::C) {
            docked = !docked;
        }
        // F: the Playdate's "reduce flashing" setting.
        if tapped.contains(&Key::F) {
            reduce_flashing = !reduce_flashing;
        }
        // H: the system menu's hint, when it lists one.
        if tapped.contains(&Key::H) {
            crate::play::menu_hint(app);
        }
        if let Some((_, dy)) = window.get_scroll_wheel() {
            crank -= dy * 10.0;
        }
        // The window given focus again is the console unlocked: a game moving on its
        // own waits on the pause sheet.
        let active = window.is_active();
        if active && !was_active {
            app.returned();
        }
        was_active = active;
        let input = Input {
            held: now_held,
            pushed: Buttons(now_held.0 & !held.0),
            crank_change: crank,
            crank_docked: docked,
            reduce_flashing,
        };
        held = down;
        app.update(&input, start.elapsed().as_millis() as u32);
        apply(app, store, speaker);
        app.draw(&mut frame);
        to_argb(&frame, scale, &mut pixels);
        if window.update_with_buffer(&pixels, w, h).is_err() {
            break;
        }
    }
    save(app, store);
    Ok(())
}
