//! The play screen's interface: what the App asks of a game in progress. Each game
//! implements it for its own board, cursor, animations and CPU; the App keeps the
//! screens around it (pause, share, confirmations, game over) shared.

use alloc::string::String;

use chek_engine::code::{CodeChars, CodeError};
use chek_engine::Seat;
use embedded_graphics::prelude::Point;

use crate::controls::Command;
use crate::frame::Frame;
use crate::info::GameInfo;
use crate::save::Saved;
use crate::vocab::Figures;
pub use crate::vocab::{Clock, Ending, View};

/// Nodes of search per frame: well under the Playdate's frame budget (see the README's
/// benchmark).
pub const CPU_SLICE_NODES: u32 = 850;
/// A frame's thinking also stops once this many milliseconds have passed on the
/// platform's clock (a slow position must not stall the frame).
pub const CPU_SLICE_MS: u32 = 15;
/// The nodes searched between looks at the clock.
const CPU_CLOCK_EVERY: u32 = 64;

/// Slices a frame of Master's thinking may hold (see [`think_frame`]).
pub const MASTER_SLICES: u32 = 4;
/// Another slice starts in the same frame only this many milliseconds into it.
const CPU_MORE_SLICES_MS: u32 = 10;

/// One frame of the CPU's thinking at `level`, `nodes` a slice: one slice, or for
/// Master (five times Hard's search in about five seconds) up to [`MASTER_SLICES`]
/// while the frame's clock allows. Each slice stays within its own budget; a frame
/// without a clock (tests) runs them all, so it stays deterministic. Returns the
/// decision once made.
pub fn think_frame<G: chek_engine::Game, E: chek_ai::Evaluator<G>>(
    thinker: &mut chek_ai::Thinker<G, E>,
    clock: Option<Clock>,
    nodes: u32,
    level: chek_ai::Level,
) -> Option<G::Action> {
    let slices = if level == chek_ai::Level::Master { MASTER_SLICES } else { 1 };
    let start = clock.map(|clock| clock());
    for _ in 0..slices {
        if let Some(action) = think_slice_of(thinker, clock, nodes) {
            return Some(action);
        }
        if let (Some(clock), Some(start)) = (clock, start) {
            if clock().wrapping_sub(start) >= CPU_MORE_SLICES_MS {
                break;
            }
        }
    }
    None
}

/// One slice of the CPU's thinking: up to `nodes` nodes (a game whose nodes cost more
/// searches fewer of them), and no longer than [`CPU_SLICE_MS`] by `clock` when there
/// is one. Returns the decision once made.
///
/// Never inlined: the device runner (`chek-device think`) counts each slice's
/// instructions from this function's entry to its return.
#[inline(never)]
pub fn think_slice_of<G: chek_engine::Game, E: chek_ai::Evaluator<G>>(
    thinker: &mut chek_ai::Thinker<G, E>,
    clock: Option<Clock>,
    nodes: u32,
) -> Option<G::Action> {
    match clock {
        Some(clock) => {
            let start = clock();
            thinker.step_within(nodes, CPU_CLOCK_EVERY, || clock().wrapping_sub(start) >= CPU_SLICE_MS)
        }
        None => thinker.step(nodes),
    }
}
/// The CPU shows "thinking" at least this long.
pub const CPU_THINK_MS: u32 = 350;
/// The CPU's hand moves one cell this often.
pub const CPU_HAND_STEP_MS: u32 = 90;
/// The CPU's selection rests on its target this long before it acts.
pub const CPU_AIM_MS: u32 = 500;

/// A game in progress, as the App drives and draws it.
pub trait Play {
    /// The game's description.
    fn info(&self) -> &'static GameInfo;

    /// The variant, an index into [`GameInfo::variants`].
    fn variant(&self) -> usize;

    /// The setup it started from, an index into [`GameInfo::setups`].
    fn setup(&self) -> usize;

    /// The session: who plays, the seed, the turns and decisions so far.
    fn session(&self) -> &dyn crate::session::SessionInfo;

    /// One frame of input on the board (no overlay shown). Returns the frame's sound
    /// cues, decided from what it changed.
    fn update(&mut self, command: &Command, now: u32) -> crate::sound::Cues;

    /// Draws the board and the side panel.
    fn draw(&self, f: &mut Frame, view: &View);

    /// Whether something is being shown that input can only skip (a roll, a capture).
    fn busy(&self, now: u32) -> bool;

    /// Whether the CPU is to act (it thinks and plays on the clock).
    fn cpu_to_act(&self) -> bool;

    /// Whether a piece is held and the crank would choose its target.
    fn aiming(&self) -> bool;

    /// Whether the game is over.
    fn is_over(&self) -> bool;

    /// The player asks to end the game by agreement (after the confirmation). A CPU
    /// seat may decline: the game goes on, and the reason is shown for a moment.
    ///
    /// # Errors
    /// Why the agreement was refused, in one line.
    fn end_by_agreement(&mut self) -> Result<(), String>;

    /// How the game ended (once it has).
    fn ending(&self) -> Ending;

    /// The pause sheet's item and the confirmation's title for ending by agreement:
    /// ("End game", "End the game now?"), or a draw offer's words.
    fn end_words(&self) -> (&'static str, &'static str) {
        ("End game", "End the game now?")
    }

    /// Two lines for the confirmation: how it would be scored.
    fn end_terms(&self) -> [&'static str; 2];

    /// Draws the score sheet (pause, game over, the system menu's image), at most
    /// 175×60 pixels, top-left at `at`.
    fn draw_scores(&self, f: &mut Frame, at: Point);

    /// Whose turn it is: the seat, and a line such as "South's turn".
    fn turn(&self) -> (Seat, String);

    /// The seat to act (as [`Play::turn`], without making its line): the App saves
    /// when it changes, so a crash loses at most the turn in progress.
    fn to_act(&self) -> Seat {
        self.turn().0
    }

    /// The game's save: the game, its variant, seats and seed, the game's own bytes of
    /// the position now, and its journal (the App adds the summary line).
    fn save(&self) -> Saved;

    /// The score as a short line for the title: "South 7-5 North".
    fn score_line(&self) -> String;

    /// Where a take-back would go now: the seat whose decision it takes back first, or
    /// `None` when there is nothing to take back (or something is being shown).
    fn take_back_seat(&self) -> Option<Seat>;

    /// Takes back: against the CPU, to the person's last decision (the CPU's reply goes
    /// too); with people only, the last turn. The game's own randomness rewinds with
    /// it. Returns whether anything was taken back.
    fn take_back(&mut self) -> bool;

    /// The result, once the game is over.
    fn payoffs(&self) -> Option<chek_engine::Payoffs>;

    /// This game's figures for the records, per seat, in the order of
    /// [`GameInfo::figures`].
    fn figures(&self) -> Figures;

    /// The share code of the position.
    ///
    /// # Errors
    /// Why there is none now (in the middle of a turn, say).
    fn share_code(&self) -> Result<CodeChars, CodeError>;

    /// The screen cells of `decision` if it is legal now: where it starts (the piece)
    /// and where it goes (its target), for a lesson to mark.
    fn cells_of(&self, decision: &str) -> [Option<embedded_graphics::primitives::Rectangle>; 2];

    /// One frame of a hint for the seat to act: the decision the Hard CPU would take,
    /// thought a slice a frame (`clock` bounds a slice as the CPU's own). `None` when
    /// no hint can be had now: a CPU is to act, something is being shown, the game is
    /// over.
    fn think_hint(&mut self, clock: Option<crate::vocab::Clock>) -> Option<crate::hint::HintThought>;

    /// Marks the game as assisted: a hint was shown (its save and record say so).
    fn mark_assisted(&mut self);

    /// Goes back to the first `n` kept decisions ([`crate::session::SessionInfo::kept`]),
    /// exactly as the game was then, for a review (on a copy: it counts as a take-back).
    fn rewind_to(&mut self, n: usize);

    /// A review's graph, a position a call: each seat's chance of winning at the kept
    /// start the first time, then after each kept decision in turn, as Hard's
    /// evaluation sees it (the result, once the game is over); `None` past the last.
    /// One decision is replayed a call, so the graph costs a replay of the game.
    fn value_next(&mut self) -> Option<chek_engine::PerSeat<f32>>;

    /// The part of the panel beside the board that a lesson's card may cover while
    /// the player tries a step (what the panel needs least then); the panel starts
    /// at its left edge.
    fn card_area(&self) -> embedded_graphics::primitives::Rectangle;
}
