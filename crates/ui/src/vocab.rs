//! The App's vocabulary: the plain types the screens, the games and the saves all
//! speak of (who plays a seat, a lesson's step and phase, a figure of the records,
//! the clock, what drawing may depend on, how a game ended, a control's key). A leaf:
//! it imports no other module of the App, so every module may use it.

use alloc::string::String;

use chek_ai::Level;
use chek_engine::PerSeat;

/// Who plays a seat.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum SeatKind {
    /// A person with the console in hand (pass and play).
    #[default]
    Human,
    /// The CPU at a level.
    Cpu(Level),
}

/// Who plays each seat.
pub type Kinds = PerSeat<SeatKind>;

impl SeatKind {
    /// Every seat played by a person.
    pub const PEOPLE: Kinds = PerSeat([SeatKind::Human; 4]);

    /// The kinds the new-game screen cycles through.
    pub const ALL: [SeatKind; 5] = [
        SeatKind::Human,
        SeatKind::Cpu(Level::Easy),
        SeatKind::Cpu(Level::Normal),
        SeatKind::Cpu(Level::Hard),
        SeatKind::Cpu(Level::Master),
    ];

    /// The name shown on screen.
    pub const fn label(self) -> &'static str {
        match self {
            SeatKind::Human => "Human",
            SeatKind::Cpu(Level::Easy) => "CPU easy",
            SeatKind::Cpu(Level::Normal) => "CPU normal",
            SeatKind::Cpu(Level::Master) => "CPU master",
            SeatKind::Cpu(_) => "CPU hard",
        }
    }

    /// The byte a save stores.
    pub const fn code(self) -> u8 {
        match self {
            SeatKind::Human => 0,
            SeatKind::Cpu(Level::Easy) => 1,
            SeatKind::Cpu(Level::Normal) => 2,
            SeatKind::Cpu(Level::Master) => 4,
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
            4 => Some(SeatKind::Cpu(Level::Master)),
            _ => None,
        }
    }

    /// The CPU's level, if the CPU plays this seat.
    pub const fn level(self) -> Option<Level> {
        match self {
            SeatKind::Human => None,
            SeatKind::Cpu(level) => Some(level),
        }
    }

    /// Whether the CPU plays this seat.
    pub const fn is_cpu(self) -> bool {
        matches!(self, SeatKind::Cpu(_))
    }
}

/// The most figures a game keeps.
pub const MAX_FIGURES: usize = 2;

/// Each seat's figures for the records.
pub type Figures = PerSeat<[u16; MAX_FIGURES]>;

/// A figure a game keeps in its records, and how games add to it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Figure {
    /// The best of any game ("longest chain").
    Best(&'static str),
    /// The sum over games ("kings made").
    Total(&'static str),
}

impl Figure {
    /// Its label.
    pub const fn label(self) -> &'static str {
        match self {
            Figure::Best(label) | Figure::Total(label) => label,
        }
    }

    /// The figure after a game gave `value`.
    pub const fn add(self, kept: u16, value: u16) -> u16 {
        match self {
            Figure::Best(_) if value > kept => value,
            Figure::Best(_) => kept,
            Figure::Total(_) => kept.saturating_add(value),
        }
    }
}

/// One step of a lesson.
#[derive(Clone, Copy, Debug)]
pub struct LessonStep {
    /// A word or two: "Attack".
    pub title: &'static str,
    /// The position, in the game's notation (every seat a person).
    pub position: &'static str,
    /// What to do, in a sentence or two.
    pub say: &'static str,
    /// The decisions that do it, as the game writes them ([`Play::last_decision`]);
    /// the first is the one marked on the board.
    pub expect: &'static [&'static str],
    /// What to try instead, after any other decision.
    pub hint: &'static str,
    /// What happened and why, once it is done.
    pub then: &'static str,
    /// For a decision whose result chance decides (Chek's dice): the position it must
    /// lead to. The lesson's dice are chosen so that it does.
    pub after: Option<&'static str>,
    /// The seed of the step's randomness, when it wants one roll in particular (a
    /// tie); otherwise the first seed whose dice reach `after` is used.
    pub seed: Option<u64>,
    /// A control the step asks for, marked in the hints while the player tries (B to
    /// end a chain, the crank to choose in a picker).
    pub key: Option<Key>,
}

/// Where the player is in a step.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Phase {
    /// The card says what to do; A: try it.
    Read,
    /// The board takes the input until a decision is taken.
    Try,
    /// Another decision was taken (and undone): the card gives a hint.
    Wrong,
    /// The decision asked for was taken: the card says what happened.
    Done,
}

impl Phase {
    /// Whether the board marks what the step asks for (until it is done).
    pub const fn marks(self) -> bool {
        matches!(self, Phase::Read | Phase::Try | Phase::Wrong)
    }
}

/// The platform's clock in milliseconds (the Playdate's `getCurrentTimeMilliseconds`),
/// for bounding the CPU's slices by time. Tests run without one: nodes alone bound
/// a slice there, so they stay deterministic.
pub type Clock = fn() -> u32;

/// What a game's drawing may depend on besides its own state.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct View {
    /// The time, in milliseconds.
    pub now: u32,
    /// The system's "reduce flashing" setting.
    pub reduce_flashing: bool,
    /// Whether the crank is folded away (the D-pad does its job).
    pub crank_docked: bool,
    /// Whether to draw what A, B and the crank do (not under an overlay).
    pub hints: bool,
}

/// How a game ended, for the game-over box.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Ending {
    /// Why it ended: "South is the last seat standing".
    pub reason: String,
    /// Who won: "South wins!", "Tie: South, North".
    pub verdict: String,
}

/// A control whose hint [`hint`] draws.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Key {
    /// The A button.
    A,
    /// The B button.
    B,
    /// The crank.
    Crank,
    /// The D-pad.
    Dpad,
}
