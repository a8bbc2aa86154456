//! Che in the real Simulator library, in the headless host: a person against CPU hard
//! to the end, each scenario in its own process.
#![feature(c_variadic)]

mod host;

use chek_cartridge::{AnyPlay, Cartridge};
use chek_ui::Catalog;
use host::{boot, button, data_dir, read_save as saved, run_scenario, scenario_data as data, state};

/// Che (right three times on the title), White a person, Blue CPU hard. The person's
/// turn: the crank brings the hand to the next free cell, A takes a tile, A places it
/// (twice a move after the first).
fn che_against_the_cpu() {
    let data = data();
    let mut host = boot(&data);
    host::new_game(&mut |b| host.press(b), 3, &[0, 3]);
    let save = saved(&data);
    assert_eq!(save.game, 3, "a Che game");
    assert_eq!(save.kinds[0].label(), "Human");
    assert_eq!(save.kinds[1].label(), "CPU hard");
    let mut last = None;
    let mut turns = 0;
    'game: while data.join("save-che.bin").exists() {
        for _ in 0..2 {
            host.crank(30.0);
            for _ in 0..2 {
                host.press(button::A);
                if !data.join("save-che.bin").exists() {
                    break 'game;
                }
            }
        }
        // The CPU's reply: thinking in slices, then the hand shows both tiles.
        for _ in 0..600 {
            host.idle();
        }
        turns += 1;
        // Docking saves the game as shown.
        state().crank_docked = true;
        host.idle();
        if data.join("save-che.bin").exists() {
            let AnyPlay::Che(play) = Cartridge::load(&saved(&data)).expect("the save loads") else {
                panic!("a Che save")
            };
            last = Some(play.state().clone());
        }
        state().crank_docked = false;
        host.idle();
        assert!(turns < 64, "the game ends");
    }
    let last = last.expect("a position was saved");
    println!("Che against CPU hard ended after {turns} turns; last saved: {last}");
}

/// Runs the scenario named by CHEK_HOST_SCENARIO; started by the tests below, one
/// process each.
#[test]
#[ignore = "run by the scenario tests below, one process each"]
fn child() {
    match std::env::var("CHEK_HOST_SCENARIO").unwrap().as_str() {
        "che" => che_against_the_cpu(),
        other => panic!("unknown scenario {other}"),
    }
}

#[test]
fn che_against_a_cpu_plays_to_the_end() {
    let out = run_scenario("che", &data_dir("che"), 0);
    println!("{out}");
    assert!(out.contains("Che against CPU hard ended"), "{out}");
}
