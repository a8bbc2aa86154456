//! The App with a toy game of its own: what the App offers games that Chek does not use
//! (a declined agreement, codes of two blocks and longer), through the real screens.

mod common;

use chek_engine::code::{self, CodeChars, CodeError};
use chek_engine::{Seat, Seats};
use chek_ui::save::{SaveError, Saved};
use chek_ui::{
    Art, Buttons, Catalog, Choice, CodeEntry, Command, Ending, Frame, GameInfo, Input, Options, Overlay, Play,
    RulePage, Screen, SeatKind, SetupInfo, View,
};
use embedded_graphics::pixelcolor::BinaryColor;
use embedded_graphics::prelude::Point;

/// A game whose position is a number of `digits` base-32 digits; it declines the first
/// offer to end by agreement.
#[derive(Clone, Debug)]
struct Toy {
    digits: Vec<u8>,
    offers: u32,
    over: bool,
}

fn nothing(_: &mut Frame, _: Seat, _: Point, _: u32, _: BinaryColor, _: BinaryColor) {}
fn no_preview(_: &mut Frame, _: usize, _: usize, _: Point) {}
fn no_strip(_: &mut Frame, _: i32) {}
fn no_rules(_: usize) -> &'static [RulePage] {
    &[]
}

static INFO: GameInfo = GameInfo {
    id: "toy",
    name: "Toy",
    tagline: "a test",
    credit: "",
    order: 0,
    save_id: 9,
    variants: &[Choice { id: "standard", label: "Toy" }],
    setups: &[SetupInfo { choice: Choice { id: "one", label: "one" }, seats: Seats::TWO, detail: "" }],
    seat_names: ["One", "Two", "", ""],
    choose_first: false,
    levels: ["", "", "", ""],
    figures: &[],
    art: Art { seat: nothing, preview: no_preview, strip: no_strip, rules: no_rules },
    // No lesson: the title offers none.
    lesson: &[],
};

/// The first character of a toy code.
const SYMBOL: u8 = 31;

/// No history: the toy has none to take back.
impl chek_ui::session::SessionInfo for Toy {
    fn kinds(&self) -> chek_ui::Kinds {
        SeatKind::PEOPLE
    }
    fn seed(&self) -> u64 {
        0
    }
    fn turns(&self) -> u32 {
        0
    }
    fn took_back(&self) -> bool {
        false
    }
    fn assisted(&self) -> bool {
        false
    }
    fn kept(&self) -> (usize, u32) {
        (0, 0)
    }
    fn decision(&self, _: usize) -> Option<(chek_engine::Seat, String)> {
        None
    }
    fn last_decision(&self) -> (u32, Option<String>) {
        (0, None)
    }
}

impl Play for Toy {
    fn info(&self) -> &'static GameInfo {
        &INFO
    }
    fn variant(&self) -> usize {
        0
    }
    fn setup(&self) -> usize {
        0
    }
    fn session(&self) -> &dyn chek_ui::session::SessionInfo {
        self
    }
    fn update(&mut self, _: &Command, _: u32) -> chek_ui::sound::Cues {
        chek_ui::sound::Cues::new()
    }
    fn draw(&self, _: &mut Frame, _: &View) {}
    fn busy(&self, _: u32) -> bool {
        false
    }
    fn cpu_to_act(&self) -> bool {
        false
    }
    fn aiming(&self) -> bool {
        false
    }
    fn is_over(&self) -> bool {
        self.over
    }
    fn end_by_agreement(&mut self) -> Result<(), String> {
        self.offers += 1;
        if self.offers == 1 {
            return Err("Two declines: it is ahead".into());
        }
        self.over = true;
        Ok(())
    }
    fn ending(&self) -> Ending {
        Ending { reason: "agreed".into(), verdict: "Draw".into() }
    }
    fn end_words(&self) -> (&'static str, &'static str) {
        ("Offer draw", "Offer a draw?")
    }
    fn end_terms(&self) -> [&'static str; 2] {
        ["", ""]
    }
    fn draw_scores(&self, _: &mut Frame, _: Point) {}
    fn turn(&self) -> (Seat, String) {
        (Seat::FIRST, "One's turn".into())
    }
    fn save(&self) -> Saved {
        Saved { game: 9, bytes: self.digits.clone(), ..Saved::default() }
    }
    fn score_line(&self) -> String {
        String::new()
    }
    fn take_back_seat(&self) -> Option<Seat> {
        None
    }
    fn take_back(&mut self) -> bool {
        false
    }
    fn payoffs(&self) -> Option<chek_engine::Payoffs> {
        None
    }
    fn figures(&self) -> chek_ui::records::Figures {
        Default::default()
    }
    fn share_code(&self) -> Result<CodeChars, CodeError> {
        code::encode(SYMBOL, &self.digits)
    }
    fn cells_of(&self, _: &str) -> [Option<embedded_graphics::primitives::Rectangle>; 2] {
        [None, None]
    }
    fn think_hint(&mut self, _: Option<chek_ui::Clock>) -> Option<chek_ui::hint::HintThought> {
        None
    }
    fn mark_assisted(&mut self) {}
    fn rewind_to(&mut self, _: usize) {}
    fn value_next(&mut self) -> Option<chek_engine::PerSeat<f32>> {
        None
    }
    fn card_area(&self) -> embedded_graphics::primitives::Rectangle {
        embedded_graphics::primitives::Rectangle::zero()
    }
}

#[derive(Clone, Copy, Debug)]
struct Toys;

impl Catalog for Toys {
    type Play = Toy;
    fn games() -> &'static [&'static GameInfo] {
        static GAMES: [&GameInfo; 1] = [&INFO];
        &GAMES
    }
    fn start(_: usize, _: &Options, _: Seat, _: u64) -> Toy {
        Toy { digits: (0..40).map(|i| (i * 7 % 32) as u8).collect(), offers: 0, over: false }
    }
    fn load(saved: &Saved) -> Result<Toy, SaveError> {
        Ok(Toy { digits: saved.bytes.clone(), offers: 0, over: false })
    }
    fn from_code(text: &str, _: u64) -> Result<code::Reading<Toy>, CodeError> {
        code::read(text, |head, payload| {
            if head != SYMBOL {
                return Err(CodeError::Game(code::char_of(head)));
            }
            Ok(Toy { digits: payload.to_vec(), offers: 0, over: false })
        })
    }
    fn lesson(_: usize, _: &chek_ui::LessonStep) -> Result<Toy, String> {
        Err("the toy has no lesson".into())
    }
}

type App = chek_ui::App<Toys>;

fn press(app: &mut App, now: &mut u32, buttons: Buttons) {
    app.update(&Input::push(buttons), *now);
    *now += 33;
    app.update(&Input::idle(), *now);
    *now += 33;
}

fn started() -> (App, u32) {
    let mut app = App::new(1);
    let mut now = 0;
    app.update(&Input::idle(), now);
    press(&mut app, &mut now, Buttons::A);
    press(&mut app, &mut now, Buttons::A);
    assert_eq!(app.screen(), Screen::Play { overlay: Overlay::None });
    (app, now)
}

fn render(app: &App) -> Frame {
    let mut frame = Frame::new();
    app.draw(&mut frame);
    frame
}

#[test]
fn a_declined_agreement_shows_why_and_the_game_goes_on() {
    let (mut app, mut now) = started();
    app.update(&Input { crank_docked: true, ..Input::idle() }, now);
    now += 33;
    // Pause sheet (a hint, nothing to take back): down ×5 is the game's own words for
    // ending, "Offer draw".
    for _ in 0..5 {
        app.update(&Input { crank_docked: true, ..Input::push(Buttons::DOWN) }, now);
        now += 33;
    }
    app.update(&Input { crank_docked: true, ..Input::push(Buttons::A) }, now);
    now += 33;
    assert_eq!(app.screen(), Screen::Play { overlay: Overlay::ConfirmEnd });
    app.update(&Input { crank_docked: true, ..Input::push(Buttons::A) }, now);
    assert_eq!(app.screen(), Screen::Play { overlay: Overlay::None }, "declined: back to the board");
    assert_eq!(app.board_notice(), Some("Two declines: it is ahead"));
    let frame = render(&app);
    assert!((0..400).filter(|&x| frame.is_black(x, 101)).count() > 390, "the notice's bar over the board");
    app.update(&Input { crank_docked: true, ..Input::idle() }, now + chek_ui::NOTICE_MS + 100);
    assert_eq!(app.board_notice(), None, "it goes after a moment");
    // Asked again, the toy agrees.
    app.menu(chek_ui::MenuCommand::GameMenu);
    for _ in 0..5 {
        app.update(&Input { crank_docked: true, ..Input::push(Buttons::DOWN) }, now);
        now += 33;
    }
    app.update(&Input { crank_docked: true, ..Input::push(Buttons::A) }, now + 4_000);
    app.update(&Input { crank_docked: true, ..Input::push(Buttons::A) }, now + 5_000);
    assert_eq!(app.screen(), Screen::Play { overlay: Overlay::GAME_OVER });
}

#[test]
fn a_code_of_two_blocks_is_entered_with_the_crank() {
    let (app, _) = started();
    let code = app.play().unwrap().share_code().unwrap();
    assert!(code.len() > CodeEntry::LINE && code.len() <= CodeEntry::MAX, "{}", code.len());
    let mut app = App::new(2);
    let mut now = 0;
    app.update(&Input::idle(), now);
    press(&mut app, &mut now, Buttons::DOWN);
    press(&mut app, &mut now, Buttons::A);
    for (i, c) in code.chars().enumerate() {
        if i > 0 {
            press(&mut app, &mut now, Buttons::RIGHT);
        }
        let k = CodeEntry::ALPHABET.iter().position(|&a| char::from(a) == c).unwrap();
        // The dial: a detent a character, one turn for all 32.
        app.update(&Input { crank_change: 11.25 * k as f32, ..Input::idle() }, now);
        now += 33;
    }
    let Screen::EnterCode { entry } = app.screen() else { panic!("entering") };
    assert_eq!(entry.text().as_str(), code.as_str());
    let frame = render(&app);
    assert!((20..380).any(|x| frame.is_black(x, 135)), "the second block's line is drawn");
    press(&mut app, &mut now, Buttons::A);
    assert_eq!(app.screen(), Screen::Play { overlay: Overlay::None });
    assert_eq!(app.play().unwrap().share_code().unwrap(), code);
}

#[test]
fn a_code_too_long_to_type_is_shared_by_its_qr_code() {
    let (mut app, mut now) = started();
    // A long position: 80 digits, longer than the entry screen takes.
    if let Some(play) = app.play() {
        let mut long = play.clone();
        long.digits = (0..80).map(|i| (i * 11 % 32) as u8).collect();
        let code = long.share_code().unwrap();
        assert!(code.len() > CodeEntry::MAX);
        let saved = Saved { game: 9, bytes: long.digits.clone(), ..Saved::default() };
        let mut files = chek_ui::store::MemoryStorage::new();
        files.files.insert("save-toy.bin".into(), saved.to_bytes());
        app = App::launch(3, &mut files);
        app.update(&Input::idle(), now);
        press(&mut app, &mut now, Buttons::A);
        app.update(&Input { crank_docked: true, ..Input::idle() }, now);
        now += 33;
        for b in [Buttons::DOWN, Buttons::DOWN, Buttons::DOWN, Buttons::A] {
            app.update(&Input { crank_docked: true, ..Input::push(b) }, now);
            now += 33;
        }
        assert_eq!(app.screen(), Screen::Play { overlay: Overlay::Share });
        let text = common::read_qr(&render(&app)).expect("a QR code on the screen");
        assert_eq!(text, code::grouped(&code).as_str());
        assert_eq!(Toys::from_code(&text, 0).unwrap().value.digits, long.digits);
    }
}

#[test]
fn a_game_without_a_lesson_offers_none_on_the_title() {
    let app = App::new(1);
    assert!(!app.title_items().contains(&chek_ui::TitleItem::Learn));
    assert!(app.lesson_steps().is_empty());
}
