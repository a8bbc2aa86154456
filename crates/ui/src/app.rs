//! The App: one explicit state machine of screens and modes, driven by input and time.
//!
//! Data flows one way: `update(input, now_ms)` changes the state; `draw(frame)` only
//! reads it.

use alloc::string::String;
use alloc::vec::Vec;

use arrayvec::ArrayVec;
use chek_ai::{Level, Thinker};
use chek_rules::{Action, Dice, Game, Outcome, Played, Position, Seat, Setup, Square};

use crate::input::{Buttons, Input};
use crate::save::{SaveError, Saved};

/// Who plays a seat.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum SeatKind {
    /// A person with the console in hand (pass and play).
    Human,
    /// The CPU at a level.
    Cpu(Level),
}

impl SeatKind {
    /// The kinds the new-game screen cycles through.
    pub const ALL: [SeatKind; 4] =
        [SeatKind::Human, SeatKind::Cpu(Level::Easy), SeatKind::Cpu(Level::Normal), SeatKind::Cpu(Level::Hard)];

    /// The name shown on screen.
    pub const fn label(self) -> &'static str {
        match self {
            SeatKind::Human => "Human",
            SeatKind::Cpu(Level::Easy) => "CPU easy",
            SeatKind::Cpu(Level::Normal) => "CPU normal",
            SeatKind::Cpu(_) => "CPU hard",
        }
    }

    /// The byte a save stores.
    pub const fn code(self) -> u8 {
        match self {
            SeatKind::Human => 0,
            SeatKind::Cpu(Level::Easy) => 1,
            SeatKind::Cpu(Level::Normal) => 2,
            SeatKind::Cpu(_) => 3,
        }
    }

    /// The kind a save's byte stands for.
    pub const fn from_code(code: u8) -> Option<SeatKind> {
        match code {
            0 => Some(SeatKind::Human),
            1 => Some(SeatKind::Cpu(Level::Easy)),
            2 => Some(SeatKind::Cpu(Level::Normal)),
            3 => Some(SeatKind::Cpu(Level::Hard)),
            _ => None,
        }
    }

    /// Whether the CPU plays this seat.
    pub const fn is_cpu(self) -> bool {
        matches!(self, SeatKind::Cpu(_))
    }
}

/// Nodes of search per frame: well under the Playdate's frame budget (see the README's
/// benchmark).
pub const CPU_SLICE_NODES: u32 = 1_000;
/// The CPU shows "thinking" at least this long.
pub const CPU_THINK_MS: u32 = 350;
/// The CPU's hand moves one square this often.
pub const CPU_HAND_STEP_MS: u32 = 90;
/// The CPU's selection box rests on its target this long before it acts.
pub const CPU_AIM_MS: u32 = 500;

/// A CPU decision in progress: thinking, then shown step by step.
#[derive(Clone, Debug)]
pub struct CpuTurn {
    thinker: Thinker,
    started_ms: u32,
    /// The action decided on, once the search is done.
    pub action: Option<Action>,
    /// When the hand last moved, or when aiming began.
    step_ms: u32,
    aiming: bool,
}

/// Who starts a new game.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum FirstSeat {
    /// This seat.
    Seat(Seat),
    /// A seat drawn at random.
    Random,
}

/// The new-game choices.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Options {
    /// The starting setup.
    pub setup: Setup,
    /// Who plays each seat.
    pub kinds: [SeatKind; 4],
    /// Who starts.
    pub first: FirstSeat,
}

/// The game's items in the Playdate's system menu (at most three).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum MenuCommand {
    /// Go to the new-game screen.
    NewGame,
    /// Read the rules.
    Rules,
    /// End the game in progress by agreement (C16), after a confirmation.
    EndGame,
}

impl MenuCommand {
    /// The items, in menu order.
    pub const ALL: [MenuCommand; 3] = [MenuCommand::NewGame, MenuCommand::Rules, MenuCommand::EndGame];

    /// The item's title, named so it clearly belongs to the game.
    pub const fn title(self) -> &'static str {
        match self {
            MenuCommand::NewGame => "new game",
            MenuCommand::Rules => "chek rules",
            MenuCommand::EndGame => "end game",
        }
    }
}

/// Something the shell should do for the App.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Effect {
    /// Persist [`App::save_data`] now (or remove the save when it is `None`).
    Save,
}

/// The screens.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Screen {
    /// Name, continue, new game, rules.
    Title {
        /// The highlighted item.
        item: TitleItem,
    },
    /// Setup, seats and who starts.
    NewGame {
        /// The highlighted row.
        row: NewGameRow,
    },
    /// The board, with maybe an overlay on top.
    Play {
        /// Pause sheet, confirmation or game over, if shown.
        overlay: Overlay,
    },
    /// A share code entered with the crank and the D-pad.
    EnterCode {
        /// The entry so far.
        entry: CodeEntry,
    },
    /// The rules, a few pages.
    Rules {
        /// The page shown.
        page: u8,
        /// Where B returns to.
        back: RulesBack,
    },
}

/// Title screen items.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum TitleItem {
    /// Resume the game in progress.
    Continue,
    /// Choose a setup and start.
    NewGame,
    /// Enter a share code to continue a game from it.
    EnterCode,
    /// Read the rules.
    Rules,
}

/// A share code being entered, a character at a time.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct CodeEntry {
    /// The characters entered (indexes into the code alphabet).
    pub chars: [u8; 31],
    /// How many characters the code has so far.
    pub len: u8,
    /// The character being turned.
    pub cursor: u8,
    /// What was wrong with the last attempt.
    pub error: Option<chek_rules::CodeError>,
}

impl Default for CodeEntry {
    fn default() -> CodeEntry {
        CodeEntry::new()
    }
}

impl CodeEntry {
    /// The code alphabet (Crockford base32).
    pub const ALPHABET: &'static [u8; 32] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";

    /// An empty entry.
    pub const fn new() -> CodeEntry {
        CodeEntry { chars: [0; 31], len: 1, cursor: 0, error: None }
    }

    /// The code entered so far.
    pub fn text(&self) -> arrayvec::ArrayString<31> {
        let mut text = arrayvec::ArrayString::new();
        for &c in &self.chars[..self.len as usize] {
            let _ = text.try_push(Self::ALPHABET[c as usize % 32] as char);
        }
        text
    }
}

/// New-game screen rows.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum NewGameRow {
    /// The setup.
    Setup,
    /// Who plays the n-th seat in play.
    Seat(u8),
    /// Who starts.
    First,
    /// Start the game.
    Start,
}

/// What covers the board.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Overlay {
    /// Nothing: playing.
    None,
    /// The pause and score sheet (crank docked).
    Pause {
        /// The highlighted item.
        item: PauseItem,
    },
    /// The game's share code, large and as a QR code.
    Share,
    /// "End the game?"
    ConfirmEnd,
    /// Final scores.
    GameOver,
}

/// Pause sheet items.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum PauseItem {
    /// Back to the board.
    Resume,
    /// The rules.
    Rules,
    /// Show the share code.
    Share,
    /// End the game by agreement (C16), after a confirmation.
    EndGame,
    /// Back to the title (the game stays to continue).
    Title,
}

impl PauseItem {
    /// The items in order.
    pub const ALL: [PauseItem; 5] =
        [PauseItem::Resume, PauseItem::Rules, PauseItem::Share, PauseItem::EndGame, PauseItem::Title];

    /// The label.
    pub const fn label(self) -> &'static str {
        match self {
            PauseItem::Resume => "Resume",
            PauseItem::Rules => "Rules",
            PauseItem::Share => "Share code",
            PauseItem::EndGame => "End game",
            PauseItem::Title => "Title screen",
        }
    }
}

/// Where the rules screen returns to.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum RulesBack {
    /// The title screen.
    Title,
    /// The pause sheet.
    Pause,
}

/// How many pages the rules screen has.
pub const RULE_PAGES: u8 = 5;

/// What the player is doing on the board.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Mode {
    /// The hand moves over the board; A picks up an own piece.
    Browse,
    /// A piece is picked up; the selection box goes through its targets.
    Aim {
        /// The picked piece.
        from: Square,
        /// The selected target among [`Session::aim_actions`].
        index: usize,
    },
    /// The chain state: the selection goes through chain targets and link allies.
    Chain {
        /// The selected option among [`Session::chain_options`].
        index: usize,
    },
}

/// An option in the chain state.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum ChainOption {
    /// A chain attack from the active piece (C11).
    Attack(Action),
    /// A link step to an ally (C12).
    Link(Square),
}

impl ChainOption {
    /// The square the option points at.
    pub fn square(self) -> Square {
        match self {
            ChainOption::Attack(action) => action.to().unwrap_or(Square::A1),
            ChainOption::Link(square) => square,
        }
    }
}

/// A conflict being shown: the dice roll, then the capture.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Show {
    /// The position before the conflict.
    pub before: Position,
    /// What happened.
    pub played: Played,
    /// When the show started.
    pub start_ms: u32,
}

/// How long the dice roll.
pub const ROLL_MS: u32 = 700;
/// How long the capture shows.
pub const CAPTURE_MS: u32 = 500;

/// A game being played, with everything the board screen needs.
#[derive(Clone, Debug)]
pub struct Session {
    /// The game record.
    pub game: Game,
    /// The setup it started from.
    pub setup: Setup,
    /// Who plays each seat.
    pub kinds: [SeatKind; 4],
    /// The seed the game started with.
    pub seed: u64,
    /// The hand cursor.
    pub hand: Square,
    /// What the player is doing.
    pub mode: Mode,
    /// The last action, for "last move".
    pub last: Option<Played>,
    /// The last conflict, for the dice panel.
    pub last_conflict: Option<Played>,
    /// A conflict being shown.
    pub show: Option<Show>,
    /// The CPU's decision in progress.
    pub cpu: Option<CpuTurn>,
    /// Actions played since the game started or was resumed (seeds the CPU).
    pub plies: u32,
}

impl Session {
    fn new(game: Game, setup: Setup, kinds: [SeatKind; 4], seed: u64) -> Session {
        let mut session = Session {
            game,
            setup,
            kinds,
            seed,
            hand: Square::A1,
            mode: Mode::Browse,
            last: None,
            last_conflict: None,
            show: None,
            cpu: None,
            plies: 0,
        };
        session.hand = session.centre_piece();
        session.settle();
        session
    }

    /// The position on the board.
    pub fn position(&self) -> &Position {
        self.game.position()
    }

    /// The in-control seat's piece nearest the board's centre, where the hand starts.
    fn centre_piece(&self) -> Square {
        let seat = self.position().in_control();
        let centre_distance = |sq: &Square| {
            let f = sq.file() as i32 * 2 - 7;
            let r = sq.rank() as i32 * 2 - 7;
            f * f + r * r
        };
        self.position().pieces(seat).iter().min_by_key(centre_distance).unwrap_or(self.hand)
    }

    /// The in-control seat's piece nearest the hand (ties: the lowest square).
    fn nearest_piece(&self) -> Square {
        let seat = self.position().in_control();
        let hand = self.hand;
        let distance = |sq: &Square| {
            let df = sq.file() as i32 - hand.file() as i32;
            let dr = sq.rank() as i32 - hand.rank() as i32;
            df * df + dr * dr
        };
        self.position().pieces(seat).iter().min_by_key(distance).unwrap_or(hand)
    }

    /// Puts the mode and the hand where the position wants them: the chain state on
    /// the active piece, a new turn on the mover's nearest piece.
    fn settle(&mut self) {
        match self.position().chain() {
            Some(chain) => {
                self.hand = chain.active;
                self.mode = Mode::Chain { index: 0 };
            }
            None => {
                if !matches!(self.mode, Mode::Browse)
                    || self.position().seat_at(self.hand) != Some(self.position().to_move())
                {
                    self.hand = self.nearest_piece();
                }
                self.mode = Mode::Browse;
            }
        }
    }

    /// The legal actions of the piece on `from`, clockwise from up (C4).
    pub fn aim_actions(&self, from: Square) -> ArrayVec<Action, 4> {
        let mut list: ArrayVec<Action, 4> = self
            .position()
            .legal_actions()
            .iter()
            .copied()
            .filter(|a| a.from() == Some(from) && self.position().chain().is_none())
            .take(4)
            .collect();
        list.sort_by_key(|a| a.to().map_or(0, |to| clockwise_rank(from, to)));
        list
    }

    /// The chain options around the active piece, clockwise from up: attacks from the
    /// active piece (C11) and links to allies (C12).
    pub fn chain_options(&self) -> Vec<ChainOption> {
        let position = self.position();
        let Some(chain) = position.chain() else {
            return Vec::new();
        };
        let mut options: Vec<ChainOption> = position
            .legal_actions()
            .iter()
            .filter(|a| a.from() == Some(chain.active))
            .map(|&a| ChainOption::Attack(a))
            .chain(position.link_targets().iter().map(ChainOption::Link))
            .collect();
        options.sort_by_key(|o| clockwise_rank(chain.active, o.square()));
        options
    }

    /// The action the selection box points at, in Aim mode.
    pub fn aimed_action(&self) -> Option<Action> {
        match self.mode {
            Mode::Aim { from, index } => self.aim_actions(from).get(index).copied(),
            _ => None,
        }
    }

    /// The option the selection box points at, in the chain state.
    pub fn chosen_option(&self) -> Option<ChainOption> {
        match self.mode {
            Mode::Chain { index } => self.chain_options().get(index).copied(),
            _ => None,
        }
    }

    /// Whether the seat in control can use the piece under the hand.
    pub fn hand_on_playable_piece(&self) -> bool {
        !self.aim_actions(self.hand).is_empty()
    }

    /// Whether the CPU plays the seat in control.
    pub fn cpu_in_control(&self) -> bool {
        self.kinds[self.position().in_control().index()].is_cpu()
    }

    /// The action the CPU is showing, once decided.
    pub fn cpu_action(&self) -> Option<Action> {
        self.cpu.as_ref().and_then(|c| c.action)
    }

    /// Advances the CPU's turn: thinks a slice, then shows the decision step by step
    /// (the hand walks to the piece, the selection box rests on the target) and plays
    /// it.
    fn cpu_turn(&mut self, level: Level, now: u32) {
        let seed = self.seed ^ (self.plies as u64 + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        let position = *self.position();
        let cpu = self.cpu.get_or_insert_with(|| CpuTurn {
            thinker: Thinker::new(&position, level, seed),
            started_ms: now,
            action: None,
            step_ms: now,
            aiming: false,
        });
        if cpu.action.is_none() {
            cpu.action = cpu.thinker.step(CPU_SLICE_NODES);
            if cpu.action.is_none() && position.legal_actions().is_empty() {
                self.cpu = None;
            }
            return;
        }
        if now.wrapping_sub(cpu.started_ms) < CPU_THINK_MS {
            return;
        }
        let Some(action) = cpu.action else { return };
        // Walk the hand to the acting piece (at the start of a turn).
        if let (None, Some(from)) = (position.chain(), action.from()) {
            if self.hand != from {
                if now.wrapping_sub(cpu.step_ms) >= CPU_HAND_STEP_MS {
                    cpu.step_ms = now;
                    let df = (from.file() as i8 - self.hand.file() as i8).signum();
                    let dr = (from.rank() as i8 - self.hand.rank() as i8).signum();
                    let step = if df != 0 { (df, 0) } else { (0, dr) };
                    self.hand = self.hand.offset(step.0, step.1).unwrap_or(from);
                }
                return;
            }
        }
        if !cpu.aiming {
            cpu.aiming = true;
            cpu.step_ms = now;
            if let (None, Some(from)) = (position.chain(), action.from()) {
                let index = self.aim_actions(from).iter().position(|&a| a == action).unwrap_or(0);
                self.mode = Mode::Aim { from, index };
            }
            return;
        }
        if now.wrapping_sub(cpu.step_ms) >= CPU_AIM_MS {
            self.cpu = None;
            self.play(action, now);
        }
    }

    /// Plays `action`; a conflict starts a show.
    fn play(&mut self, action: Action, now: u32) {
        let before = *self.position();
        if let Ok(played) = self.game.play(action) {
            self.plies += 1;
            self.last = Some(played);
            if played.conflict.is_some() {
                self.last_conflict = Some(played);
                self.show = Some(Show { before, played, start_ms: now });
                self.hand = action.to().unwrap_or(self.hand);
            }
            self.settle();
        }
    }

    /// Whether a conflict is being shown at `now`.
    pub fn showing(&self, now: u32) -> Option<&Show> {
        self.show.as_ref().filter(|s| now.wrapping_sub(s.start_ms) < ROLL_MS + CAPTURE_MS)
    }
}

/// Order of `to` around `from`, clockwise from straight up (0) to up-left (7).
fn clockwise_rank(from: Square, to: Square) -> u8 {
    let df = (to.file() as i8 - from.file() as i8).signum();
    let dr = (to.rank() as i8 - from.rank() as i8).signum();
    match (df, dr) {
        (0, 1) => 0,
        (1, 1) => 1,
        (1, 0) => 2,
        (1, -1) => 3,
        (0, -1) => 4,
        (-1, -1) => 5,
        (-1, 0) => 6,
        _ => 7,
    }
}

/// Degrees of crank per step of the selection box.
pub const CRANK_STEP: f32 = 30.0;
/// Hold a D-pad direction this long before it repeats.
const REPEAT_DELAY_MS: u32 = 300;
/// Then repeat this often.
const REPEAT_EVERY_MS: u32 = 90;

/// The game as a whole: screens, the game in progress, and settings.
#[derive(Clone, Debug)]
pub struct App {
    screen: Screen,
    session: Option<Session>,
    options: Options,
    base_seed: u64,
    games_started: u64,
    now: u32,
    docked: Option<bool>,
    reduce_flashing: bool,
    crank: f32,
    repeat: Option<(Buttons, u32)>,
    notice: Option<String>,
    save_problem: Option<SaveError>,
}

impl App {
    /// A new App. `seed` seeds every game's dice and random choices; `save` is the
    /// saved game's bytes, if the shell found one.
    pub fn new(seed: u64, save: Option<&[u8]>) -> App {
        let mut app = App {
            screen: Screen::Title { item: TitleItem::NewGame },
            session: None,
            options: Options {
                setup: Setup::Checkered,
                kinds: [SeatKind::Human; 4],
                first: FirstSeat::Seat(Seat::South),
            },
            base_seed: seed,
            games_started: 0,
            now: 0,
            docked: None,
            reduce_flashing: false,
            crank: 0.0,
            repeat: None,
            notice: None,
            save_problem: None,
        };
        if let Some(bytes) = save {
            match Saved::from_bytes(bytes) {
                Ok(saved) => {
                    let mut session = Session::new(saved.game, saved.setup, saved.kinds, saved.seed);
                    session.hand = saved.hand;
                    session.settle();
                    app.options.setup = saved.setup;
                    if !session.game.is_over() {
                        app.screen = Screen::Title { item: TitleItem::Continue };
                        app.session = Some(session);
                    }
                }
                Err(problem) => {
                    app.notice = Some(alloc::format!("{problem}; a new game is ready"));
                    app.save_problem = Some(problem);
                }
            }
        }
        app
    }

    /// Continues a game from `position` (a share code's), every seat played by a
    /// person, on the board screen.
    pub fn continue_from(&mut self, position: Position) {
        let setup = Setup::ALL.into_iter().find(|s| s.seating() == position.seating()).unwrap_or(Setup::Checkered);
        let seed = self.next_game_seed();
        self.session = Some(Session::new(Game::new(position, seed), setup, [SeatKind::Human; 4], seed));
        self.screen = Screen::Play { overlay: Overlay::None };
    }

    /// The seed of the next game: the App's seed spread by the number of games started.
    fn next_game_seed(&mut self) -> u64 {
        let seed = splitmix64(self.base_seed ^ self.games_started.wrapping_mul(0x9e37_79b9_7f4a_7c15));
        self.games_started += 1;
        seed
    }

    /// Preselects the setup on the new-game screen.
    pub fn set_setup(&mut self, setup: Setup) {
        self.options.setup = setup;
    }

    /// The screen shown.
    pub const fn screen(&self) -> Screen {
        self.screen
    }

    /// The game in progress, if any (read-only: for tests and tools).
    pub fn session(&self) -> Option<&Session> {
        self.session.as_ref()
    }

    /// The new-game choices.
    pub const fn options(&self) -> &Options {
        &self.options
    }

    /// The time of the last update.
    pub const fn now(&self) -> u32 {
        self.now
    }

    /// Whether "reduce flashing" is on.
    pub const fn reduce_flashing(&self) -> bool {
        self.reduce_flashing
    }

    /// A one-line notice for the player (e.g. a damaged save), if any.
    pub fn notice(&self) -> Option<&str> {
        self.notice.as_deref()
    }

    /// Why the save given to [`App::new`] could not be read, so the shell can keep the
    /// file aside instead of overwriting it.
    pub const fn save_problem(&self) -> Option<SaveError> {
        self.save_problem
    }

    /// The bytes to save, or `None` when no game is in progress (remove the save).
    pub fn save_data(&self) -> Option<Vec<u8>> {
        let session = self.session.as_ref().filter(|s| !s.game.is_over())?;
        Some(
            Saved {
                setup: session.setup,
                kinds: session.kinds,
                game: session.game.clone(),
                hand: session.hand,
                seed: session.seed,
            }
            .to_bytes(),
        )
    }

    /// Whether the App is waiting for time to pass (an animation, or the CPU's turn on
    /// the board), not for input.
    pub fn animating(&self) -> bool {
        self.session.as_ref().is_some_and(|s| {
            s.showing(self.now).is_some()
                || (matches!(self.screen, Screen::Play { overlay: Overlay::None })
                    && !s.game.is_over()
                    && s.cpu_in_control())
        })
    }

    /// Whether the crank is docked.
    pub fn crank_docked(&self) -> bool {
        self.docked == Some(true)
    }

    /// A system-menu item was chosen.
    pub fn menu(&mut self, command: MenuCommand) -> Option<Effect> {
        let playing = self.session.as_ref().is_some_and(|s| !s.game.is_over());
        match command {
            MenuCommand::NewGame => self.screen = Screen::NewGame { row: NewGameRow::Setup },
            MenuCommand::Rules => {
                let back = if matches!(self.screen, Screen::Play { .. }) && playing {
                    RulesBack::Pause
                } else {
                    RulesBack::Title
                };
                self.screen = Screen::Rules { page: 0, back };
            }
            MenuCommand::EndGame if playing => self.screen = Screen::Play { overlay: Overlay::ConfirmEnd },
            MenuCommand::EndGame => {}
        }
        None
    }

    /// Whether the App waits for the crank while it is docked (aiming, or in a chain):
    /// the screen then shows a crank alert, and the D-pad does the crank's job.
    pub fn waits_for_crank(&self) -> bool {
        self.crank_docked()
            && matches!(self.screen, Screen::Play { overlay: Overlay::None })
            && self
                .session
                .as_ref()
                .is_some_and(|s| s.show.is_none() && matches!(s.mode, Mode::Aim { .. } | Mode::Chain { .. }))
    }

    /// Advances the App by one frame of `input` at time `now_ms`.
    pub fn update(&mut self, input: &Input, now_ms: u32) -> Option<Effect> {
        self.now = now_ms;
        self.reduce_flashing = input.reduce_flashing;
        let mut effect = None;

        // Dock and undock (C16's pause sheet; saving on dock).
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

        // The crank, in steps of CRANK_STEP degrees.
        let mut steps = 0i32;
        if input.crank_change.is_finite() {
            self.crank += input.crank_change;
            while self.crank >= CRANK_STEP {
                self.crank -= CRANK_STEP;
                steps += 1;
            }
            while self.crank <= -CRANK_STEP {
                self.crank += CRANK_STEP;
                steps -= 1;
            }
        }

        let dpad = self.dpad(input);
        let a = input.pushed.contains(Buttons::A);
        let b = input.pushed.contains(Buttons::B);
        let screen_effect = match self.screen {
            Screen::Title { item } => self.title(item, dpad, a),
            Screen::NewGame { row } => self.new_game(row, dpad, a, b),
            Screen::Play { overlay } => self.play(overlay, dpad, steps, a, b),
            Screen::Rules { page, back } => {
                self.screen = rules_page(page, back, dpad, a, b);
                None
            }
            Screen::EnterCode { entry } => self.enter_code(entry, dpad, steps, a, b),
        };
        effect.or(screen_effect)
    }

    /// A D-pad direction pushed this frame, or repeating while held.
    fn dpad(&mut self, input: &Input) -> Option<Dir> {
        for dir in Dir::ALL {
            if input.pushed.contains(dir.button()) {
                self.repeat = Some((dir.button(), self.now.wrapping_add(REPEAT_DELAY_MS)));
                return Some(dir);
            }
        }
        let (button, at) = self.repeat?;
        if !input.held.contains(button) {
            self.repeat = None;
            return None;
        }
        if self.now.wrapping_sub(at) < u32::MAX / 2 {
            self.repeat = Some((button, at.wrapping_add(REPEAT_EVERY_MS)));
            return Dir::ALL.into_iter().find(|d| d.button() == button);
        }
        None
    }

    /// The title screen's items: "continue" only with a game to continue.
    pub fn title_items(&self) -> ArrayVec<TitleItem, 4> {
        let mut items = ArrayVec::new();
        if self.session.as_ref().is_some_and(|s| !s.game.is_over()) {
            items.push(TitleItem::Continue);
        }
        items.push(TitleItem::NewGame);
        items.push(TitleItem::EnterCode);
        items.push(TitleItem::Rules);
        items
    }

    fn title(&mut self, item: TitleItem, dpad: Option<Dir>, a: bool) -> Option<Effect> {
        let items = self.title_items();
        let index = items.iter().position(|&i| i == item).unwrap_or(0);
        let item = match dpad {
            Some(Dir::Up) => items[index.saturating_sub(1)],
            Some(Dir::Down) => items[(index + 1).min(items.len() - 1)],
            _ => items[index],
        };
        self.screen = Screen::Title { item };
        if a {
            self.screen = match item {
                TitleItem::Continue => Screen::Play { overlay: Overlay::None },
                TitleItem::NewGame => Screen::NewGame { row: NewGameRow::Setup },
                TitleItem::EnterCode => Screen::EnterCode { entry: CodeEntry::new() },
                TitleItem::Rules => Screen::Rules { page: 0, back: RulesBack::Title },
            };
        }
        None
    }

    /// The code entry: the crank (or up/down) turns the character under the cursor
    /// like a combination lock, left/right move between characters, A checks the code
    /// and starts, B goes back.
    fn enter_code(&mut self, mut entry: CodeEntry, dpad: Option<Dir>, steps: i32, a: bool, b: bool) -> Option<Effect> {
        if b {
            self.screen = Screen::Title { item: TitleItem::EnterCode };
            return None;
        }
        let turn = steps
            + match dpad {
                Some(Dir::Up) => 1,
                Some(Dir::Down) => -1,
                _ => 0,
            };
        let cursor = entry.cursor as usize;
        if turn != 0 {
            entry.chars[cursor] = (entry.chars[cursor] as i32 + turn).rem_euclid(32) as u8;
            entry.error = None;
        }
        match dpad {
            Some(Dir::Left) => entry.cursor = entry.cursor.saturating_sub(1),
            Some(Dir::Right) if (entry.cursor as usize) < entry.chars.len() - 1 => {
                entry.cursor += 1;
                entry.len = entry.len.max(entry.cursor + 1);
            }
            _ => {}
        }
        self.screen = Screen::EnterCode { entry };
        if a {
            match Position::from_share_code(&entry.text()) {
                Ok(position) => {
                    self.continue_from(position);
                    return Some(Effect::Save);
                }
                Err(error) => {
                    entry.error = Some(error);
                    self.screen = Screen::EnterCode { entry };
                }
            }
        }
        None
    }

    /// The new-game screen's rows for the chosen setup.
    pub fn new_game_rows(&self) -> ArrayVec<NewGameRow, 7> {
        let mut rows = ArrayVec::new();
        rows.push(NewGameRow::Setup);
        for i in 0..self.options.setup.seating().count() {
            rows.push(NewGameRow::Seat(i as u8));
        }
        rows.push(NewGameRow::First);
        rows.push(NewGameRow::Start);
        rows
    }

    fn new_game(&mut self, row: NewGameRow, dpad: Option<Dir>, a: bool, b: bool) -> Option<Effect> {
        if b {
            self.screen = Screen::Title { item: TitleItem::NewGame };
            return None;
        }
        let rows = self.new_game_rows();
        let index = rows.iter().position(|&r| r == row).unwrap_or(0);
        let step = match dpad {
            Some(Dir::Left) => -1,
            Some(Dir::Right) => 1,
            _ => 0,
        };
        let mut row = rows[index];
        match dpad {
            Some(Dir::Up) => row = rows[index.saturating_sub(1)],
            Some(Dir::Down) => row = rows[(index + 1).min(rows.len() - 1)],
            _ if step != 0 => self.change_option(row, step),
            _ => {}
        }
        self.screen = Screen::NewGame { row };
        if a {
            if row == NewGameRow::Start {
                return self.start_game();
            }
            self.screen = Screen::NewGame { row: rows[(index + 1).min(rows.len() - 1)] };
        }
        None
    }

    fn change_option(&mut self, row: NewGameRow, step: i32) {
        let options = &mut self.options;
        match row {
            NewGameRow::Setup => {
                options.setup = cycle(&Setup::ALL, options.setup, step);
                if let FirstSeat::Seat(seat) = options.first {
                    if !options.setup.seating().contains(seat) {
                        options.first = FirstSeat::Seat(Seat::South);
                    }
                }
            }
            NewGameRow::Seat(i) => {
                if let Some(&seat) = options.setup.seating().seats().get(i as usize) {
                    options.kinds[seat.index()] = cycle(&SeatKind::ALL, options.kinds[seat.index()], step);
                }
            }
            NewGameRow::First => {
                let mut choices: ArrayVec<FirstSeat, 5> =
                    options.setup.seating().seats().iter().map(|&s| FirstSeat::Seat(s)).collect();
                choices.push(FirstSeat::Random);
                options.first = cycle(&choices, options.first, step);
            }
            NewGameRow::Start => {}
        }
    }

    fn start_game(&mut self) -> Option<Effect> {
        let seed = self.next_game_seed();
        let Options { setup, kinds, first } = self.options;
        let seats = setup.seating().seats();
        let first = match first {
            FirstSeat::Seat(seat) => seat,
            FirstSeat::Random => seats[Dice::new(seed ^ 1).d6() as usize % seats.len()],
        };
        let start = setup.position(first).unwrap_or(setup.start());
        self.session = Some(Session::new(Game::new(start, seed), setup, kinds, seed));
        self.screen = Screen::Play { overlay: Overlay::None };
        self.notice = None;
        Some(Effect::Save)
    }

    fn play(&mut self, overlay: Overlay, dpad: Option<Dir>, steps: i32, a: bool, b: bool) -> Option<Effect> {
        match overlay {
            Overlay::None => self.play_board(dpad, steps, a, b),
            Overlay::Pause { item } => {
                let index = PauseItem::ALL.iter().position(|&i| i == item).unwrap_or(0);
                let item = match dpad {
                    Some(Dir::Up) => PauseItem::ALL[index.saturating_sub(1)],
                    Some(Dir::Down) => PauseItem::ALL[(index + 1).min(PauseItem::ALL.len() - 1)],
                    _ => item,
                };
                self.screen = Screen::Play { overlay: Overlay::Pause { item } };
                if b {
                    self.screen = Screen::Play { overlay: Overlay::None };
                } else if a {
                    self.screen = match item {
                        PauseItem::Resume => Screen::Play { overlay: Overlay::None },
                        PauseItem::Rules => Screen::Rules { page: 0, back: RulesBack::Pause },
                        PauseItem::Share => Screen::Play { overlay: Overlay::Share },
                        PauseItem::EndGame => Screen::Play { overlay: Overlay::ConfirmEnd },
                        PauseItem::Title => Screen::Title { item: TitleItem::Continue },
                    };
                }
                None
            }
            Overlay::ConfirmEnd => {
                if a {
                    if let Some(session) = self.session.as_mut() {
                        session.game.end_by_agreement();
                    }
                    self.screen = Screen::Play { overlay: Overlay::GameOver };
                    return Some(Effect::Save);
                }
                if b {
                    self.screen = Screen::Play { overlay: Overlay::Pause { item: PauseItem::EndGame } };
                }
                None
            }
            Overlay::Share => {
                if a || b {
                    self.screen = Screen::Play { overlay: Overlay::Pause { item: PauseItem::Share } };
                }
                None
            }
            Overlay::GameOver => {
                if a {
                    self.screen = Screen::NewGame { row: NewGameRow::Start };
                } else if b {
                    self.screen = Screen::Title { item: TitleItem::NewGame };
                }
                None
            }
        }
    }

    fn play_board(&mut self, dpad: Option<Dir>, steps: i32, a: bool, b: bool) -> Option<Effect> {
        let now = self.now;
        let Some(session) = self.session.as_mut() else {
            self.screen = Screen::Title { item: TitleItem::NewGame };
            return None;
        };
        if session.showing(now).is_some() {
            if a {
                session.show = None;
            }
            return None;
        }
        session.show = None;
        if session.game.is_over() {
            self.screen = Screen::Play { overlay: Overlay::GameOver };
            return Some(Effect::Save);
        }
        if let SeatKind::Cpu(level) = session.kinds[session.position().in_control().index()] {
            session.cpu_turn(level, now);
            return None;
        }
        session.cpu = None;
        match session.mode {
            Mode::Browse => {
                if let Some(dir) = dpad {
                    let (df, dr) = dir.delta();
                    session.hand = session.hand.offset(df, dr).unwrap_or(session.hand);
                }
                if steps != 0 {
                    // The crank steps the hand through the pieces that can act, in
                    // reading order.
                    let mut pieces: Vec<Square> = session
                        .position()
                        .pieces(session.position().to_move())
                        .iter()
                        .filter(|&sq| !session.aim_actions(sq).is_empty())
                        .collect();
                    pieces.sort_by_key(|sq| (7 - sq.rank(), sq.file()));
                    if !pieces.is_empty() {
                        let current = pieces.iter().position(|&sq| sq == session.hand);
                        let index = match current {
                            Some(i) => (i as i32 + steps).rem_euclid(pieces.len() as i32) as usize,
                            None if steps > 0 => 0,
                            None => pieces.len() - 1,
                        };
                        session.hand = pieces[index];
                    }
                }
                if a && session.hand_on_playable_piece() {
                    session.mode = Mode::Aim { from: session.hand, index: 0 };
                }
            }
            Mode::Aim { from, index } => {
                let actions = session.aim_actions(from);
                if actions.is_empty() || b {
                    session.mode = Mode::Browse;
                    return None;
                }
                let mut index = (index as i32 + steps).rem_euclid(actions.len() as i32) as usize;
                if let Some(dir) = dpad {
                    let (df, dr) = dir.delta();
                    let target = from.offset(df, dr);
                    if let Some(i) = actions.iter().position(|a| a.to() == target) {
                        index = i;
                    }
                }
                session.mode = Mode::Aim { from, index };
                if a {
                    session.play(actions[index], now);
                }
            }
            Mode::Chain { index } => {
                if b {
                    session.play(Action::End, now);
                    return None;
                }
                let options = session.chain_options();
                if options.is_empty() {
                    session.play(Action::End, now);
                    return None;
                }
                let step = steps
                    + match dpad {
                        Some(Dir::Right | Dir::Down) => 1,
                        Some(Dir::Left | Dir::Up) => -1,
                        None => 0,
                    };
                let index = (index as i32 + step).rem_euclid(options.len() as i32) as usize;
                session.mode = Mode::Chain { index };
                if a {
                    match options[index] {
                        ChainOption::Attack(action) => session.play(action, now),
                        ChainOption::Link(to) => {
                            if session.game.link(to) {
                                session.settle();
                            }
                        }
                    }
                }
            }
        }
        None
    }
}

/// The rules pages: left and right turn them, A goes on, B goes back.
fn rules_page(page: u8, back: RulesBack, dpad: Option<Dir>, a: bool, b: bool) -> Screen {
    let leave = match back {
        RulesBack::Title => Screen::Title { item: TitleItem::Rules },
        RulesBack::Pause => Screen::Play { overlay: Overlay::Pause { item: PauseItem::Rules } },
    };
    if b || (a && page + 1 >= RULE_PAGES) {
        return leave;
    }
    let page = match dpad {
        Some(Dir::Left | Dir::Up) => page.saturating_sub(1),
        Some(Dir::Right | Dir::Down) => (page + 1).min(RULE_PAGES - 1),
        _ if a => page + 1,
        _ => page,
    };
    Screen::Rules { page, back }
}

/// The element `step` places after `current` in `list`, wrapping around.
fn cycle<T: Copy + PartialEq>(list: &[T], current: T, step: i32) -> T {
    let index = list.iter().position(|&x| x == current).unwrap_or(0) as i32;
    let len = list.len().max(1) as i32;
    list.get((index + step).rem_euclid(len) as usize).copied().unwrap_or(current)
}

/// SplitMix64: spreads a counter into a well-mixed seed.
fn splitmix64(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// A D-pad direction.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Dir {
    /// Up.
    Up,
    /// Down.
    Down,
    /// Left.
    Left,
    /// Right.
    Right,
}

impl Dir {
    const ALL: [Dir; 4] = [Dir::Up, Dir::Down, Dir::Left, Dir::Right];

    const fn button(self) -> Buttons {
        match self {
            Dir::Up => Buttons::UP,
            Dir::Down => Buttons::DOWN,
            Dir::Left => Buttons::LEFT,
            Dir::Right => Buttons::RIGHT,
        }
    }

    /// (files, ranks) moved on the board: up is towards rank 8.
    const fn delta(self) -> (i8, i8) {
        match self {
            Dir::Up => (0, 1),
            Dir::Down => (0, -1),
            Dir::Left => (-1, 0),
            Dir::Right => (1, 0),
        }
    }
}

/// Who won the conflict in `played`, if it was one.
pub fn conflict_winner(played: &Played) -> Option<Seat> {
    played.conflict.map(|(conflict, _, outcome)| match outcome {
        Outcome::AttackerWins => conflict.attacker(),
        Outcome::DefenderWins => conflict.defender(),
    })
}
