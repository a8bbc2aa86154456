//! Chek, the cartridge's first game, and its designer's variants Chek Basic (V1),
//! Chek Simple (V2) and Chek Nights (V3). The rules are the `chek-rules` crate; here are its CPU, its board
//! screen, its pictures and rules pages, and its save bytes.

pub mod art;
pub mod cpu;
pub mod lesson;
pub mod pages;
pub mod play;
pub mod save;

use alloc::string::String;

use chek_ai::Thinker;
use chek_engine::code::{CodeChars, CodeError};
use chek_engine::Seats;
use chek_rules::{Action, Position, Record, Seat, Setup, State, Variant};
use chek_ui::save::{SaveError, Saved};
use chek_ui::records::Figure;
use chek_ui::{Art, Choice, GameInfo, Options, SeatKind, SetupInfo};

use self::cpu::{ChekEval, Player};
use self::play::ChekPlay;
use crate::GameDef;

const fn setup(id: &'static str, label: &'static str, seats: Seats, detail: &'static str) -> SetupInfo {
    SetupInfo { choice: Choice { id, label }, seats, detail }
}

const TWO: Seats = State::seats_of(chek_rules::Seating::Two);
const FOUR: Seats = State::seats_of(chek_rules::Seating::Four);

/// Chek's description.
pub static INFO: GameInfo = GameInfo {
    id: "chek",
    name: "Chek",
    tagline: "a board game of dice-driven conflict",
    credit: "design: LDBR",
    order: 0,
    save_id: 0,
    variants: &[
        Choice { id: "standard", label: "Chek" },
        Choice { id: "basic", label: "Chek Basic" },
        Choice { id: "simple", label: "Chek Simple" },
        Choice { id: "nights", label: "Chek Nights" },
    ],
    setups: &[
        setup("checkered", "checkered", TWO, "8 pieces each"),
        setup("duel", "duel", TWO, "12 pieces each"),
        setup("open-duel", "open-duel", TWO, "12 pieces each"),
        setup("skirmish", "skirmish", TWO, "6 pieces each"),
        setup("four-sides", "four-sides", FOUR, "6 pieces each"),
        setup("four-corners", "four-corners", FOUR, "6 pieces each"),
    ],
    seat_names: ["South", "West", "North", "East"],
    choose_first: true,
    levels: ["its own turn; Normal beat it 22 of 40", "two turns; won 22 of 40 vs Easy", "3-5 turns; won 31/40 vs Normal", "Hard x5 time; 47-34 of 100 vs Hard"],
    figures: &[Figure::Best("longest chain"), Figure::Best("best score")],
    art: Art { seat: art::seat_piece, preview: art::preview, strip: art::strip, rules: pages::pages },
    lesson: &lesson::STEPS,
};

/// Chek on the cartridge.
#[derive(Debug)]
pub struct Def;

impl GameDef for Def {
    type State = State;
    type Record = Record;
    type Eval = ChekEval;
    type Player = Player;
    type Play = ChekPlay;

    const INFO: &'static GameInfo = &INFO;

    fn start(variant: usize, setup: usize, first: chek_engine::Seat) -> Option<State> {
        let setup = Setup::ALL.get(setup)?;
        let variant = Variant::ALL.get(variant)?;
        setup.position_in(*variant, Seat::of_table(first)).map(State::from)
    }

    /// A Chek Nights game from its start gets a deal of its own from the seed (N2).
    fn record(start: State, seed: u64) -> Record {
        Record::deal_at_start(*start.position(), seed)
    }

    fn player(name: &str) -> Result<Player, String> {
        Player::parse(name)
    }

    fn think(player: Player, state: &State, seed: u64) -> Thinker<State, ChekEval> {
        cpu::think(player, state, seed)
    }

    fn slice_nodes(state: &State) -> u32 {
        cpu::slice_nodes(state.position().variant())
    }

    fn think_after(player: Player, state: &State, seed: u64, previous: Option<Action>) -> Thinker<State, ChekEval> {
        cpu::think_after(player, state, seed, previous)
    }

    fn share_code(state: &State) -> Result<CodeChars, CodeError> {
        state.position().share_code()
    }

    const CODE_HEAD: u8 = chek_rules::CODE_HEAD;

    fn from_payload(payload: &[u8]) -> Result<State, CodeError> {
        Position::from_payload(payload).map(State::from)
    }

    fn claims_legacy(symbol: u8) -> bool {
        chek_rules::CODE_SYMBOLS.contains(&symbol)
    }

    fn from_legacy_code(text: &str) -> Result<State, CodeError> {
        Position::from_legacy_code(text).map(State::from)
    }

    fn new_play(options: &Options, first: chek_engine::Seat, seed: u64) -> ChekPlay {
        let setup = Setup::ALL.get(options.setup).copied().unwrap_or(Setup::Checkered);
        let variant = Variant::ALL.get(options.variant).copied().unwrap_or_default();
        let game = Record::dealt(setup, variant, Seat::of_table(first), seed).unwrap_or_else(|| Record::new(setup.start(), seed));
        ChekPlay::new(game, setup, options.kinds, seed)
    }

    fn continue_play(state: State, seed: u64) -> ChekPlay {
        let position = *state.position();
        let setup = Setup::ALL.into_iter().find(|s| s.seating() == position.seating()).unwrap_or(Setup::Checkered);
        ChekPlay::new(Record::new(position, seed), setup, SeatKind::PEOPLE, seed)
    }

    fn state_of(play: &ChekPlay) -> State {
        State::from(*play.position())
    }

    fn load(saved: &Saved) -> Result<ChekPlay, SaveError> {
        ChekPlay::load(saved)
    }

    fn margin(state: &State, seat: chek_engine::Seat) -> i32 {
        let p = state.position();
        let own = p.score(Seat::of_table(seat)) as i32;
        let best = p.seating().seats().iter().filter(|&&s| s.at_table() != seat).map(|&s| p.score(s) as i32).max();
        own - best.unwrap_or(0)
    }

    fn step_squares(action: chek_rules::Action) -> Option<(u8, u8)> {
        match action {
            chek_rules::Action::Move { from, to } => Some((from.index(), to.index())),
            _ => None,
        }
    }

    /// A conflict's winner scores a point (C10).
    fn fight(before: &State, after: &State) -> Option<chek_engine::Seat> {
        Seat::ALL.into_iter().find(|&s| after.position().captured(s) > before.position().captured(s)).map(Seat::at_table)
    }
}
