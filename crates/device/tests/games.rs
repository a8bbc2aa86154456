//! Whole games on the device binary, in the emulated Cortex-M7, through the inputs:
//! a person against CPU hard in every game, CPUs against each other in Chek's four
//! seats and in Chek Nights, random input, and a terminate mid-turn.

mod common;

use chek_cartridge::Cartridge;
use chek_desktop::driver::Driver;
use chek_desktop::image;
use chek_device::script::Session;
use chek_pdhost::whole_game::{WholeGame, WHOLE_GAMES};
use chek_pdhost::{button, event};
use chek_ui::Catalog;
use common::{data_dir, Pad};

/// A person (the first seat) against CPU hard, to the end; each turn docking saves
/// the game, and the save loads on the desktop.
fn against_the_cpu(game: &WholeGame) {
    let data = data_dir(&format!("against-{}", game.name.replace(' ', "-")));
    let mut pad = Pad::boot(&data);
    pad.new_game(game.rights, game.rows);
    let save = pad.saved(game.id).expect("the new game is saved");
    assert_eq!(save.kinds.0[0].label(), "Human");
    assert!(save.kinds.values().iter().any(|k| k.label() == "CPU hard"), "{:?}", save.kinds);
    let file = data.join(format!("save-{}.bin", game.id));
    let (mut turns, mut last) = (0, None);
    'game: while file.exists() {
        for _ in 0..game.picks {
            pad.press(button::A);
            pad.crank(30.0);
            for _ in 0..game.presses {
                pad.press(button::A);
                if !file.exists() {
                    break 'game;
                }
            }
        }
        if game.ends_turn_with_b() {
            pad.press(button::B);
        }
        for _ in 0..game.reply_frames {
            pad.idle();
        }
        turns += 1;
        pad.dock(true);
        if let Some(saved) = pad.saved(game.id) {
            last = Some(Cartridge::load(&saved).expect("the device's save loads on the desktop").state_text());
        }
        pad.dock(false);
        assert!(turns < game.turns, "{}: the game ends", game.name);
    }
    let records = std::fs::read(data.join(chek_ui::store::RECORDS)).expect("the finished game is recorded");
    assert!(!records.is_empty());
    println!(
        "{} against CPU hard on the device: {turns} turns, {} Thumb instructions, stack {} B; last saved {}",
        game.name,
        pad.device.retired(),
        pad.device.update.stack,
        last.unwrap_or_default()
    );
}

/// One ignored test per game of [`WHOLE_GAMES`] (`cargo xtask device test` runs them).
macro_rules! against_cpu_hard {
    ($($test:ident: $index:expr),* $(,)?) => {$(
        #[test]
        #[ignore = "minutes in the emulator: cargo xtask device test"]
        fn $test() {
            against_the_cpu(&WHOLE_GAMES[$index]);
        }
    )*};
}

against_cpu_hard! {
    chek_against_cpu_hard: 0,
    checkers_against_cpu_hard: 1,
    english_draughts_against_cpu_hard: 2,
    chak_against_cpu_hard: 3,
    che_against_cpu_hard: 4,
}

/// CPUs play Chek from the new-game screen's `rows` to the end, on the device and on
/// the desktop's App with the same seed and inputs: the CPUs think in counted slices,
/// so the two play the same game, frame for frame, to the same last screen.
fn cpus_play_out(name: &str, rows: &[usize]) {
    const SEED: u64 = 11;
    const MOST: u32 = 150_000;
    let commands = chek_desktop::script::parse(&common::new_game_script(0, rows)).unwrap();
    let data = data_dir(name);
    let mut session = Session::boot(&chek_device::built_elf(), &data, SEED, false).unwrap();
    session.run(&commands, |_, _| Ok(())).unwrap();
    assert!(data.join("save-chek.bin").exists(), "{name}: the new game is saved");
    let mut device_frames = 0;
    while data.join("save-chek.bin").exists() {
        session.idle().unwrap_or_else(|f| panic!("{f}; last run: {}", session.device.recent().join(" < ")));
        device_frames += 1;
        assert!(device_frames < MOST, "{name}: the CPUs finish the game on the device");
    }

    let mut driver = Driver::launch(SEED, chek_ui::store::MemoryStorage::new());
    chek_desktop::script::run(&mut driver, &commands, |_, _| Ok(())).unwrap();
    let saved = |driver: &Driver| driver.files.as_ref().is_some_and(|f| f.files.contains_key("save-chek.bin"));
    let mut desktop_frames = 0;
    while saved(&driver) {
        driver.idle();
        desktop_frames += 1;
        assert!(desktop_frames < MOST, "{name}: the CPUs finish the game on the desktop");
    }
    assert_eq!(device_frames, desktop_frames, "{name}: the same game on both");
    let (device, desktop) = (image::pixels(&session.screen()), image::pixels(&driver.render()));
    assert_eq!(device.iter().zip(&desktop).filter(|(a, b)| a != b).count(), 0, "{name}: the same last screen");
    println!(
        "{name}: played out on the device in {device_frames} frames (as on the desktop), {} Thumb instructions, stack {} B, heap {} B",
        session.device.retired(),
        session.device.update.stack,
        session.device.heap_high_water()
    );
    let _ = std::fs::remove_dir_all(&data);
}

#[test]
#[ignore = "minutes in the emulator: cargo xtask device test"]
fn four_cpus_play_chek_to_the_end() {
    // Chek (its own rules), four-sides (4 right), four CPUs: easy, normal, hard, hard.
    cpus_play_out("four-cpus", &[0, 4, 1, 2, 3, 3]);
}

#[test]
#[ignore = "minutes in the emulator: cargo xtask device test"]
fn cpus_play_nights_to_the_end() {
    // Chek Nights (3 right), skirmish (3 right), South CPU normal, North CPU hard.
    cpus_play_out("nights-cpus", &[3, 3, 2, 3]);
}

/// `frames` frames of random presses, crank turns, docking and system events: no
/// fault, the screen still drawn, and every file left behind loads.
fn soak(name: &str, frames: u32) {
    let data = data_dir(name);
    let mut pad = Pad::boot(&data);
    for frame in chek_pdhost::soak::RandomFrames::new().take(frames as usize) {
        if frame.toggle_dock {
            let docked = pad.device.console_ref().crank_docked;
            pad.device.console().crank_docked = !docked;
        }
        if let Some(event) = frame.event {
            pad.event(event);
        }
        pad.frame(frame.held, frame.pushed, frame.crank);
    }
    let console = pad.device.console_ref();
    assert!(!console.marked.is_empty(), "the screen was drawn");
    for id in chek_cartridge::IDS {
        if let Some(saved) = pad.saved(id) {
            assert!(Cartridge::load(&saved).is_ok(), "the {id} save the soak left loads");
        }
    }
    println!(
        "{frames} random frames on the device: {} marked updates, {} saves, stack {} B, heap {} B",
        console.marked.len(),
        console.calls.get("rename").unwrap_or(&0),
        pad.device.update.stack,
        pad.device.heap_high_water()
    );
    drop(pad);
    let _ = std::fs::remove_dir_all(&data);
}

#[test]
fn random_input_soak_ci_sized() {
    soak("soak-short", 2_000);
}

#[test]
#[ignore = "minutes in the emulator: cargo xtask device test"]
fn random_input_soak() {
    soak("soak", 20_000);
}

/// Terminate in the middle of a chain: the save has the chain; a new launch (a new
/// emulator on the same Data folder) continues it with A.
#[test]
fn terminate_mid_turn_then_continue() {
    let data = data_dir("terminate");
    let mut pad = Pad::boot(&data);
    // The tour's opening on four-sides: South moves, West attacks and holds control.
    pad.new_game(0, &[0, 4]);
    for b in [button::LEFT, button::LEFT, button::A, button::A, button::A, button::A] {
        pad.press(b);
    }
    pad.wait(1300);
    let _ = std::fs::remove_file(data.join("save-chek.bin"));
    pad.event(event::TERMINATE);
    let saved = pad.saved("chek").expect("Terminate saved the game");
    let before = Cartridge::load(&saved).expect("loads").state_text();
    drop(pad);
    let mut pad = Pad::boot(&data);
    pad.idle();
    pad.press(button::A);
    pad.crank(30.0);
    pad.press(button::A);
    pad.wait(1300);
    pad.dock(true);
    let after = Cartridge::load(&pad.saved("chek").expect("saved")).expect("loads").state_text();
    assert_ne!(before, after, "the continued game went on: {before} → {after}");
    println!("terminated at {before}; continued to {after}");
}
