//! `chek play`: the game in a window, or in a terminal.

use chek_cartridge::App;

use crate::speaker::Speaker;
use crate::store::Store;

/// The App for a play session, from the store's files: saved games offered to
/// continue, a damaged file kept aside with a notice (also printed here).
pub fn launch(seed: u64, store: &mut Store) -> App {
    let app = App::launch(seed, store);
    for notice in app.notices() {
        eprintln!("{notice}");
    }
    app
}

/// Carries out what the App asked for in a frame: the files it changed, and the cues
/// to play.
pub fn apply(app: &mut App, store: &mut Store, speaker: &mut Speaker) {
    speaker.play(app.cues());
    flush(app, store);
}

/// Writes the files the App changed.
pub fn flush(app: &mut App, store: &mut Store) {
    for e in app.flush(store) {
        eprintln!("{e}");
    }
}

/// Saves the game in progress and everything else the App changed (quitting).
pub fn save(app: &mut App, store: &mut Store) {
    app.request_save();
    flush(app, store);
}

/// A seed from the clock, for games nobody asked to replay.
pub fn clock_seed() -> u64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(1, |d| d.as_nanos() as u64)
}

/// The system menu's hint, as the Playdate's menu gives it (the desktop's H key), when
/// the menu lists one now.
pub fn menu_hint(app: &mut App) {
    if app.menu_items().contains(&chek_ui::MenuCommand::Hint) {
        app.menu(chek_ui::MenuCommand::Hint);
    }
}
