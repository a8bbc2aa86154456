//! The screens and the overlays on the board, as plain data.

use chek_engine::code::{CodeError, ALPHABET, MAX_SYMBOLS};

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
            TitleItem::EnterCode => "Enter code",
            TitleItem::Rules => "Rules",
            TitleItem::Records => "Records",
            TitleItem::Sound => "Sound",
        }
    }
}

/// A share code being entered, a character at a time.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct CodeEntry {
    /// The characters entered (indexes into the code alphabet).
    pub chars: [u8; Self::MAX],
    /// How many characters the code has so far.
    pub len: u8,
    /// The character being turned.
    pub cursor: u8,
    /// What was wrong with the last attempt.
    pub error: Option<CodeError>,
}

impl Default for CodeEntry {
    fn default() -> CodeEntry {
        CodeEntry::new()
    }
}

impl CodeEntry {
    /// The code alphabet (Crockford base32).
    pub const ALPHABET: &'static [u8; 32] = ALPHABET;
    /// Characters in one block of a code (Chek's codes are one block).
    pub const BLOCK: usize = chek_engine::code::BLOCK;
    /// The most characters the entry screen takes: two blocks. Longer codes are shared
    /// by their QR code.
    pub const MAX: usize = 2 * Self::BLOCK;

    /// An empty entry.
    pub const fn new() -> CodeEntry {
        CodeEntry { chars: [0; Self::MAX], len: 1, cursor: 0, error: None }
    }

    /// The code entered so far.
    pub fn text(&self) -> arrayvec::ArrayString<MAX_SYMBOLS> {
        let mut text = arrayvec::ArrayString::new();
        for &c in self.chars.iter().take(self.len as usize) {
            let _ = text.try_push(char::from(Self::ALPHABET[c as usize % 32]));
        }
        text
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
    /// Final scores.
    GameOver,
}

/// Pause sheet items.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum PauseItem {
    /// Back to the board.
    Resume,
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
    pub const ALL: [PauseItem; 8] = [
        PauseItem::Resume,
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
    /// Go to the new-game screen.
    NewGame,
    /// Read the rules.
    Rules,
}

impl MenuCommand {
    /// The items with a game on the board, in menu order.
    pub const ALL: [MenuCommand; 3] = [MenuCommand::GameMenu, MenuCommand::TakeBack, MenuCommand::NewGame];

    /// The item's title (a static string: the system keeps the pointer), named so it
    /// clearly belongs to the game.
    pub const fn title(self) -> &'static str {
        match self {
            MenuCommand::GameMenu => "game menu",
            MenuCommand::TakeBack => "take back",
            MenuCommand::NewGame => "new game",
            MenuCommand::Rules => "game rules",
        }
    }

    /// The title as a static C string, for the system menu (which keeps the pointer).
    pub const fn c_title(self) -> &'static core::ffi::CStr {
        match self {
            MenuCommand::GameMenu => c"game menu",
            MenuCommand::TakeBack => c"take back",
            MenuCommand::NewGame => c"new game",
            MenuCommand::Rules => c"game rules",
        }
    }
}

/// Something the shell should do for the App.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Effect {
    /// Persist [`crate::App::save_data`] now (or remove the save when it is `None`).
    Save,
    /// Persist [`crate::App::settings`] now (a setting changed).
    SaveSettings,
}
