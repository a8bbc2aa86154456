//! The App: one explicit state machine of screens, driven by input and time, over the
//! games of a [`Catalog`].
//!
//! Data flows one way: `update(input, now_ms)` changes the state; `draw(frame)` only
//! reads it.

pub(crate) mod files;
mod hint;
pub mod lesson;
pub(crate) mod menus;
pub(crate) mod review;

use alloc::string::String;
use alloc::vec::Vec;

use crate::catalog::Catalog;
use crate::controls::{Command, Controls};
use crate::info::{GameInfo, Options};
use crate::input::{Buttons, Input};
use crate::play::{Play, View};
use crate::save::Saved;
use crate::screens::{Effect, MenuCommand, NewGameRow, Overlay, PauseItem, RulesBack, Screen, TitleItem};
use crate::sound::AddCue;

/// The game as a whole: screens, the game in progress, and settings.
#[derive(Clone, Debug)]
pub struct App<C: Catalog> {
    pub(crate) screen: Screen,
    pub(crate) play: Option<C::Play>,
    /// The game chosen on the title, an index into `C::games()`.
    pub(crate) game: usize,
    /// Each game's last new-game choices.
    pub(crate) options: Vec<Options>,
    base_seed: u64,
    games_started: u64,
    pub(crate) now: u32,
    docked: Option<bool>,
    pub(crate) reduce_flashing: bool,
    controls: Controls,
    /// Notices for the player, oldest first, shown one at a time in a box over the
    /// title until A dismisses them (a damaged file kept aside, a save that failed).
    pub(crate) notices: Vec<String>,
    /// A line over the board until a time (a declined agreement, a take-back).
    pub(crate) board_notice: Option<(String, u32)>,
    /// Each game's save as its file holds it (an index into `C::games()`).
    pub(crate) saves: Vec<Option<crate::app::files::Slot>>,
    /// The records of finished games.
    pub(crate) records: crate::records::Records,
    /// What the next [`App::flush`] writes.
    pub(crate) pending: crate::app::files::Pending,
    /// Whether the game in progress has been added to the records.
    pub(crate) recorded: bool,
    /// When the screen or sheet last changed (not its highlighted choice): a game's
    /// result and a confirmation take A only after [`crate::app::menus::GUARD_MS`].
    pub(crate) screen_since: u32,
    /// Whether the last frame may have changed the picture ([`App::needs_draw`]).
    stale: bool,
    /// Whether time alone was changing the picture last frame (an animation, the CPU,
    /// a notice that expires): one more frame is drawn after it stops.
    timed: bool,
    /// Set by calls between frames (the system menu, `choose`).
    pub(crate) stale_pending: bool,
    /// The platform's clock, if the shell gave one ([`App::set_clock`]).
    clock: Option<crate::vocab::Clock>,
    /// The sound cues of the last update.
    pub(crate) cues: crate::sound::Cues,
    /// Whether the title's jingle has played.
    jingled: bool,
    /// The sound setting: cues play only when on.
    pub(crate) sound_on: bool,
    /// The code being entered, kept until it loads or is cleared (also in the
    /// settings, for a relaunch).
    pub(crate) code_entry: crate::screens::CodeEntry,
    /// The lesson being played, if the screen shows one (never saved).
    pub(crate) lesson: Option<crate::app::lesson::Lesson<C::Play>>,
    /// Each game's lesson step to open on (an index into `C::games()`; in the
    /// settings).
    pub(crate) lesson_at: Vec<u8>,
    /// The hint on the board, if one was asked for in this position.
    pub(crate) hint: Option<hint::Hint>,
    /// The last finished games of each game, for review.
    pub(crate) kept: crate::kept::Kept,
    /// The game being reviewed.
    pub(crate) review: Option<review::Review<C::Play>>,
}

impl<C: Catalog> App<C>
where
    C::Play: Clone + core::fmt::Debug,
{
    /// A new App with no files: nothing saved, default settings. `seed` seeds every
    /// game's dice and random choices. A shell starts with [`App::launch`].
    pub fn new(seed: u64) -> App<C> {
        // The first game on the title: the lowest order.
        let first = (0..C::games().len()).min_by_key(|&i| C::games()[i].order).unwrap_or(0);
        App {
            screen: Screen::Title { item: TitleItem::NewGame },
            play: None,
            game: first,
            options: C::games().iter().map(|info| Options::default_for(info)).collect(),
            base_seed: seed,
            games_started: 0,
            now: 0,
            docked: None,
            reduce_flashing: false,
            controls: Controls::default(),
            notices: Vec::new(),
            board_notice: None,
            saves: C::games().iter().map(|_| None).collect(),
            records: crate::records::Records::new(),
            pending: crate::app::files::Pending::default(),
            recorded: false,
            screen_since: 0,
            stale: true,
            timed: false,
            stale_pending: true,
            clock: None,
            cues: crate::sound::Cues::new(),
            jingled: false,
            sound_on: true,
            code_entry: crate::screens::CodeEntry::new(),
            lesson: None,
            lesson_at: C::games().iter().map(|_| 0).collect(),
            hint: None,
            kept: crate::kept::Kept::default(),
            review: None,
        }
    }

    /// Makes `play` the game in progress, with its game and settings chosen on the
    /// title and the new-game screen.
    pub(crate) fn resume(&mut self, play: C::Play) {
        if let Some(game) = C::games().iter().position(|info| core::ptr::eq(*info, play.info())) {
            self.game = game;
            if let Some(options) = self.options.get_mut(game) {
                options.variant = play.variant();
                options.setup = play.setup();
                options.kinds = play.session().kinds();
            }
        }
        self.recorded = play.is_over();
        self.hint = None;
        self.play = Some(play);
        self.pending.settings = true;
    }

    /// Continues a game from a share code, every seat a person, on the board; a code
    /// with one typing mistake is fixed, and the fix returned.
    ///
    /// # Errors
    /// What is wrong with the code; nothing changes.
    pub fn continue_from_code(
        &mut self,
        code: &str,
    ) -> Result<Option<chek_engine::code::Fix>, chek_engine::code::CodeError> {
        let seed = self.peek_seed();
        let reading = C::from_code(code, seed)?;
        self.start_from_code(reading.value);
        Ok(reading.fixed)
    }

    /// Puts a game read from a code on the board.
    pub(crate) fn start_from_code(&mut self, play: C::Play) {
        self.games_started += 1;
        self.park_play();
        self.resume(play);
        self.screen = Screen::Play { overlay: Overlay::None };
        self.request_save();
    }

    /// The code being entered (kept until it loads or is cleared).
    pub fn code_entry(&self) -> &crate::screens::CodeEntry {
        &self.code_entry
    }

    /// The seed of the next game: the App's seed spread by the number of games started.
    pub(crate) fn peek_seed(&self) -> u64 {
        splitmix64(self.base_seed ^ self.games_started.wrapping_mul(0x9e37_79b9_7f4a_7c15))
    }

    pub(crate) fn next_game_seed(&mut self) -> u64 {
        let seed = self.peek_seed();
        self.games_started += 1;
        seed
    }

    /// Chooses the game on the title screen (by its id), and its variant and setup on the
    /// new-game screen (by their ids). Unknown ids are left as they were; returns
    /// whether all were found.
    pub fn choose(&mut self, game: &str, variant: Option<&str>, setup: Option<&str>) -> bool {
        let Some(index) = C::games().iter().position(|g| g.id == game) else {
            return false;
        };
        self.game = index;
        self.stale_pending = true;
        let info = C::games()[index];
        let mut found = true;
        if let Some(options) = self.options.get_mut(index) {
            if let Some(id) = variant {
                match info.variants.iter().position(|v| v.id == id) {
                    Some(v) => options.variant = v,
                    None => found = false,
                }
            }
            if let Some(id) = setup {
                match info.setups.iter().position(|s| s.choice.id == id) {
                    Some(s) => {
                        options.setup = s;
                        crate::app::menus::fit_first(options, info);
                    }
                    None => found = false,
                }
            }
        }
        found
    }

    /// The screen shown.
    pub const fn screen(&self) -> Screen {
        self.screen
    }

    /// The game in progress, if any (read-only: for tests and tools).
    pub fn play(&self) -> Option<&C::Play> {
        self.play.as_ref()
    }

    /// The game chosen on the title screen.
    pub fn game(&self) -> &'static GameInfo {
        C::games().get(self.game).copied().unwrap_or(C::games()[0])
    }

    /// The chosen game's new-game choices.
    pub fn options(&self) -> Options {
        self.options.get(self.game).copied().unwrap_or_else(|| Options::default_for(self.game()))
    }

    /// The time of the last update.
    pub const fn now(&self) -> u32 {
        self.now
    }

    /// What a game's drawing needs to know besides its state.
    pub fn view(&self, hints: bool) -> View {
        View { now: self.now, reduce_flashing: self.reduce_flashing, crank_docked: self.crank_docked(), hints }
    }

    /// The notice shown to the player now (a damaged file kept aside), if any: A
    /// dismisses it.
    pub fn notice(&self) -> Option<&str> {
        self.notices.first().map(String::as_str)
    }

    /// Every notice still to show, the one shown first (a shell logs them at launch).
    pub fn notices(&self) -> &[String] {
        &self.notices
    }

    /// A line shown over the board for a moment (a declined agreement), if any now.
    pub fn board_notice(&self) -> Option<&str> {
        self.board_notice
            .as_ref()
            .filter(|(_, until)| until.wrapping_sub(self.now) < u32::MAX / 2)
            .map(|(text, _)| text.as_str())
    }

    /// The bytes of the game in progress's save, or `None` when no game is in progress.
    pub fn save_data(&self) -> Option<Vec<u8>> {
        let play = self.play.as_ref().filter(|p| !p.is_over())?;
        Some(self.saved_of(play).to_bytes())
    }

    /// The save of `play`, with its summary line.
    pub(crate) fn saved_of(&self, play: &C::Play) -> Saved {
        let mut saved = play.save();
        saved.summary = crate::app::files::summary(play);
        saved
    }

    /// The records of finished games.
    pub fn records(&self) -> &crate::records::Records {
        &self.records
    }

    /// Whether the App is waiting for time to pass (an animation, or the CPU's turn on
    /// the board), not for input.
    pub fn animating(&self) -> bool {
        if let Screen::Learn { .. } = self.screen {
            return self.lesson().is_some_and(|p| p.busy(self.now));
        }
        let on_board = matches!(self.screen, Screen::Play { overlay: Overlay::None });
        self.play.as_ref().is_some_and(|p| p.busy(self.now) || (on_board && !p.is_over() && p.cpu_to_act()))
            || (on_board && self.hint_thinking())
            || self.reviewing_work()
    }

    /// The player is back at the console: it unlocked, or the system menu closed. A
    /// game on the board that was moving on its own (the CPU's turn, an animation)
    /// waits on the pause sheet until a press, so nothing happens unseen (Panic's
    /// guidance for the console).
    pub fn returned(&mut self) {
        if self.screen == (Screen::Play { overlay: Overlay::None }) && self.animating() {
            self.set_screen(Screen::Play { overlay: Overlay::Pause { item: PauseItem::Resume } });
            self.stale_pending = true;
        }
    }

    /// Whether the crank is docked.
    pub fn crank_docked(&self) -> bool {
        self.docked == Some(true)
    }

    /// Whether a game is in progress (not over).
    pub fn playing(&self) -> bool {
        self.play.as_ref().is_some_and(|p| !p.is_over())
    }

    /// Whether a game is being played with every seat a CPU (the shell keeps the
    /// console from locking while it plays itself out).
    pub fn cpu_only(&self) -> bool {
        let Some(play) = self.play.as_ref() else { return false };
        let Some(setup) = play.info().setups.get(play.setup()) else { return false };
        let kinds = play.session().kinds();
        matches!(self.screen, Screen::Play { .. })
            && !play.is_over()
            && chek_engine::Seat::ALL.into_iter().all(|seat| !setup.seats.contains(seat) || kinds[seat].is_cpu())
    }

    /// The system-menu items that do something now: the game menu, a hint and a
    /// take-back only with a game on the board (the game menu and a new game in a
    /// strict one).
    pub fn menu_items(&self) -> &'static [MenuCommand] {
        if self.playing() && matches!(self.screen, Screen::Play { .. }) {
            if self.helps() {
                &MenuCommand::ALL
            } else {
                &MenuCommand::STRICT
            }
        } else {
            &[MenuCommand::NewGame, MenuCommand::Rules]
        }
    }

    /// A system-menu item was chosen. What it changed is written by the next
    /// [`App::flush`].
    pub fn menu(&mut self, command: MenuCommand) {
        let effect = self.menu_item(command);
        self.note_write(effect);
    }

    /// Marks the file a handler changed for the next [`App::flush`].
    fn note_write(&mut self, effect: Option<Effect>) {
        match effect {
            Some(Effect::Save) => self.request_save(),
            Some(Effect::SaveSettings) => self.pending.settings = true,
            None => {}
        }
    }

    fn menu_item(&mut self, command: MenuCommand) -> Option<Effect> {
        self.stale_pending = true;
        let playing = self.playing();
        let on_board = matches!(self.screen, Screen::Play { .. }) && playing;
        match command {
            MenuCommand::NewGame => self.set_screen(Screen::NewGame { row: NewGameRow::Start }),
            MenuCommand::Rules => {
                let back = if on_board { RulesBack::Pause } else { RulesBack::Title };
                self.set_screen(Screen::Rules { page: 0, back });
            }
            MenuCommand::GameMenu if on_board => {
                self.set_screen(Screen::Play { overlay: Overlay::Pause { item: PauseItem::Resume } });
            }
            MenuCommand::TakeBack if on_board => return self.take_back_asked(),
            MenuCommand::Hint if on_board => self.hint_asked(),
            MenuCommand::GameMenu | MenuCommand::TakeBack | MenuCommand::Hint => {}
        }
        None
    }

    /// Advances the App by one frame of `input` at time `now_ms`. The files it changed
    /// are written by the next [`App::flush`], the one way a write leaves the App.
    pub fn update(&mut self, input: &Input, now_ms: u32) {
        let screen_before = self.screen;
        let before_ms = self.now;
        let touched = input.pushed != Buttons::NONE
            || input.held != Buttons::NONE
            || input.crank_change != 0.0
            || self.docked != Some(input.crank_docked)
            || self.reduce_flashing != input.reduce_flashing;
        self.cues.clear();
        let mut effect = self.step(input, now_ms);
        if self.record_if_over() {
            effect = effect.or(Some(Effect::Save));
        }
        self.note_write(effect);
        if !self.screen.same_sheet(screen_before) {
            self.screen_since = now_ms;
        }
        self.collect_cues(screen_before);
        let timed = self.animating() || self.board_notice().is_some();
        self.stale = touched
            || effect.is_some()
            || self.screen != screen_before
            || timed
            || self.timed
            || self.marks_breathed(before_ms, now_ms)
            || core::mem::take(&mut self.stale_pending);
        self.timed = timed;
    }

    /// Gives the App the platform's clock: the CPU's slices then stop after
    /// [`crate::CPU_SLICE_MS`] as well as after [`crate::CPU_SLICE_NODES`] nodes.
    pub fn set_clock(&mut self, clock: crate::vocab::Clock) {
        self.clock = Some(clock);
    }

    /// The sound cues of the last [`App::update`], in order: the shell plays each once.
    /// They come from state changes only, so a replayed input script gives the same.
    pub fn cues(&self) -> &[crate::sound::Cue] {
        if self.sound_on {
            &self.cues
        } else {
            &[]
        }
    }

    /// Whether the sound is on (the title's and the pause sheet's *Sound* item).
    pub const fn sound_on(&self) -> bool {
        self.sound_on
    }

    /// Turns the sound on or off; the shell saves the settings.
    pub(crate) fn toggle_sound(&mut self) -> Effect {
        self.sound_on = !self.sound_on;
        self.stale_pending = true;
        self.pending.settings = true;
        Effect::SaveSettings
    }

    /// Changes the screen now (between frames: a system-menu item).
    pub(crate) fn set_screen(&mut self, screen: Screen) {
        if !matches!(screen, Screen::Learn { .. }) {
            self.lesson = None;
        }
        if !screen.same_sheet(self.screen) {
            self.screen_since = self.now;
        }
        self.screen = screen;
    }

    /// The frame's cues besides the crank's ticks and the game's own (taken as it
    /// updates): the jingle when the title first shows, a menu sound when a screen or
    /// its selection changes, and the end of a game ended from the menus.
    fn collect_cues(&mut self, screen_before: Screen) {
        use crate::sound::Cue;
        let title = |s: Screen| matches!(s, Screen::Title { .. });
        if !self.jingled && (title(screen_before) || title(self.screen)) {
            self.jingled = true;
            let _ = self.cues.try_push(Cue::Jingle);
        }
        // A screen or its selection changed: a click, unless the crank's tick already
        // sounded or the game's own end sounds (the game-over sheet).
        let on_board = |s: Screen| s == Screen::Play { overlay: Overlay::None };
        let over = |s: Screen| matches!(s, Screen::Play { overlay: Overlay::GameOver { .. } });
        let quiet = self.cues.contains(&Cue::Tick) || over(self.screen);
        if self.screen != screen_before && !(on_board(self.screen) && on_board(screen_before)) && !quiet {
            let _ = self.cues.try_push(Cue::Menu);
        }
        // A game ended from the menus (a draw agreed, the game ended early) sounds its
        // end here; one ended on the board sounded it with its last move.
        if over(self.screen) && !over(screen_before) && !on_board(screen_before) {
            let _ = self.cues.try_push(Cue::Over);
        }
    }

    /// Whether the picture may have changed in the last [`App::update`] (input, time
    /// passing in an animation or the CPU's turn, a new screen, a menu command). When
    /// not, [`App::draw`] would draw the same frame again: an idle frame can stop there.
    pub const fn needs_draw(&self) -> bool {
        self.stale
    }

    // A frame of its own on the device's small stack (see `cargo xtask stack`).
    #[inline(never)]
    fn step(&mut self, input: &Input, now_ms: u32) -> Option<Effect> {
        self.now = now_ms;
        self.reduce_flashing = input.reduce_flashing;
        let mut effect = None;

        // Dock and undock (the pause sheet; saving on dock).
        let was_docked = self.docked.replace(input.crank_docked);
        if was_docked == Some(false) && input.crank_docked {
            if let Screen::Play { overlay: Overlay::None } = self.screen {
                self.screen = Screen::Play { overlay: Overlay::Pause { item: PauseItem::Resume } };
            }
            effect = Some(Effect::Save);
        } else if was_docked == Some(true) && !input.crank_docked {
            if let Screen::Play { overlay: Overlay::Pause { .. } } = self.screen {
                self.screen = Screen::Play { overlay: Overlay::None };
            }
        }

        let mut command = self.controls.read(input, now_ms);
        command.clock = self.clock;
        // The crank's steps tick, and on the code entry each detent of the dial.
        let on_entry = matches!(self.screen, Screen::EnterCode { .. });
        self.controls.keep_only(on_entry);
        let dialing = command.dial != 0 && on_entry;
        if command.steps != 0 || dialing {
            let _ = self.cues.try_push(crate::sound::Cue::Tick);
        }
        // A notice over the title takes A (it is dismissed) and nothing else.
        if matches!(self.screen, Screen::Title { .. }) && !self.notices.is_empty() {
            if command.a {
                self.notices.remove(0);
                self.stale_pending = true;
            }
            return effect;
        }
        let screen_effect = match self.screen {
            Screen::Title { item } => self.title(item, &command),
            Screen::NewGame { row } => self.new_game(row, &command),
            Screen::Play { overlay } => self.play_screen(overlay, &command),
            Screen::Rules { page, back } => {
                match self.rules_page(page, back, &command) {
                    Screen::Learn { .. } => {
                        self.open_lesson(None);
                    }
                    screen => self.screen = screen,
                }
                None
            }
            Screen::EnterCode { entry } => self.enter_code(entry, &command),
            Screen::Records { page, back } => {
                self.screen = self.records_page(page, back, &command);
                None
            }
            Screen::Replace => self.replace(&command),
            Screen::Kept { page, item, back } => {
                self.kept_list(page, item, back, &command);
                None
            }
            Screen::Review { mark, back } => {
                self.review_frame(mark, back, &command);
                None
            }
            Screen::Learn { step, phase } => {
                let docked_now = was_docked == Some(false) && input.crank_docked;
                self.learn(step, phase, &command, docked_now)
            }
        };
        effect.or(screen_effect)
    }

    /// The board screen: the game takes the input, unless an overlay is up.
    fn play_screen(&mut self, overlay: Overlay, command: &Command) -> Option<Effect> {
        if overlay != Overlay::None {
            return self.overlay(overlay, command);
        }
        let now = self.now;
        let Some(play) = self.play.as_mut() else {
            self.screen = Screen::Title { item: TitleItem::NewGame };
            return None;
        };
        if !play.busy(now) && play.is_over() {
            self.screen = Screen::Play { overlay: Overlay::GAME_OVER };
            return Some(Effect::Save);
        }
        // A turn completed: save, so a crash or a flat battery loses at most one turn.
        let before = play.to_act();
        for cue in play.update(command, now) {
            self.cues.add(cue);
        }
        let turned = play.to_act() != before;
        let assisted = self.hint_frame();
        (turned || assisted).then_some(Effect::Save)
    }
}

/// SplitMix64: spreads a counter into a well-mixed seed.
fn splitmix64(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}
