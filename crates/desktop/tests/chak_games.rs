//! Whole Chak games through the App's inputs only (D-pad, crank, A and B), each move
//! checked against a shadow rules `State` that plays the same moves: people against
//! each other (pawns promoted through the picker), and against the CPU.

use chek_cartridge::games::chak::play::{ChakPlay, Mode, PICKER};
use chek_cartridge::games::chak::rules::{Move, Square};
use chek_cartridge::App;
use chek_desktop::driver::Driver;
use chek_engine::Notation as _;
use chek_ui::{Buttons, Play};

mod common;

use common::Aim;

fn session(app: &App) -> &ChakPlay {
    common::shown_of::<chek_cartridge::games::chak::Def>(app)
}

/// Moves the hand onto `from`: the crank steps through the movable pieces, the D-pad
/// walks square by square.
fn hand_to(driver: &mut Driver, aim: Aim, from: Square) {
    common::hand_to(driver, aim, 40, |app| cell(session(app).board.hand), cell(from));
}

/// A square as the autopilot's (file, rank).
fn cell(square: Square) -> (i32, i32) {
    (square.file() as i32, square.rank() as i32)
}

/// Points the selection at `to`: the crank jumps round the targets, the D-pad walks
/// the cursor square by square (over squares that are no target too).
fn select_target(driver: &mut Driver, aim: Aim, to: Square) {
    for _ in 0..60 {
        let play = session(&driver.app);
        let at = play.cursor().expect("a piece is held");
        if play.selected_target() == Some(to) {
            return;
        }
        match aim {
            Aim::Crank => driver.crank(-30.0),
            Aim::Buttons => driver.press(common::towards(cell(at), cell(to))),
        }
    }
    panic!("could not select the target {to}");
}

/// Enters `mv` for the side to move: picks up the piece, selects the target, confirms
/// it, and for a pawn on the last rank picks its + form; with `put_back`, the piece is
/// first put down with B and picked up again.
fn enter(driver: &mut Driver, aim: Aim, mv: Move, put_back: bool) {
    hand_to(driver, aim, mv.from());
    driver.press(Buttons::A);
    assert!(common::shown(&driver.app).is_some_and(Play::aiming), "the piece is picked up");
    if put_back {
        driver.press(Buttons::B);
        assert!(!common::shown(&driver.app).unwrap().aiming(), "B puts the piece back");
        driver.press(Buttons::A);
    }
    select_target(driver, aim, mv.to());
    driver.press(Buttons::A);
    if let Some(kind) = mv.promotion() {
        for _ in 0..8 {
            match session(&driver.app).board.mode {
                Mode::Promote { index, .. } if PICKER[index] == kind => break,
                Mode::Promote { .. } => match aim {
                    Aim::Crank => driver.crank(30.0),
                    Aim::Buttons => driver.press(Buttons::RIGHT),
                },
                other => panic!("the picker is open for {mv}, not {other:?}"),
            }
        }
        driver.press(Buttons::A);
    }
}

/// Plays one game to its end; the people play the greedy baseline's moves (so games
/// end), and now and then put a piece back. Returns the plies.
fn play_game(driver: &mut Driver, aim: Aim, seed: u64) -> usize {
    let mut rng = chek_ai::rng(seed);
    let mut promotions = 0;
    let (shadow, plies) = common::shadow_game(driver, session, 1000, |driver, shadow, plies| {
        let mv = chek_cartridge::games::chak::cpu::greedy(shadow, &mut rng).unwrap();
        promotions += mv.promotion().is_some() as u32;
        enter(driver, aim, mv, plies % 7 == 0);
        mv
    });
    eprintln!("{seed}: {plies} plies, {promotions} promotions, {:?}", shadow.end());
    plies
}

common::whole_game_tests!("chak", crank: 1..=2, min: 10, d_pad: 3..=4, cpu: &[1, 2]);

/// The screenshot tour's check and promotions sound their own cues: `promote` as the
/// Serpent crosses to a9 and `check` with the next turn, then `promote` again at the
/// picker's choice, which mates (`over`).
#[test]
fn check_and_promotion_have_their_cues() {
    use chek_ui::sound::Cue;
    let text = include_str!("../../../docs/shots/chak.txt");
    let commands = chek_desktop::script::parse(text).unwrap();
    let mut app = App::new(5);
    assert!(app.choose("chak", None, None));
    let mut driver = Driver::new(app);
    chek_desktop::script::run(&mut driver, &commands, |_, _| Ok(())).unwrap();
    let cues: Vec<Cue> = driver.cues.iter().map(|&(_, c)| c).collect();
    let check = cues.iter().position(|&c| c == Cue::Check).expect("a check cue");
    assert_eq!(cues[check + 1], Cue::Turn, "{cues:?}");
    let promotes: Vec<usize> = (0..cues.len()).filter(|&i| cues[i] == Cue::Promote).collect();
    assert_eq!(promotes.len(), 2, "{cues:?}");
    assert!(promotes[0] < check && cues[promotes[1]..].contains(&Cue::Over), "{cues:?}");
    assert!(cues.contains(&Cue::Capture) || cues.contains(&Cue::Place));
}

/// The lesson, every step played through the inputs (A2–A6), the promotion through
/// the picker.
#[test]
fn the_lesson_plays_through_with_the_inputs() {
    common::play_lesson("chak", 2, |driver, decision| {
        let text = decision.expect("each Chak step asks for a move");
        let mv = session(&driver.app).state().parse_action(text).expect("a legal move");
        enter(driver, Aim::Buttons, mv, false);
    });
}
