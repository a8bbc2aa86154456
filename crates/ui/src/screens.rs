//! The screens and the overlays on the board, as plain data.

use chek_engine::code::{CodeError, Fix, ALPHABET, MAX_SYMBOLS};

/// The screens.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Screen {
    /// The game's name (left and right choose the game), continue, new game, enter a
    /// code, rules.
    Title {
        /// The highlighted item.
        item: TitleItem,
    },
    /// Variant, setup, seats and who starts.
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
    /// The rules of the chosen game, a few pages.
    Rules {
        /// The page shown.
        page: u8,
        /// Where B returns to.
        back: RulesBack,
    },
    /// The records of finished games, a page per game.
    Records {
        /// The game shown, an index into the catalog's games.
        page: u8,
        /// Where B returns to.
        back: RulesBack,
    },
    /// "Replace your saved game?" before a new game of a game that has one.
    Replace,
    /// A step of the chosen game's lesson.
    Learn {
        /// The step, an index into the game's lesson.
        step: u8,
        /// Where the player is in it.
        phase: crate::vocab::Phase,
    },
    /// The last finished games of the game on a records page, to review.
    Kept {
        /// The records page (the game), an index into the catalog's games.
        page: u8,
        /// The highlighted game, newest first.
        item: u8,
        /// Where the records page returns to.
        back: RulesBack,
    },
    /// A finished game, a decision at a time, with the graph of who was winning.
    Review {
        /// The highlighted swing on the graph, if one is.
        mark: Option<u8>,
        /// Where B returns to.
        back: ReviewBack,
    },
}

/// Where a review returns to.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum ReviewBack {
    /// The game-over sheet of the game just played.
    GameOver,
    /// The list of kept games.
    Kept {
        /// The records page.
        page: u8,
        /// The game reviewed, in the list.
        item: u8,
        /// Where the records page returns to.
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
    /// The guided first game.
    Learn,
    /// Enter a share code to continue a game from it.
    EnterCode,
    /// Read the rules.
    Rules,
    /// The records of finished games.
    Records,
    /// Turn the sound on or off.
    Sound,
}

impl TitleItem {
    /// The label.
    pub const fn label(self) -> &'static str {
        match self {
            TitleItem::Continue => "Continue",
            TitleItem::NewGame => "New game",
            TitleItem::Learn => "Learn to play",
            TitleItem::EnterCode => "Enter code",
            TitleItem::Rules => "Rules",
            TitleItem::Records => "Records",
            TitleItem::Sound => "Sound",
        }
    }
}

/// What the entry screen says about the code.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum EntryNote {
    /// What was wrong with the last attempt.
    Error(CodeError),
    /// The mistake the reader fixed; A starts the fixed code.
    Fixed(Fix),
    /// The code was cleared.
    Cleared,
}

/// A share code being entered, a character at a time. It stays (across B, the game,
/// and a relaunch: [`CodeEntry::to_bytes`]) until it loads or the player clears it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct CodeEntry {
    /// The characters entered (indexes into the code alphabet).
    pub chars: [u8; Self::MAX],
    /// How many characters the code has so far.
    pub len: u8,
    /// The character being turned.
    pub cursor: u8,
    /// Whether the *Clear* button left of the code is chosen (instead of a character).
    pub on_clear: bool,
    /// What the screen says about the code.
    pub note: Option<EntryNote>,
}

impl Default for CodeEntry {
    fn default() -> CodeEntry {
        CodeEntry::new()
    }
}

impl CodeEntry {
    /// The code alphabet (Crockford base32).
    pub const ALPHABET: &'static [u8; 32] = ALPHABET;
    /// Characters on one line of the screen.
    pub const LINE: usize = 32;
    /// The most characters the entry screen takes: two lines. Longer codes are shared
    /// by their QR code.
    pub const MAX: usize = 2 * Self::LINE;

    /// An empty entry.
    pub const fn new() -> CodeEntry {
        CodeEntry { chars: [0; Self::MAX], len: 1, cursor: 0, on_clear: false, note: None }
    }

    /// The code entered so far.
    pub fn text(&self) -> arrayvec::ArrayString<MAX_SYMBOLS> {
        let mut text = arrayvec::ArrayString::new();
        for &c in self.chars.iter().take(self.len as usize) {
            let _ = text.try_push(char::from(Self::ALPHABET[c as usize % 32]));
        }
        text
    }

    /// An entry holding `code` (its characters; others are skipped), the cursor on
    /// character `cursor`.
    pub fn holding(code: &str, cursor: usize) -> CodeEntry {
        let mut entry = CodeEntry::new();
        let mut len = 0;
        for s in code.chars().filter_map(chek_engine::code::symbol_of).take(Self::MAX) {
            entry.chars[len] = s;
            len += 1;
        }
        entry.len = len.max(1) as u8;
        entry.cursor = cursor.min(entry.len as usize - 1) as u8;
        entry
    }

    /// Opens a gap at character `at` for a missing one (the characters from there move
    /// right; the last falls off a full entry) and puts the cursor on it.
    pub fn open_gap(&mut self, at: usize) {
        let len = self.len as usize;
        if at > len || at >= Self::MAX {
            return;
        }
        let end = (len + 1).min(Self::MAX);
        self.chars.copy_within(at..end - 1, at + 1);
        self.chars[at] = 0;
        self.len = end as u8;
        self.cursor = at as u8;
    }

    /// Whether what is typed checks as a code of this version.
    pub fn checks(&self) -> bool {
        chek_engine::code::check::checks(self.chars.get(..self.len as usize).unwrap_or(&[]))
    }

    /// The entry as the settings keep it: its length, cursor and characters.
    pub fn to_bytes(&self) -> arrayvec::ArrayVec<u8, { Self::MAX + 2 }> {
        let mut bytes = arrayvec::ArrayVec::new();
        bytes.push(self.len);
        bytes.push(self.cursor);
        let _ = bytes.try_extend_from_slice(self.chars.get(..self.len as usize).unwrap_or(&[]));
        bytes
    }

    /// An entry the settings kept; `None` for bytes that are not one.
    pub fn from_bytes(bytes: &[u8]) -> Option<CodeEntry> {
        let (&len, rest) = bytes.split_first()?;
        let (&cursor, chars) = rest.split_first()?;
        if len == 0 || len as usize > Self::MAX || chars.len() != len as usize || cursor >= len {
            return None;
        }
        if chars.iter().any(|&c| c >= 32) {
            return None;
        }
        let mut entry = CodeEntry::new();
        entry.chars[..chars.len()].copy_from_slice(chars);
        entry.len = len;
        entry.cursor = cursor;
        Some(entry)
    }
}

/// New-game screen rows.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum NewGameRow {
    /// The variant (for games with more than one).
    Variant,
    /// The setup (for games with more than one).
    Setup,
    /// Who plays the n-th seat at the table.
    Seat(u8),
    /// Who starts (for games where the players choose).
    First,
    /// Start the game.
    Start,
    /// Whether take-backs and hints are allowed (under the start, when a person plays
    /// a CPU).
    Strict,
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
    /// "Take back South's turn?" (with people only; against the CPU it needs no asking).
    ConfirmTakeBack,
    /// Final scores, and the choices after them.
    GameOver {
        /// The highlighted choice.
        item: OverItem,
    },
}

impl Overlay {
    /// The game-over sheet as it opens: its first choice highlighted.
    pub const GAME_OVER: Overlay = Overlay::GameOver { item: OverItem::NewGame };
}

impl Screen {
    /// Whether `self` shows the same screen or sheet as `other`, whichever of its
    /// choices each highlights: moving along a sheet's choices is no new screen.
    pub(crate) fn same_sheet(self, other: Screen) -> bool {
        use core::mem::discriminant;
        match (self, other) {
            (Screen::Play { overlay: a }, Screen::Play { overlay: b }) => discriminant(&a) == discriminant(&b),
            _ => discriminant(&self) == discriminant(&other),
        }
    }
}

/// The game-over sheet's choices.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum OverItem {
    /// The new-game screen.
    #[default]
    NewGame,
    /// The same game again, the players moved on a seat.
    Rematch,
    /// A rematch with every CPU a level harder.
    Harder,
    /// A rematch with every CPU a level easier.
    Easier,
    /// Step back through the game.
    Review,
}

impl OverItem {
    /// The choices in order.
    pub const ALL: [OverItem; 5] =
        [OverItem::NewGame, OverItem::Rematch, OverItem::Harder, OverItem::Easier, OverItem::Review];

    /// The words on the sheet.
    pub const fn label(self) -> &'static str {
        match self {
            OverItem::NewGame => "New game",
            OverItem::Rematch => "Rematch",
            OverItem::Harder => "Rematch: harder",
            OverItem::Easier => "Rematch: easier",
            OverItem::Review => "Review",
        }
    }
}

/// Pause sheet items.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum PauseItem {
    /// Back to the board.
    Resume,
    /// A hint: the first marks the piece the Hard CPU would play, the next its whole
    /// move (not in a strict game).
    Hint,
    /// Take back a move (shown when there is one to take back).
    TakeBack,
    /// The rules.
    Rules,
    /// Show the share code.
    Share,
    /// The records of finished games.
    Records,
    /// End the game by agreement, after a confirmation.
    EndGame,
    /// Back to the title (the game stays to continue).
    Title,
    /// Turn the sound on or off.
    Sound,
}

impl PauseItem {
    /// The items in order.
    pub const ALL: [PauseItem; 9] = [
        PauseItem::Resume,
        PauseItem::Hint,
        PauseItem::TakeBack,
        PauseItem::Rules,
        PauseItem::Share,
        PauseItem::Records,
        PauseItem::EndGame,
        PauseItem::Title,
        PauseItem::Sound,
    ];

    /// The label.
    pub const fn label(self) -> &'static str {
        match self {
            PauseItem::Resume => "Resume",
            PauseItem::TakeBack => "Take back",
            PauseItem::Hint => "Hint",
            PauseItem::Rules => "Rules",
            PauseItem::Share => "Share code",
            PauseItem::Records => "Records",
            PauseItem::EndGame => "End game",
            PauseItem::Title => "Title screen",
            PauseItem::Sound => "Sound",
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

/// The game's items in the Playdate's system menu (at most three).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum MenuCommand {
    /// Open the pause sheet (the game menu) over the board: the way there for a player
    /// who keeps the crank docked.
    GameMenu,
    /// Take back a move (with people only, after a confirmation).
    TakeBack,
    /// A hint (as the pause sheet's).
    Hint,
    /// Go to the new-game screen.
    NewGame,
    /// Read the rules.
    Rules,
}

impl MenuCommand {
    /// The items with a game on the board, in menu order (the system menu holds
    /// three).
    pub const ALL: [MenuCommand; 3] = [MenuCommand::GameMenu, MenuCommand::Hint, MenuCommand::TakeBack];
    /// The items with a strict game on the board: no hint, no take-back.
    pub const STRICT: [MenuCommand; 2] = [MenuCommand::GameMenu, MenuCommand::NewGame];

    /// The item's title (a static string: the system keeps the pointer), named so it
    /// clearly belongs to the game.
    pub const fn title(self) -> &'static str {
        match self {
            MenuCommand::GameMenu => "game menu",
            MenuCommand::TakeBack => "take back",
            MenuCommand::Hint => "hint",
            MenuCommand::NewGame => "new game",
            MenuCommand::Rules => "game rules",
        }
    }

    /// The title as a static C string, for the system menu (which keeps the pointer).
    pub const fn c_title(self) -> &'static core::ffi::CStr {
        match self {
            MenuCommand::GameMenu => c"game menu",
            MenuCommand::TakeBack => c"take back",
            MenuCommand::Hint => c"hint",
            MenuCommand::NewGame => c"new game",
            MenuCommand::Rules => c"game rules",
        }
    }
}

/// A file a screen's handler changed. [`crate::App::update`] turns it into a pending
/// write, and [`crate::App::flush`] writes it: the only way a file leaves the App.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub(crate) enum Effect {
    /// The game in progress (removed once it is over).
    Save,
    /// The settings (a setting changed).
    SaveSettings,
}
