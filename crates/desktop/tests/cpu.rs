//! CPU seats in the App: a human (the autopilot, through inputs) against the CPU, and
//! a game of CPUs that plays itself to the end while the App keeps drawing.

mod common;

use chek_desktop::driver::Driver;
use chek_rules::{Seat, Setup};
use chek_ui::{App, Buttons, Overlay, Screen, SeatKind};
use common::{act, decide, Aim};

/// New game of `setup` with `cpu_rights[i]` right-presses on seat row i (0 = Human,
/// 1 = Easy, 2 = Normal, 3 = Hard).
fn start(driver: &mut Driver, setup: Setup, cpu_rights: &[usize]) {
    driver.app.set_setup(setup);
    driver.press(Buttons::A);
    for &rights in cpu_rights {
        driver.press(Buttons::DOWN);
        for _ in 0..rights {
            driver.press(Buttons::RIGHT);
        }
    }
    for _ in 0..4 {
        driver.press(Buttons::DOWN);
    }
    driver.press(Buttons::A);
    assert_eq!(driver.app.screen(), Screen::Play { overlay: Overlay::None });
}

#[test]
fn a_human_plays_a_hard_cpu_to_the_end() {
    let mut driver = Driver::new(App::new(21, None));
    start(&mut driver, Setup::Skirmish, &[0, 3]);
    let kinds = driver.app.session().unwrap().kinds;
    assert_eq!(kinds[Seat::North.index()], SeatKind::Cpu(chek_ai::Level::Hard));
    let mut human_moves = 0;
    for _ in 0..3000 {
        // settle() also waits out the CPU's turns, which run on the clock.
        driver.settle();
        if driver.app.screen() == (Screen::Play { overlay: Overlay::GameOver }) {
            break;
        }
        let session = driver.app.session().unwrap();
        assert!(!session.cpu_in_control(), "the CPU finishes its turn by itself");
        let position = *session.position();
        act(&mut driver, decide(&position), Aim::Crank);
        human_moves += 1;
    }
    assert_eq!(driver.app.screen(), Screen::Play { overlay: Overlay::GameOver });
    let cpu_moves = driver.app.session().unwrap().plies - human_moves;
    assert!(cpu_moves > 5, "the CPU played ({cpu_moves} decisions against {human_moves})");
}

#[test]
fn a_game_of_four_cpus_plays_itself_out_frame_by_frame() {
    let mut driver = Driver::new(App::new(5, None));
    start(&mut driver, Setup::FourCorners, &[1, 2, 3, 1]);
    let mut frames = 0u32;
    while driver.app.screen() != (Screen::Play { overlay: Overlay::GameOver }) {
        driver.idle();
        frames += 1;
        assert!(frames < 200_000, "the game ends");
        if frames.is_multiple_of(50) {
            let _ = driver.render();
        }
    }
    let game = &driver.app.session().unwrap().game;
    assert!(game.is_over());
    println!("four CPUs: {frames} frames, {} plies, {:?}", driver.app.session().unwrap().plies, game.end());
}
