//! CPU seats in the App: a human (the autopilot, through inputs) against the CPU, and
//! a game of CPUs that plays itself to the end while the App keeps drawing.

mod common;

use chek_cartridge::App;
use chek_desktop::driver::Driver;
use chek_rules::{Seat, Setup, Variant};
use chek_ui::{Overlay, Screen, SeatKind};
use common::{act, decide, session, start_with, Aim};

/// New game of `setup` with `cpu_rights[i]` right-presses on seat row i (0 = Human,
/// 1 = Easy, 2 = Normal, 3 = Hard).
fn start(driver: &mut Driver, setup: Setup, cpu_rights: &[usize]) {
    start_with(driver, setup, Variant::Standard, cpu_rights);
}

#[test]
fn a_human_plays_a_hard_cpu_to_the_end() {
    let mut driver = Driver::new(App::new(21));
    start(&mut driver, Setup::Skirmish, &[0, 3]);
    let kinds = session(&driver.app).session.kinds;
    assert_eq!(kinds[Seat::North], SeatKind::Cpu(chek_ai::Level::Hard));
    let mut human_moves = 0;
    for _ in 0..3000 {
        // settle() also waits out the CPU's turns, which run on the clock.
        driver.settle();
        if driver.app.screen() == (Screen::Play { overlay: Overlay::GAME_OVER }) {
            break;
        }
        let session = session(&driver.app);
        assert!(!session.cpu_in_control(), "the CPU finishes its turn by itself");
        let position = *session.position();
        act(&mut driver, decide(&position), Aim::Crank);
        human_moves += 1;
    }
    assert_eq!(driver.app.screen(), Screen::Play { overlay: Overlay::GAME_OVER });
    let cpu_moves = session(&driver.app).plies() - human_moves;
    assert!(cpu_moves > 5, "the CPU played ({cpu_moves} decisions against {human_moves})");
}

#[test]
fn a_game_of_four_cpus_plays_itself_out_frame_by_frame() {
    let mut driver = Driver::new(App::new(5));
    start(&mut driver, Setup::FourCorners, &[1, 2, 3, 1]);
    let mut frames = 0u32;
    while driver.app.screen() != (Screen::Play { overlay: Overlay::GAME_OVER }) {
        driver.idle();
        frames += 1;
        assert!(frames < 200_000, "the game ends");
        if frames.is_multiple_of(50) {
            let _ = driver.render();
        }
    }
    let game = &session(&driver.app).record();
    assert!(game.is_over());
    println!("four CPUs: {frames} frames, {} plies, {:?}", session(&driver.app).plies(), game.end());
}

#[test]
fn a_human_plays_chek_simple_against_a_hard_cpu_to_the_end() {
    let mut driver = Driver::new(App::new(8));
    start_with(&mut driver, Setup::Skirmish, Variant::Simple, &[0, 3]);
    let mut human_moves = 0;
    for _ in 0..3000 {
        driver.settle();
        if driver.app.screen() == (Screen::Play { overlay: Overlay::GAME_OVER }) {
            break;
        }
        let position = *session(&driver.app).position();
        assert_eq!(position.variant(), Variant::Simple);
        act(&mut driver, decide(&position), Aim::Crank);
        human_moves += 1;
    }
    assert_eq!(driver.app.screen(), Screen::Play { overlay: Overlay::GAME_OVER });
    let play = session(&driver.app);
    assert!(play.plies() - human_moves > 5, "the CPU played");
    println!("Chek Simple: {:?} after {} plies", play.record().end(), play.plies());
}

/// Coming back to the console (an unlock, the system menu closing, the window given
/// focus again) while CPUs play: the game waits on the pause sheet until a press, in
/// every game. With nothing moving, coming back changes nothing.
#[test]
fn coming_back_while_the_cpus_play_waits_on_the_pause_sheet() {
    use chek_ui::{Buttons, PauseItem};
    for id in ["chek", "checkers", "chak", "che"] {
        let mut driver = Driver::new(App::new(8));
        if id == "chek" {
            start(&mut driver, Setup::Skirmish, &[3, 3]);
        } else {
            common::start_two_seat(&mut driver, id, [3, 3]);
        }
        driver.app.returned();
        assert_eq!(
            driver.app.screen(),
            Screen::Play { overlay: Overlay::Pause { item: PauseItem::Resume } },
            "{id}: paused on coming back"
        );
        let turns = driver.app.play().map(|p| chek_ui::Play::session(p).turns());
        for _ in 0..300 {
            driver.idle();
        }
        assert_eq!(
            driver.app.play().map(|p| chek_ui::Play::session(p).turns()),
            turns,
            "{id}: no CPU moved while paused"
        );
        driver.press(Buttons::A);
        assert_eq!(driver.app.screen(), Screen::Play { overlay: Overlay::None }, "{id}: A resumes");
        let mut frames = 0;
        while driver.app.play().map(|p| chek_ui::Play::session(p).turns()) == turns {
            driver.idle();
            frames += 1;
            assert!(frames < 3000, "{id}: the CPUs play on");
        }
    }
    // A person to move, nothing animating: coming back leaves the board as it is.
    let mut driver = Driver::new(App::new(8));
    common::start_two_seat(&mut driver, "checkers", [0, 0]);
    driver.app.returned();
    assert_eq!(driver.app.screen(), Screen::Play { overlay: Overlay::None });
}

/// Plays frames until the game on the board is over.
fn play_out(driver: &mut Driver) {
    let mut frames = 0u32;
    while driver.app.screen() != (Screen::Play { overlay: Overlay::GAME_OVER }) {
        driver.idle();
        frames += 1;
        assert!(frames < 200_000, "the game ends");
    }
}

/// Game over → Rematch is two presses (down, A): the same game with the sides swapped;
/// Rematch: harder moves every CPU a level up; the choices offered follow the levels.
#[test]
fn game_over_offers_a_rematch_swapped_and_harder_or_easier() {
    use chek_ai::Level::{Easy, Hard, Normal};
    use chek_ui::{Buttons, OverItem};
    let kinds = |app: &App| {
        let kinds = app.play().map(|p| chek_ui::Play::session(p).kinds()).unwrap();
        [kinds.0[0], kinds.0[1]]
    };
    let mut driver = Driver::new(App::new(12));
    common::start_two_seat(&mut driver, "checkers", [1, 2]);
    assert_eq!(kinds(&driver.app), [SeatKind::Cpu(Easy), SeatKind::Cpu(Normal)]);
    let variant = driver.app.play().map(chek_ui::Play::variant);
    play_out(&mut driver);
    assert_eq!(driver.app.over_items().as_slice(), OverItem::ALL, "both CPUs can move a level one way");
    driver.wait(chek_ui::GUARD_MS);
    driver.press(Buttons::DOWN);
    assert_eq!(driver.app.screen(), Screen::Play { overlay: Overlay::GameOver { item: OverItem::Rematch } });
    driver.press(Buttons::A);
    assert_eq!(driver.app.screen(), Screen::Play { overlay: Overlay::None }, "a rematch starts at once");
    assert_eq!(kinds(&driver.app), [SeatKind::Cpu(Normal), SeatKind::Cpu(Easy)], "sides swapped");
    assert_eq!(driver.app.play().map(|p| chek_ui::Play::session(p).turns()), Some(0));
    assert_eq!(driver.app.play().map(chek_ui::Play::variant), variant, "the same rules");
    play_out(&mut driver);
    driver.wait(chek_ui::GUARD_MS);
    driver.press(Buttons::DOWN);
    driver.press(Buttons::DOWN);
    assert_eq!(driver.app.screen(), Screen::Play { overlay: Overlay::GameOver { item: OverItem::Harder } });
    driver.press(Buttons::A);
    assert_eq!(kinds(&driver.app), [SeatKind::Cpu(Normal), SeatKind::Cpu(Hard)], "swapped, each a level up");
    // B on the sheet still goes to the title; A on its first choice to the new-game screen.
    let mut driver = Driver::new(App::new(13));
    common::start_two_seat(&mut driver, "checkers", [0, 0]);
    common::end_game(&mut driver);
    driver.wait(chek_ui::GUARD_MS);
    driver.press(Buttons::A);
    assert_eq!(driver.app.screen(), Screen::Play { overlay: Overlay::GAME_OVER });
    assert_eq!(
        driver.app.over_items().as_slice(),
        [OverItem::NewGame, OverItem::Rematch, OverItem::Review],
        "no CPU, no harder or easier"
    );
}
