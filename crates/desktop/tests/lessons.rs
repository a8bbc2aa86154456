//! The lesson screen with Chek's lesson: a wrong decision gets the step's hint and the
//! step again, B skips, docking the crank starts a step over, left leaves, and the
//! lesson opens where the player stopped, also after a relaunch.

mod common;

use chek_cartridge::App;
use chek_desktop::driver::Driver;
use chek_rules::{Action, Square};
use chek_ui::store::MemoryStorage;
use chek_ui::{Buttons, Phase, Play, Screen, TitleItem};
use common::Aim;

fn learn(step: u8, phase: Phase) -> Screen {
    Screen::Learn { step, phase }
}

fn square(name: &str) -> Square {
    name.parse().unwrap()
}

/// From the title (on New game) down to *Learn to play* and A.
fn open(driver: &mut Driver) {
    driver.press(Buttons::DOWN);
    assert_eq!(driver.app.screen(), Screen::Title { item: TitleItem::Learn });
    driver.press(Buttons::A);
}

#[test]
fn a_wrong_move_gets_the_hint_and_the_step_again() {
    let mut driver = Driver::new(App::new(1));
    open(&mut driver);
    assert_eq!(driver.app.screen(), learn(0, Phase::Read));
    driver.press(Buttons::A);
    let step = driver.app.lesson_steps()[0];
    // The step asks for d2-d3; e2-e3 is legal but not it.
    common::act(&mut driver, Action::Move { from: square("e2"), to: square("e3") }, Aim::Buttons);
    assert_eq!(driver.app.screen(), learn(0, Phase::Wrong));
    let play = driver.app.lesson().expect("the step's game");
    assert_eq!(play.state_text(), step.position, "the wrong move is undone");
    assert_eq!(play.session().last_decision().0, 0);
    assert!(driver.cues.iter().any(|&(_, c)| c == chek_ui::sound::Cue::Deny), "a wrong move sounds");
    // A tries again; the move asked for is done.
    driver.press(Buttons::A);
    assert_eq!(driver.app.screen(), learn(0, Phase::Try));
    common::act(&mut driver, Action::Move { from: square("d2"), to: square("d3") }, Aim::Crank);
    assert_eq!(driver.app.screen(), learn(0, Phase::Done));
    driver.press(Buttons::A);
    assert_eq!(driver.app.screen(), learn(1, Phase::Read));
}

#[test]
fn b_skips_docking_starts_over_left_leaves_and_the_lesson_opens_where_it_stopped() {
    let mut driver = Driver::launch(1, MemoryStorage::new());
    open(&mut driver);
    driver.press(Buttons::B);
    assert_eq!(driver.app.screen(), learn(1, Phase::Read), "B skips a step");
    driver.press(Buttons::B);
    assert_eq!(driver.app.screen(), learn(2, Phase::Read));
    // Trying, a piece picked up: docking the crank starts the step over.
    driver.press(Buttons::A);
    driver.press(Buttons::A);
    assert!(driver.app.lesson().unwrap().aiming());
    driver.dock();
    assert_eq!(driver.app.screen(), learn(2, Phase::Read));
    assert!(!driver.app.lesson().unwrap().aiming());
    driver.undock();
    driver.press(Buttons::LEFT);
    assert_eq!(driver.app.screen(), Screen::Title { item: TitleItem::Learn }, "left leaves");
    assert!(driver.app.lesson().is_none());
    assert_eq!(driver.app.lesson_resume(), 2);
    driver.relaunch(2);
    assert_eq!(driver.app.lesson_resume(), 2, "the settings keep the step");
    open(&mut driver);
    assert_eq!(driver.app.screen(), learn(2, Phase::Read), "the lesson opens where it stopped");
    // The game in progress is untouched: a lesson is never saved.
    assert!(driver.app.play().is_none());
    assert!(driver.files.as_ref().unwrap().files.keys().all(|name| !name.starts_with("save")));
}

#[test]
fn the_last_rules_page_opens_the_lesson() {
    let mut driver = Driver::new(App::new(1));
    for _ in 0..3 {
        driver.press(Buttons::DOWN);
    }
    assert_eq!(driver.app.screen(), Screen::Title { item: TitleItem::Rules });
    driver.press(Buttons::A);
    for _ in 0..20 {
        if matches!(driver.app.screen(), Screen::Learn { .. }) {
            break;
        }
        driver.press(Buttons::A);
    }
    assert_eq!(driver.app.screen(), learn(0, Phase::Read));
}

/// Every game's lesson: each step's position reads, each decision it asks for is legal
/// there, and the scripted dice reach each `after` (what `chek lesson` checks).
#[test]
fn every_step_of_every_lesson_is_legal() {
    for id in chek_cartridge::IDS {
        let lines = chek_desktop::tools::with(id, chek_desktop::tools::LessonCheck).unwrap().unwrap();
        assert!(lines.len() >= 4, "{id}: a lesson of several steps");
        println!("{}", lines.join("\n"));
    }
}

/// Chek's third step shows a tie, and the defender winning it (C6).
#[test]
fn the_ties_step_rolls_a_tie() {
    let mut driver = Driver::new(App::new(1));
    open(&mut driver);
    driver.press(Buttons::B);
    driver.press(Buttons::B);
    assert_eq!(driver.app.screen(), learn(2, Phase::Read));
    driver.press(Buttons::A);
    let attack =
        common::session(&driver.app).position().legal_actions().iter().copied().find(|a| a.is_attack()).unwrap();
    common::act(&mut driver, attack, Aim::Buttons);
    driver.wait(1500);
    assert_eq!(driver.app.screen(), learn(2, Phase::Done));
    let (_, roll, outcome) = common::session(&driver.app).line().last_conflict.unwrap().conflict.unwrap();
    assert_eq!(roll.attacker, roll.defender, "a tie");
    assert_eq!(outcome, chek_rules::Outcome::DefenderWins);
}

/// A lesson's card waiting for the player draws only when its marks change their
/// breath (every 400 ms), and never with reduce flashing: idle frames stay idle.
#[test]
fn a_waiting_lesson_redraws_only_as_its_marks_breathe() {
    let mut driver = Driver::new(App::new(1));
    open(&mut driver);
    driver.idle();
    let mut drawn = 0;
    for _ in 0..36 {
        driver.idle();
        drawn += driver.app.needs_draw() as u32;
    }
    // 36 frames of 33 ms: about 1.2 s, three changes of breath.
    assert!((2..=4).contains(&drawn), "{drawn} of 36 idle frames drawn");
    driver.reduce_flashing = true;
    driver.idle();
    driver.idle();
    let still = (0..36).filter(|_| {
        driver.idle();
        driver.app.needs_draw()
    });
    assert_eq!(still.count(), 0, "with reduce flashing the marks are still");
}
