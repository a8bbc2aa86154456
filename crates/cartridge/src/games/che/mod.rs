//! Che, the cartridge's tile game: two-colour Truchet tiles laid two a move until one
//! closes a region. The rules (`rules`, H1–H10), its CPU, its screen, pictures, rules
//! pages and save bytes.

pub mod art;
pub mod cpu;
pub mod lesson;
pub mod pages;
pub mod play;
pub mod record;
pub mod rules;
pub mod save;


use chek_engine::Seat;
use chek_ui::records::Figure;
use chek_ui::{Art, Choice, GameInfo, SetupInfo};

use self::play::CheBoard;
use self::rules::{Side, State};
use crate::duel::DuelGame;

/// Che's description.
pub static INFO: GameInfo = GameInfo {
    id: "che",
    name: "Che",
    tagline: "lay two-colour tiles, two a move: close a region of your colour",
    credit: "design: Cameron Browne",
    order: 3,
    save_id: 3,
    variants: &[Choice { id: "standard", label: "Che" }],
    setups: &[SetupInfo::two_seats("64 shared tiles")],
    seat_names: ["White", "Blue", "", ""],
    choose_first: false,
    levels: ["its own tile; Normal beat it 31 of 40", "its whole move; won 31 of 40 vs Easy", "deep among the best; won 40/40 vs Normal", "Hard x5 time; won 16 of 16 vs Hard"],
    figures: &[Figure::Best("largest region")],
    art: Art { seat: art::seat_colour, preview: art::preview, strip: art::strip, rules: pages::pages },
    lesson: &lesson::STEPS,
};

/// Che on the cartridge.
#[derive(Debug)]
pub struct Def;

impl DuelGame for Def {
    type Board = CheBoard;

    /// The largest region of the seat's colour, in bands, less the other's (H8).
    fn margin(state: &State, seat: Seat) -> i32 {
        let side = Side::of_seat(seat).unwrap_or(Side::White);
        state.tiling().largest(side) as i32 - state.tiling().largest(side.other()) as i32
    }

    fn ending(state: &State) -> &'static str {
        match state.end() {
            Some(rules::End::Closed { both: true, .. }) => "closed both",
            Some(rules::End::Closed { .. }) => "closed",
            Some(rules::End::Resigned { .. }) => "resigned",
            Some(rules::End::Largest { stuck: true, .. }) => "no placement",
            Some(rules::End::Largest { .. }) => "tiles ran out",
            None => "",
        }
    }
}
