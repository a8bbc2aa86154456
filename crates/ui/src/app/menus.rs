//! The shared screens' input: title, new game, code entry, rules, and the overlays on
//! the board.

use arrayvec::ArrayVec;
use chek_engine::code::{CodeError, Mistake, GROUP};
use chek_engine::{Seat, MAX_SEATS};

use crate::app::App;
use crate::catalog::Catalog;
use crate::controls::{cycle, menu_choice, neighbour, Command, Dir};
use crate::info::{FirstSeat, GameInfo, Options, RulePage, SeatKind};
use crate::play::Play;
use crate::records::Opponent;
use crate::screens::{CodeEntry, Effect, EntryNote, NewGameRow, Overlay, PauseItem, RulesBack, Screen, TitleItem};

/// How long a refusal shows over the board.
pub const NOTICE_MS: u32 = 2_500;

/// A game's result and a confirmation take A only once they have shown this long.
pub const GUARD_MS: u32 = 500;

/// The most rows of the new-game screen: variant, setup, four seats, first, help
/// (take-backs and hints), start.
pub const MAX_ROWS: usize = 4 + MAX_SEATS + 1;

/// Whether a person and a CPU sit at `play`'s table.
pub(crate) fn against_cpu(play: &impl crate::play::Play) -> bool {
    let table = play.info().setups.get(play.setup()).map(|s| s.seats).unwrap_or_default();
    matches!(Opponent::of(table, &play.session().kinds()), Some(Opponent::Cpu(_)))
}

/// Keeps "who starts" at a seat of the chosen setup.
pub(crate) fn fit_first(options: &mut Options, info: &GameInfo) {
    let seats = options.seats(info);
    if let FirstSeat::Seat(seat) = options.first {
        if !seats.contains(seat) {
            options.first = FirstSeat::Seat(seats.iter().next().unwrap_or(Seat::FIRST));
        }
    }
}

impl<C: Catalog> App<C>
where
    C::Play: Clone + core::fmt::Debug,
{
    /// The title screen's items: "continue" only when the chosen game has a game to
    /// continue.
    pub fn title_items(&self) -> ArrayVec<TitleItem, 7> {
        let mut items = ArrayVec::new();
        if self.has_save(self.game) {
            items.push(TitleItem::Continue);
        }
        items.push(TitleItem::NewGame);
        if !self.lesson_steps().is_empty() {
            items.push(TitleItem::Learn);
        }
        items.push(TitleItem::EnterCode);
        items.push(TitleItem::Rules);
        items.push(TitleItem::Records);
        items.push(TitleItem::Sound);
        items
    }

    /// The title: up and down choose an item, left and right the game, A goes.
    pub(crate) fn title(&mut self, item: TitleItem, command: &Command) -> Option<Effect> {
        let mut item = item;
        if let Some(dir @ (Dir::Left | Dir::Right)) = command.dpad {
            self.game = self.next_game(self.game, dir.step());
            self.pending.settings = true;
            // A game with a save opens on Continue, as the title does at launch.
            item = if self.has_save(self.game) { TitleItem::Continue } else { TitleItem::NewGame };
        }
        let items = self.title_items();
        let item = menu_choice(&items, item, TitleItem::NewGame, command);
        self.screen = Screen::Title { item };
        if command.a && item == TitleItem::Sound {
            return Some(self.toggle_sound());
        }
        if command.a && item == TitleItem::Learn {
            self.open_lesson(None);
            return None;
        }
        if command.a {
            self.screen = match item {
                TitleItem::Continue if self.continue_game() => Screen::Play { overlay: Overlay::None },
                TitleItem::Continue => Screen::Title { item: TitleItem::NewGame },
                TitleItem::NewGame => Screen::NewGame { row: NewGameRow::Start },
                TitleItem::EnterCode => Screen::EnterCode { entry: self.code_entry },
                TitleItem::Rules => Screen::Rules { page: 0, back: RulesBack::Title },
                TitleItem::Records => Screen::Records { page: self.game as u8, back: RulesBack::Title },
                TitleItem::Sound | TitleItem::Learn => Screen::Title { item },
            };
        }
        None
    }

    /// The game `step` places from `game` in title order, round the end.
    pub(crate) fn next_game(&self, game: usize, step: i32) -> usize {
        let count = C::games().len().max(1) as i32;
        let mut order: ArrayVec<usize, 16> = (0..C::games().len()).take(16).collect();
        order.sort_unstable_by_key(|&i| (C::games()[i].order, i));
        let at = order.iter().position(|&i| i == game).unwrap_or(0) as i32;
        order.get((at + step).rem_euclid(count) as usize).copied().unwrap_or(0)
    }

    /// The code entry: the crank is a dial (one turn through the 32 characters, a
    /// detent each) and up/down step one, on the character under the cursor;
    /// left/right move to any character (and left of the first, to *Clear*); A reads
    /// the code: it starts the game, or fixes one mistake and says which (A again
    /// starts), or says where the mistake is and moves there. B goes back; the code
    /// stays until it loads or is cleared.
    pub(crate) fn enter_code(&mut self, mut entry: CodeEntry, command: &Command) -> Option<Effect> {
        if command.b {
            self.code_entry = entry;
            self.pending.settings = true;
            self.screen = Screen::Title { item: TitleItem::EnterCode };
            return None;
        }
        let turn = command.dial
            + match command.dpad {
                Some(Dir::Up) => 1,
                Some(Dir::Down) => -1,
                _ => 0,
            };
        let cursor = entry.cursor as usize;
        if turn != 0 && !entry.on_clear {
            if let Some(c) = entry.chars.get_mut(cursor) {
                *c = (*c as i32 + turn).rem_euclid(32) as u8;
            }
            entry.note = None;
        }
        let mut moved = true;
        match command.dpad {
            Some(Dir::Left) if entry.cursor == 0 => entry.on_clear = true,
            Some(Dir::Left) => entry.cursor -= 1,
            Some(Dir::Right) if entry.on_clear => entry.on_clear = false,
            Some(Dir::Right) if (entry.cursor as usize) < CodeEntry::MAX - 1 => {
                entry.cursor += 1;
                entry.len = entry.len.max(entry.cursor + 1);
            }
            _ => moved = false,
        }
        if moved {
            self.pending.settings = true;
        }
        if command.a && entry.on_clear {
            entry = CodeEntry { note: Some(EntryNote::Cleared), ..CodeEntry::new() };
            self.pending.settings = true;
        } else if command.a {
            entry = self.read_entry(entry);
        }
        self.code_entry = entry;
        if matches!(self.screen, Screen::Play { .. }) {
            return Some(Effect::Save);
        }
        self.screen = Screen::EnterCode { entry };
        None
    }

    /// A pressed on the entry: the game starts (the entry empties), or the entry shows
    /// the code fixed (a swap or an extra character undone), or what is wrong with the
    /// cursor on it: on the wrong character, on a gap opened for the missing one, or on
    /// the first group named.
    fn read_entry(&mut self, entry: CodeEntry) -> CodeEntry {
        self.pending.settings = true;
        let seed = self.peek_seed();
        match C::from_code(&entry.text(), seed) {
            Ok(reading) => match reading.fixed {
                None => {
                    self.start_from_code(reading.value);
                    CodeEntry::new()
                }
                Some(fix) => {
                    let mut fixed = CodeEntry::holding(&reading.code, (fix.group as usize - 1) * GROUP);
                    fixed.note = Some(EntryNote::Fixed(fix));
                    fixed
                }
            },
            Err(error) => {
                let mut entry = entry;
                match error {
                    CodeError::Groups { groups: [g, ..] } => {
                        entry.cursor = ((g as usize).saturating_sub(1) * GROUP).min(entry.len as usize - 1) as u8;
                    }
                    CodeError::Located { mistake: Mistake::Missing, at } => entry.open_gap(at as usize),
                    CodeError::Located { at, .. } => entry.cursor = at.min(entry.len - 1),
                    _ => {}
                }
                entry.note = Some(EntryNote::Error(error));
                entry
            }
        }
    }

    /// The new-game screen's rows for the chosen game and setup.
    pub fn new_game_rows(&self) -> ArrayVec<NewGameRow, MAX_ROWS> {
        let info = self.game();
        let options = self.options();
        let mut rows = ArrayVec::new();
        if info.variants.len() > 1 {
            rows.push(NewGameRow::Variant);
        }
        if info.setups.len() > 1 {
            rows.push(NewGameRow::Setup);
        }
        for i in 0..options.seats(info).count() {
            rows.push(NewGameRow::Seat(i as u8));
        }
        if info.choose_first {
            rows.push(NewGameRow::First);
        }
        rows.push(NewGameRow::Start);
        // Under the start, where a person plays a CPU: take-backs and hints, or none.
        if matches!(Opponent::of(options.seats(info), &options.kinds), Some(Opponent::Cpu(_))) {
            rows.push(NewGameRow::Strict);
        }
        rows
    }

    /// The new-game screen: up and down choose a row, left and right change it, A goes
    /// to the next row (or starts, on the start and on the help under it), B goes
    /// back.
    pub(crate) fn new_game(&mut self, row: NewGameRow, command: &Command) -> Option<Effect> {
        if command.b {
            self.screen = Screen::Title { item: TitleItem::NewGame };
            return None;
        }
        let rows = self.new_game_rows();
        let row = if rows.contains(&row) { row } else { NewGameRow::Start };
        let row = match command.dpad {
            Some(dir @ (Dir::Up | Dir::Down)) => neighbour(&rows, row, dir.step()),
            Some(dir) => {
                self.change_option(row, dir.step());
                row
            }
            None => row,
        };
        self.screen = Screen::NewGame { row };
        if command.a {
            if matches!(row, NewGameRow::Start | NewGameRow::Strict) {
                if self.has_save(self.game) {
                    self.screen = Screen::Replace;
                    return None;
                }
                return self.start_game();
            }
            self.screen = Screen::NewGame { row: neighbour(&rows, row, 1) };
        }
        None
    }

    /// "Replace your saved game?": A (pressed after the question has shown for
    /// [`GUARD_MS`]) replaces it, B keeps it; anything else leaves the question up, so
    /// keeping is the default.
    pub(crate) fn replace(&mut self, command: &Command) -> Option<Effect> {
        if command.b {
            self.screen = Screen::NewGame { row: NewGameRow::Start };
        } else if command.a && self.guard_passed() {
            return self.start_game();
        }
        None
    }

    /// Whether the screen has shown long enough for A to act on it (a player pressing A
    /// through the last move must not skip the result, nor replace a save).
    pub(crate) fn guard_passed(&self) -> bool {
        self.now.wrapping_sub(self.screen_since) >= GUARD_MS
    }

    fn change_option(&mut self, row: NewGameRow, step: i32) {
        let info = self.game();
        let Some(options) = self.options.get_mut(self.game) else {
            return;
        };
        match row {
            NewGameRow::Variant => {
                let all: ArrayVec<usize, 16> = (0..info.variants.len()).take(16).collect();
                options.variant = cycle(&all, options.variant, step);
                self.pending.settings = true;
            }
            NewGameRow::Setup => {
                let all: ArrayVec<usize, 16> = (0..info.setups.len()).take(16).collect();
                options.setup = cycle(&all, options.setup, step);
                fit_first(options, info);
                self.pending.settings = true;
            }
            NewGameRow::Seat(i) => {
                if let Some(seat) = options.seats(info).iter().nth(i as usize) {
                    let kind = &mut options.kinds[seat];
                    *kind = cycle(&SeatKind::ALL, *kind, step);
                }
            }
            NewGameRow::First => {
                let mut choices: ArrayVec<FirstSeat, 5> = options.seats(info).iter().map(FirstSeat::Seat).collect();
                choices.push(FirstSeat::Random);
                options.first = cycle(&choices, options.first, step);
            }
            NewGameRow::Strict => {
                options.strict = !options.strict;
                self.pending.settings = true;
            }
            NewGameRow::Start => {}
        }
    }

    pub(crate) fn start_game(&mut self) -> Option<Effect> {
        let seed = self.next_game_seed();
        let options = self.options();
        let seats = options.seats(self.game());
        let first = match options.first {
            FirstSeat::Seat(seat) => seat,
            FirstSeat::Random => {
                // Each seat as likely (the rng's draw is uniform to within 2^-32).
                let mut rng = chek_ai::rng(seed ^ 1);
                seats.iter().nth(chek_ai::below(&mut rng, seats.count().max(1))).unwrap_or(Seat::FIRST)
            }
        };
        self.park_play();
        let play = C::start(self.game, &options, first, seed);
        self.resume(play);
        self.screen = Screen::Play { overlay: Overlay::None };
        Some(Effect::Save)
    }

    /// The rules being read: those of the game in progress from the pause sheet, of the
    /// chosen game and variant from the title.
    pub fn rule_pages(&self, back: RulesBack) -> &'static [RulePage] {
        match (back, self.play.as_ref()) {
            (RulesBack::Pause, Some(play)) => (play.info().art.rules)(play.variant()),
            _ => (self.game().art.rules)(self.options().variant),
        }
    }

    /// The rules pages: left and right turn them, A goes on, B goes back.
    pub(crate) fn rules_page(&self, page: u8, back: RulesBack, command: &Command) -> Screen {
        let pages = self.rule_pages(back).len().clamp(1, u8::MAX as usize) as u8;
        let leave = match back {
            RulesBack::Title => Screen::Title { item: TitleItem::Rules },
            RulesBack::Pause => Screen::Play { overlay: Overlay::Pause { item: PauseItem::Rules } },
        };
        if command.a && page + 1 >= pages && !self.lesson_steps().is_empty() {
            return Screen::Learn { step: 0, phase: crate::vocab::Phase::Read };
        }
        if command.b || (command.a && page + 1 >= pages) {
            return leave;
        }
        let page = match command.dpad {
            Some(Dir::Left | Dir::Up) => page.saturating_sub(1),
            Some(Dir::Right | Dir::Down) => (page + 1).min(pages - 1),
            _ if command.a => page + 1,
            _ => page,
        };
        Screen::Rules { page, back }
    }
}
