//! What a game tells the App about itself: its name, variants, setups and seats for
//! the new-game screen, its pictures and rules pages, and the options a new game
//! starts with. Plain descriptions; the [`crate::catalog::Catalog`] hands them over.

use crate::vocab::Kinds;
use chek_engine::{Seat, Seats, MAX_SEATS};
use embedded_graphics::pixelcolor::BinaryColor;
use embedded_graphics::prelude::Point;

use crate::frame::Frame;
pub use crate::vocab::SeatKind;

/// A named choice on the new-game screen.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Choice {
    /// The id for the command line and saves: `standard`, `duel`.
    pub id: &'static str,
    /// What the screen shows.
    pub label: &'static str,
}

/// A starting setup: who sits at the table.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct SetupInfo {
    /// The id and label.
    pub choice: Choice,
    /// The seats at the table.
    pub seats: Seats,
    /// A line under the preview ("6 pieces each").
    pub detail: &'static str,
}

impl SetupInfo {
    /// The one setup of a two-seat game (seats 0 and 1), `standard`, with its `detail`.
    pub const fn two_seats(detail: &'static str) -> SetupInfo {
        SetupInfo { choice: Choice { id: "standard", label: "standard" }, seats: Seats::TWO, detail }
    }
}

/// A line of a rules page.
#[derive(Clone, Copy, Debug)]
pub enum Line {
    /// Fixed text.
    Text(&'static str),
    /// Text made from the rules' own numbers (odds, counts), so it cannot drift from
    /// them.
    Made(fn() -> alloc::string::String),
    /// Lines several pages share, in order (one level: lines within are not opened).
    Lines(&'static [Line]),
}

/// One page of a game's rules: a title, lines of text, and maybe a picture.
#[derive(Clone, Copy, Debug)]
pub struct RulePage {
    /// The page's title.
    pub title: &'static str,
    /// The text, a line each (at most 9 lines of 36 characters).
    pub lines: &'static [Line],
    /// A diagram, drawn with its top-left corner at the point.
    pub picture: Option<fn(&mut Frame, Point)>,
}

/// A game's description and pictures.
#[derive(Debug)]
pub struct GameInfo {
    /// The id for the command line: `chek`.
    pub id: &'static str,
    /// The name: "Chek".
    pub name: &'static str,
    /// One line under the title.
    pub tagline: &'static str,
    /// Who designed it.
    pub credit: &'static str,
    /// Its place on the title screen (lowest first).
    pub order: u8,
    /// Its number in saves (never reused).
    pub save_id: u8,
    /// Its variants (at least one).
    pub variants: &'static [Choice],
    /// Its setups (at least one).
    pub setups: &'static [SetupInfo],
    /// Each seat's name ("South", "Light"); unused seats empty.
    pub seat_names: [&'static str; MAX_SEATS],
    /// Whether the players choose who starts (else the rules say).
    pub choose_first: bool,
    /// What each CPU level does, a short line each (easy, normal, hard), shown on the
    /// new-game screen by a CPU seat.
    pub levels: [&'static str; 4],
    /// The figures its records keep besides wins, losses and draws (at most
    /// [`crate::vocab::MAX_FIGURES`]).
    pub figures: &'static [crate::vocab::Figure],
    /// Its pictures.
    pub art: Art,
    /// Its lesson: a guided first game, a step a rule (empty: none).
    pub lesson: &'static [crate::vocab::LessonStep],
}

impl GameInfo {
    /// The title screen's big word: the name in capitals ("CHEK"; names are ASCII, and
    /// ASCII capitals need no Unicode case tables in the device binary).
    pub fn title(&self) -> alloc::string::String {
        self.name.to_ascii_uppercase()
    }
}

/// How a game draws itself outside its board.
#[derive(Clone, Copy, Debug)]
pub struct Art {
    /// A seat's piece or colour, `size` pixels across, at `centre`.
    pub seat: fn(&mut Frame, Seat, Point, u32, BinaryColor, BinaryColor),
    /// A small preview of a variant's setup, top-left at the point (at most 106×106).
    pub preview: fn(&mut Frame, usize, usize, Point),
    /// A strip of pictures under the title, centred on x = 200 at height y.
    pub strip: fn(&mut Frame, i32),
    /// The rules pages of a variant.
    pub rules: fn(usize) -> &'static [RulePage],
}

/// Who starts a new game.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum FirstSeat {
    /// This seat.
    Seat(Seat),
    /// A seat drawn at random, each as likely.
    Random,
}

/// The new-game choices for one game.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Options {
    /// The variant, an index into [`GameInfo::variants`].
    pub variant: usize,
    /// The setup, an index into [`GameInfo::setups`].
    pub setup: usize,
    /// Who plays each seat.
    pub kinds: Kinds,
    /// Who starts.
    pub first: FirstSeat,
    /// A strict game against the CPU: no take-backs, no hints.
    pub strict: bool,
}

impl Options {
    /// The first variant and setup, people at every seat, the first seat starting.
    pub fn default_for(info: &GameInfo) -> Options {
        let seats = info.setups.first().map_or(Seats::default(), |s| s.seats);
        Options {
            variant: 0,
            setup: 0,
            kinds: SeatKind::PEOPLE,
            first: FirstSeat::Seat(seats.iter().next().unwrap_or(Seat::FIRST)),
            strict: false,
        }
    }

    /// The seats at the table in the chosen setup.
    pub fn seats(&self, info: &GameInfo) -> Seats {
        info.setups.get(self.setup).map_or(Seats::default(), |s| s.seats)
    }
}

/// The name of `seat` in `info`, or "?".
pub fn seat_name(info: &GameInfo, seat: Seat) -> &'static str {
    info.seat_names.get(seat.index()).copied().filter(|n| !n.is_empty()).unwrap_or("?")
}
