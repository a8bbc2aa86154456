//! `chek play`: the game in a window, or in a terminal.

use chek_cartridge::App;
use chek_ui::Effect;

use crate::speaker::Speaker;
use crate::store::Store;

/// The App for a play session: the saved game offered to continue, a damaged save kept
/// aside with a notice.
pub fn launch(seed: u64, store: &Store) -> App {
    let saved = store.load();
    let mut app = App::new(seed, saved.as_deref());
    if let Some(settings) = store.load_settings() {
        app.apply_settings(&settings);
    }
    if app.save_problem().is_some() {
        match store.keep_aside() {
            Ok(path) => eprintln!("{}; kept it as {}", app.notice().unwrap_or("save: unreadable"), path.display()),
            Err(e) => eprintln!("{e}"),
        }
    }
    app
}

/// Carries out what the App asked for in a frame: the effect, and the cues to play.
pub fn apply(effect: Option<Effect>, app: &App, store: &Store, speaker: &mut Speaker) {
    speaker.play(app.cues());
    match effect {
        Some(Effect::Save) => save(app, store),
        Some(Effect::SaveSettings) => {
            if let Err(e) = store.write_settings(&app.settings()) {
                eprintln!("{e}");
            }
        }
        None => {}
    }
}

/// Saves the game in progress (or removes the save when there is none).
pub fn save(app: &App, store: &Store) {
    if let Err(e) = store.write(app.save_data().as_deref()) {
        eprintln!("{e}");
    }
}

/// A seed from the clock, for games nobody asked to replay.
pub fn clock_seed() -> u64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(1, |d| d.as_nanos() as u64)
}
