//! Whole Che games through the App's inputs only (D-pad, crank, A and B), each tile
//! checked against a shadow rules `State` that plays the same tiles: people against
//! each other (the crank turning tiles, now and then a first tile lifted with B and
//! placed again), and against the CPU.

use chek_cartridge::games::che::play::{ChePlay, Mode};
use chek_cartridge::games::che::rules::{Cell, Tile};
use chek_cartridge::App;
use chek_desktop::driver::Driver;
use chek_engine::Notation as _;
use chek_ui::{Buttons, Play};

mod common;

use common::Aim;

fn session(app: &App) -> &ChePlay {
    common::shown_of::<chek_cartridge::games::che::Def>(app)
}

/// Moves the hand onto `to`: the crank jumps between free cells, the D-pad walks.
fn hand_to(driver: &mut Driver, aim: Aim, to: Cell) {
    let at = |cell: Cell| (cell.x as i32, cell.y as i32);
    common::hand_to(driver, aim, 200, |app| at(session(app).board.hand), at(to));
}

/// Places `tile`: the hand to its cell, A takes a tile, the crank (or up) turns it to
/// the kind, A places it.
fn enter(driver: &mut Driver, aim: Aim, tile: Tile) {
    hand_to(driver, aim, tile.cell);
    driver.press(Buttons::A);
    assert!(common::shown(&driver.app).is_some_and(Play::aiming), "a tile is held");
    for _ in 0..4 {
        if session(&driver.app).held() == Some(tile) {
            break;
        }
        match aim {
            Aim::Crank => driver.crank(30.0),
            Aim::Buttons => driver.press(Buttons::UP),
        }
    }
    assert_eq!(session(&driver.app).held(), Some(tile));
    driver.press(Buttons::A);
    assert_eq!(session(&driver.app).board.mode, Mode::Browse);
}

/// Plays one game to its end; people play the greedy baseline's tiles, and now and
/// then lift a first tile back with B and place it again. Returns the tiles.
fn play_game(driver: &mut Driver, aim: Aim, seed: u64) -> usize {
    let mut rng = chek_ai::rng(seed);
    let mut lifted = 0;
    let (shadow, tiles) = common::shadow_game(driver, session, 65, |driver, shadow, tiles| {
        let t = chek_cartridge::games::che::cpu::greedy(shadow, &mut rng).unwrap();
        let last = |app: &App| session(app).record().last().map(|(side, tiles)| (side, tiles.to_vec()));
        let last_before = last(&driver.app);
        enter(driver, aim, t);
        if shadow.placed() == 0 && tiles % 5 == 1 && session(&driver.app).record().can_lift() {
            driver.press(Buttons::B);
            assert_eq!(session(&driver.app).state(), shadow, "B lifted the first tile");
            assert_eq!(last(&driver.app), last_before, "the panel's last move is the one before");
            lifted += 1;
            enter(driver, aim, t);
        }
        t
    });
    eprintln!("{seed}: {tiles} tiles, {lifted} lifted, {:?}", shadow.end());
    tiles
}

common::whole_game_tests!("che", crank: 1..=3, min: 3, d_pad: 4..=5, cpu: &[1, 2, 3]);

#[test]
fn threats_show_and_hide_with_b() {
    let mut driver = Driver::new(App::new(2));
    common::start_two_seat(&mut driver, "che", [0, 0]);
    assert!(!session(&driver.app).board.show_threats);
    driver.press(Buttons::B);
    assert!(session(&driver.app).board.show_threats, "B with nothing to lift shows threats");
    driver.press(Buttons::B);
    assert!(!session(&driver.app).board.show_threats);
}

/// The lesson, every step played through the inputs (H1–H8); a step that takes any
/// tile gets the first one the crank offers.
#[test]
fn the_lesson_plays_through_with_the_inputs() {
    common::play_lesson("che", 3, |driver, decision| match decision {
        Some(text) => {
            let tile = session(&driver.app).state().parse_action(text).expect("a legal tile");
            enter(driver, Aim::Buttons, tile);
        }
        None => {
            driver.crank(30.0);
            driver.press(Buttons::A);
            driver.press(Buttons::A);
        }
    });
}
