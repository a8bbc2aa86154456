//! Whole Checkers games through the App's inputs only (D-pad, crank, A and B), each
//! move checked against a shadow rules `State` that plays the same moves: people
//! against each other, and against the CPU levels.

use chek_cartridge::games::checkers::play::{Cell, CheckersPlay};
use chek_cartridge::games::checkers::rules::{Move, Square};
use chek_cartridge::App;
use chek_desktop::driver::Driver;
use chek_engine::{Game as _, Notation as _};
use chek_ui::Buttons;

mod common;

use common::Aim;

fn session(app: &App) -> &CheckersPlay {
    common::shown_of::<chek_cartridge::games::checkers::Def>(app)
}

/// Moves the hand onto `from`: the crank steps through the movable pieces, the D-pad
/// walks square by square.
fn hand_to(driver: &mut Driver, aim: Aim, from: Square) {
    let at = |cell: Cell| (cell.file as i32, cell.rank as i32);
    common::hand_to(driver, aim, 40, |app| at(session(app).board.hand), at(Cell::of(from)));
}

/// Points the selection at `landing`: the crank goes round the next landings, the
/// D-pad picks the one that lies its way.
fn select_landing(driver: &mut Driver, aim: Aim, at: Square, landing: Square) {
    for attempt in 0..8 {
        if session(&driver.app).selected_landing() == Some(landing) {
            return;
        }
        match aim {
            Aim::Crank => driver.crank(-30.0),
            Aim::Buttons => {
                let horizontal = if landing.file() > at.file() { Buttons::RIGHT } else { Buttons::LEFT };
                let vertical = if landing.rank() > at.rank() { Buttons::UP } else { Buttons::DOWN };
                // A diagonal lies both ways: try each in turn (equals take turns).
                driver.press(if attempt % 2 == 0 { horizontal } else { vertical });
            }
        }
    }
    panic!("could not select the landing {landing:?}");
}

/// Enters `mv` for the side to move: picks up the piece, then confirms each landing;
/// in a multi-jump, B takes the first landing back once and it is entered again.
fn enter(driver: &mut Driver, aim: Aim, mv: Move, take_back: bool) {
    hand_to(driver, aim, mv.from());
    driver.press(Buttons::A);
    assert!(common::shown(&driver.app).is_some_and(chek_ui::Play::aiming), "the piece is picked up");
    let landings: Vec<Square> = mv.landings().collect();
    let mut at = mv.from();
    let mut i = 0;
    let mut taken_back = !take_back || landings.len() < 2;
    while i < landings.len() {
        select_landing(driver, aim, at, landings[i]);
        driver.press(Buttons::A);
        if i == 0 && !taken_back {
            // B takes the landing back: the piece is still held, at its start.
            driver.press(Buttons::B);
            assert!(chek_ui::Play::aiming(common::shown(&driver.app).unwrap()), "still holding the piece after B");
            taken_back = true;
            continue;
        }
        at = landings[i];
        i += 1;
    }
}

/// Plays one game to its end; `rng` picks the people's moves. Returns the plies.
fn play_game(driver: &mut Driver, aim: Aim, seed: u64) -> usize {
    let mut rng = chek_ai::rng(seed);
    let (shadow, plies) = common::shadow_game(driver, session, 400, |driver, shadow, plies| {
        let moves = shadow.legal();
        let mv = chek_ai::pick(&mut rng, &moves).unwrap();
        // A piece that cannot move is not picked up.
        let stuck = Square::each(shadow.board().pieces(shadow.to_move()) & !shadow.movable()).next();
        if let (Some(stuck), Aim::Buttons) = (stuck, aim) {
            hand_to(driver, aim, stuck);
            driver.press(Buttons::A);
            assert!(!chek_ui::Play::aiming(common::shown(&driver.app).unwrap()), "{stuck:?} cannot move in {shadow}");
        }
        enter(driver, aim, mv, plies % 3 == 0);
        mv
    });
    eprintln!("{seed}: {plies} plies, {:?}", shadow.end());
    plies
}

common::whole_game_tests!("checkers", crank: 1..=3, min: 10, d_pad: 4..=6, cpu: &[1, 2]);

/// The lesson, every step played through the inputs (K3–K8).
#[test]
fn the_lesson_plays_through_with_the_inputs() {
    common::play_lesson("checkers", 1, |driver, decision| {
        let text = decision.expect("each Checkers step asks for a move");
        let mv = session(&driver.app).state().parse_action(text).expect("a legal move");
        enter(driver, Aim::Crank, mv, false);
    });
}
