//! The App's files: one save per game, the records and the settings. Read once at
//! launch through a shell's [`Storage`] (every read bounded, a damaged file kept aside
//! with a notice), written by [`App::flush`] after the frames that change them. The
//! single save of earlier builds is moved into its game's place on the first launch
//! that finds it.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use crate::app::App;
use crate::catalog::Catalog;
use crate::info::GameInfo;
use crate::play::Play;
use crate::records::{Finished, Key, Opponent, Records, MAX_RECORDS_BYTES};
use crate::save::{SaveError, Saved, MAX_SAVE_BYTES};
use crate::screens::{Screen, TitleItem};
use crate::store::{save_file, Found, Storage, LEGACY_SAVE, MAX_SETTINGS_BYTES, RECORDS, SETTINGS};

/// A game's save as its file holds it, kept while another game is played.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Slot {
    /// The file's bytes.
    pub bytes: Vec<u8>,
    /// Its summary line for the title.
    pub summary: String,
}

/// What the next flush writes.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub(crate) struct Pending {
    /// The game in progress's save (or its removal, once over).
    pub save: bool,
    /// Saves of games set aside for another (a bit per game): written as kept.
    pub parked: u32,
    /// The records.
    pub records: bool,
    /// The kept finished games.
    pub kept: bool,
    /// The settings.
    pub settings: bool,
}

/// Who `play` is against, in words: "vs CPU hard", "people" or "CPUs".
fn opponent_words<P: Play>(play: &P) -> String {
    let table = play.info().setups.get(play.setup()).map(|s| s.seats).unwrap_or_default();
    match Opponent::of(table, &play.session().kinds()) {
        Some(Opponent::Cpu(level)) => format!("vs {}", crate::info::SeatKind::Cpu(level).label()),
        Some(Opponent::People) => String::from("people"),
        None => String::from("CPUs"),
    }
}

/// The title's line for a saved game: the move to be made ("move 23"), the score and
/// the opponent: "move 23, South 7-5 North, vs CPU hard".
pub fn summary<P: Play>(play: &P) -> String {
    format!("move {}, {}, {}", play.session().turns() + 1, play.score_line(), opponent_words(play))
}

/// The line of a finished game in the review list: the verdict, the turns and the
/// opponent ("Light wins!, 41 turns, vs CPU hard"), and "assisted" if hints were shown.
pub fn finished_summary<P: Play>(play: &P) -> String {
    let assisted = if play.session().assisted() { ", assisted" } else { "" };
    format!("{}, {} turns, {}{assisted}", play.ending().verdict, play.session().turns(), opponent_words(play))
}

/// The notice for a file kept aside: it names the game, says why and where it went.
fn kept_notice(what: &str, why: &str, kept: Result<String, String>) -> String {
    match kept {
        Ok(name) => format!("{what} could not be read ({why}). It was kept as {name}."),
        Err(e) => format!("{what} could not be read ({why}), nor kept aside ({e})."),
    }
}

/// Why a save was refused, without its "save: " prefix.
fn why(error: SaveError) -> String {
    let text = format!("{error}");
    String::from(text.strip_prefix("save: ").unwrap_or(&text))
}

impl<C: Catalog> App<C>
where
    C::Play: Clone + core::fmt::Debug,
{
    /// The App for a shell's files: the settings (the title opens on the last game
    /// played, on *Continue* when it is saved), the records, every game's save, and the
    /// single save of earlier builds moved into its game's place. A damaged file is
    /// kept aside with a notice; nothing the player had is overwritten.
    pub fn launch(seed: u64, storage: &mut impl Storage) -> App<C> {
        let mut app = App::new(seed);
        let settings = storage.read(SETTINGS, MAX_SETTINGS_BYTES);
        if let Found::Bytes(bytes) = &settings {
            app.apply_settings(bytes);
        }
        app.read_records(storage);
        app.read_kept(storage);
        for (i, info) in C::games().iter().enumerate() {
            app.read_save(storage, i, info);
        }
        if let Some(game) = app.migrate(storage) {
            if !matches!(settings, Found::Bytes(_)) {
                // The first launch after the update opens on the game that was saved.
                app.game = game;
            }
        }
        let item =
            if app.saves.get(app.game).is_some_and(Option::is_some) { TitleItem::Continue } else { TitleItem::NewGame };
        app.screen = Screen::Title { item };
        app.pending = Pending::default();
        app
    }

    fn read_records(&mut self, storage: &mut impl Storage) {
        let problem = match storage.read(RECORDS, MAX_RECORDS_BYTES) {
            Found::Missing => return,
            Found::Bytes(bytes) => match Records::from_bytes(&bytes) {
                Ok(records) => {
                    self.records = records;
                    return;
                }
                Err(e) => {
                    let text = format!("{e}");
                    String::from(text.strip_prefix("records: ").unwrap_or(&text))
                }
            },
            Found::TooLarge(size) => format!("{} is too large for records", crate::save::size_words(size)),
        };
        let kept = storage.keep_aside(RECORDS);
        let mut notice = kept_notice("Your records", &problem, kept);
        notice.push_str(" They start again from here.");
        self.notices.push(notice);
    }

    fn read_kept(&mut self, storage: &mut impl Storage) {
        let problem = match storage.read(crate::kept::KEPT, crate::kept::MAX_KEPT_BYTES) {
            Found::Missing => return,
            Found::Bytes(bytes) => match crate::kept::Kept::from_bytes(&bytes) {
                Ok(kept) => {
                    self.kept = kept;
                    return;
                }
                Err(e) => format!("{e}"),
            },
            Found::TooLarge(size) => format!("{} is too large for kept games", crate::save::size_words(size)),
        };
        let kept = storage.keep_aside(crate::kept::KEPT);
        let mut notice = kept_notice("Your finished games for review", &problem, kept);
        notice.push_str(" They start again from here.");
        self.notices.push(notice);
    }

    /// Reads game `i`'s save into its slot; a damaged one is kept aside.
    fn read_save(&mut self, storage: &mut impl Storage, i: usize, info: &GameInfo) {
        let name = save_file(info.id);
        let saved = match storage.read(&name, MAX_SAVE_BYTES) {
            Found::Missing => return,
            Found::Bytes(bytes) => Saved::from_bytes(&bytes)
                .and_then(|s| if s.game == info.save_id { Ok(s) } else { Err(SaveError::Game(s.game)) })
                .map(|s| (bytes, s.summary)),
            Found::TooLarge(size) => Err(SaveError::TooLarge(size)),
        };
        match saved {
            Ok((bytes, summary)) => self.saves[i] = Some(Slot { bytes, summary }),
            Err(error) => {
                let kept = storage.keep_aside(&name);
                let what = format!("Your {} save", info.name);
                self.notices.push(kept_notice(&what, &why(error), kept));
            }
        }
    }

    /// The single save of earlier builds: loaded, written as its game's save, then
    /// removed. Kept aside if it cannot be read, or if its game has a save already.
    /// Returns the game it moved.
    fn migrate(&mut self, storage: &mut impl Storage) -> Option<usize> {
        let loaded = match storage.read(LEGACY_SAVE, MAX_SAVE_BYTES) {
            Found::Missing => return None,
            Found::Bytes(bytes) => Saved::from_bytes(&bytes).and_then(|saved| C::load(&saved)),
            Found::TooLarge(size) => Err(SaveError::TooLarge(size)),
        };
        let play = match loaded {
            Ok(play) => play,
            Err(error) => {
                let kept = storage.keep_aside(LEGACY_SAVE);
                self.notices.push(kept_notice("Your saved game", &why(error), kept));
                return None;
            }
        };
        let i = C::games().iter().position(|info| core::ptr::eq(*info, play.info()))?;
        let info = C::games()[i];
        if play.is_over() {
            let _ = storage.remove(LEGACY_SAVE);
            return None;
        }
        if self.saves[i].is_some() {
            // The game has a newer save: the old one is kept, never overwritten.
            let _ = storage.keep_aside(LEGACY_SAVE);
            return None;
        }
        let saved = self.saved_of(&play);
        let bytes = saved.to_bytes();
        match storage.write(&save_file(info.id), &bytes) {
            Ok(()) => {
                let _ = storage.remove(LEGACY_SAVE);
                self.saves[i] = Some(Slot { bytes, summary: saved.summary });
                Some(i)
            }
            Err(e) => {
                // The old file stays where it is, to be moved on the next launch.
                self.notices.push(format!("Your {} game could not be moved to its new save ({e}).", info.name));
                None
            }
        }
    }

    /// Writes what changed since the last flush: the game in progress's save (removed
    /// once it is over), the records, the settings. A shell calls it after every update
    /// and system-menu call; an idle frame writes nothing. Returns what failed, a line
    /// each, for the shell's log (the player is told too).
    pub fn flush(&mut self, storage: &mut impl Storage) -> Vec<String> {
        let mut errors = Vec::new();
        let pending = core::mem::take(&mut self.pending);
        for (i, info) in C::games().iter().enumerate().filter(|(i, _)| pending.parked & 1 << (i % 32) != 0) {
            let name = save_file(info.id);
            let written = match self.saves.get(i).and_then(Option::as_ref) {
                Some(slot) => storage.write(&name, &slot.bytes),
                None => storage.remove(&name),
            };
            if let Err(e) = written {
                errors.push(e);
            }
        }
        if pending.save {
            if let Err(e) = self.write_save(storage) {
                errors.push(e);
            }
        }
        if pending.records {
            if let Err(e) = storage.write(RECORDS, &self.records.to_bytes()) {
                errors.push(e);
            }
        }
        if pending.kept {
            if let Err(e) = storage.write(crate::kept::KEPT, &self.kept.to_bytes()) {
                errors.push(e);
            }
        }
        if pending.settings {
            if let Err(e) = storage.write(SETTINGS, &self.settings()) {
                errors.push(e);
            }
        }
        errors
    }

    fn write_save(&mut self, storage: &mut impl Storage) -> Result<(), String> {
        let Some(play) = self.play.as_ref() else { return Ok(()) };
        let Some(i) = C::games().iter().position(|info| core::ptr::eq(*info, play.info())) else { return Ok(()) };
        let name = save_file(C::games()[i].id);
        if play.is_over() {
            self.saves[i] = None;
            return storage.remove(&name);
        }
        let saved = self.saved_of(play);
        let bytes = saved.to_bytes();
        let result = storage.write(&name, &bytes);
        self.saves[i] = Some(Slot { bytes, summary: saved.summary });
        result
    }

    /// Asks the next flush to save the game in progress.
    pub fn request_save(&mut self) {
        self.pending.save = true;
    }

    /// Keeps the game in progress in its slot before another game takes its place.
    pub(crate) fn park_play(&mut self) {
        let Some(play) = self.play.as_ref() else { return };
        let Some(i) = C::games().iter().position(|info| core::ptr::eq(*info, play.info())) else { return };
        self.saves[i] = (!play.is_over()).then(|| {
            let saved = self.saved_of(play);
            Slot { bytes: saved.to_bytes(), summary: saved.summary }
        });
        self.pending.parked |= 1 << (i % 32);
    }

    /// Whether game `game` has a game to continue.
    pub fn has_save(&self, game: usize) -> bool {
        match self.play.as_ref() {
            Some(play) if core::ptr::eq(play.info(), C::games()[game.min(C::games().len() - 1)]) => !play.is_over(),
            _ => self.saves.get(game).is_some_and(Option::is_some),
        }
    }

    /// The summary line of game `game`'s save, if it has one.
    pub fn save_summary(&self, game: usize) -> Option<String> {
        match self.play.as_ref() {
            Some(play) if self.has_save(game) && core::ptr::eq(play.info(), C::games()[game]) => Some(summary(play)),
            _ => self.saves.get(game)?.as_ref().map(|slot| slot.summary.clone()),
        }
    }

    /// Continues the chosen game: the one in progress, or its save loaded. Returns
    /// whether a game is on the board; a save that cannot be loaded is dropped with a
    /// notice (its file stays until the next save replaces it).
    pub(crate) fn continue_game(&mut self) -> bool {
        if self.play.as_ref().is_some_and(|p| core::ptr::eq(p.info(), self.game())) {
            return self.play.as_ref().is_some_and(|p| !p.is_over());
        }
        let Some(slot) = self.saves.get(self.game).cloned().flatten() else { return false };
        match Saved::from_bytes(&slot.bytes).and_then(|saved| C::load(&saved)) {
            Ok(play) => {
                self.park_play();
                self.resume(play);
                true
            }
            Err(error) => {
                self.saves[self.game] = None;
                let name = self.game().name;
                self.notices.push(format!("Your {name} save could not be continued ({}).", why(error)));
                false
            }
        }
    }

    /// Adds the game in progress to the records once it is over (games of CPUs alone
    /// are not recorded). Returns whether it did.
    pub(crate) fn record_if_over(&mut self) -> bool {
        let Some(play) = self.play.as_ref().filter(|p| !self.recorded && p.is_over()) else { return false };
        if play.busy(self.now) {
            return false;
        }
        self.recorded = true;
        let mut kept = play.save();
        kept.summary = finished_summary(play);
        self.pending.kept |= self.kept.add(&kept);
        let info = play.info();
        let table = info.setups.get(play.setup()).map(|s| s.seats).unwrap_or_default();
        let kinds = play.session().kinds();
        let (Some(opponent), Some(payoffs)) = (Opponent::of(table, &kinds), play.payoffs()) else { return true };
        let key = Key { game: info.save_id, variant: play.variant() as u8, opponent };
        let finished = Finished {
            key,
            payoffs,
            table,
            kinds,
            taken_back: play.session().took_back(),
            assisted: play.session().assisted(),
            figures: play.figures(),
        };
        self.records.add(&finished, info.figures);
        self.pending.records = true;
        true
    }
}
