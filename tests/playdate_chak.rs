//! Chak in the real Simulator library, in the headless host: a person against CPU
//! hard to the end, each scenario in its own process.
#![feature(c_variadic)]

mod host;

use chek_cartridge::{AnyPlay, Cartridge};
use chek_ui::Catalog;
use host::{boot, button, data_dir, read_save as saved, run_scenario, scenario_data as data, state};

/// Chak (right twice on the title), White a person, Black CPU hard. The person's turn:
/// the crank brings the hand to a piece that can move, A picks it up, A moves it to
/// its nearest target, and a third A takes the picker's choice if a pawn promotes.
fn chak_against_the_cpu() {
    let data = data();
    let mut host = boot(&data);
    host::new_game(&mut |b| host.press(b), 2, &[0, 3]);
    let save = saved(&data);
    assert_eq!(save.game, 2, "a Chak game");
    assert_eq!(save.kinds[0].label(), "Human");
    assert_eq!(save.kinds[1].label(), "CPU hard");
    let mut last = None;
    let mut turns = 0;
    'game: while data.join("save-chak.bin").exists() {
        host.crank(30.0);
        for _ in 0..3 {
            host.press(button::A);
            if !data.join("save-chak.bin").exists() {
                break 'game;
            }
        }
        // The CPU's reply: thinking in slices, then the hand shows the move.
        for _ in 0..400 {
            host.idle();
        }
        turns += 1;
        // Docking saves the game as shown.
        state().crank_docked = true;
        host.idle();
        if data.join("save-chak.bin").exists() {
            let AnyPlay::Chak(play) = Cartridge::load(&saved(&data)).expect("the save loads") else {
                panic!("a Chak save")
            };
            last = Some(play.state().clone());
        }
        state().crank_docked = false;
        host.idle();
        assert!(turns < 300, "the game ends");
    }
    let last = last.expect("a position was saved");
    println!("Chak against CPU hard ended after {turns} turns; last saved: {last}");
}

/// Runs the scenario named by CHEK_HOST_SCENARIO; started by the tests below, one
/// process each.
#[test]
#[ignore = "run by the scenario tests below, one process each"]
fn child() {
    match std::env::var("CHEK_HOST_SCENARIO").unwrap().as_str() {
        "chak" => chak_against_the_cpu(),
        other => panic!("unknown scenario {other}"),
    }
}

#[test]
fn chak_against_a_cpu_plays_to_the_end() {
    let out = run_scenario("chak", &data_dir("chak"), 0);
    println!("{out}");
    assert!(out.contains("Chak against CPU hard ended"), "{out}");
}
