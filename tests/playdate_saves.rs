//! Saves in the real Simulator library, through the headless host: the single save of
//! the last build moved into its game's place, a game of each of the four games saved
//! at once and continued, take-backs, records, and damaged files of every kind kept
//! aside with a message. Each scenario in its own process.

mod host;

use std::path::{Path, PathBuf};

use chek_cartridge::Cartridge;
use chek_ui::save::Saved;
use chek_ui::Catalog;
use host::{
    across_launches, boot, button, data_dir, phase, run_scenario, scenario_data as data, scenario_says, state, Host,
};

/// The saves the last build wrote (`tests/fixtures/saves-v2`), with the game each holds.
const OLD_SAVES: [(&str, &str); 5] = [
    ("chek-standard.bin", "chek"),
    ("chek-simple-four.bin", "chek"),
    ("checkers.bin", "checkers"),
    ("chak.bin", "chak"),
    ("che.bin", "che"),
];

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/saves-v2")
}

/// The position in game `id`'s save in `data`.
fn saved_text(data: &Path, id: &str) -> String {
    let bytes = std::fs::read(data.join(format!("save-{id}.bin"))).unwrap_or_else(|e| panic!("save-{id}.bin: {e}"));
    Cartridge::load(&Saved::from_bytes(&bytes).unwrap()).unwrap().state_text()
}

/// The pause sheet from the system menu, then its *Title screen* item (the last but
/// one, whatever the sheet offers).
fn to_title(host: &mut Host) {
    host.menu("game menu");
    for _ in 0..9 {
        host.press(button::DOWN);
    }
    host.press(button::UP);
    host.press(button::A);
}

/// A turn through the buttons: the crank finds a piece (or a free cell), A picks it
/// and A plays its first target, until the game's save changes.
fn a_turn(host: &mut Host, data: &Path, id: &str) {
    let file = data.join(format!("save-{id}.bin"));
    let before = std::fs::read(&file).ok();
    for _ in 0..30 {
        host.crank(30.0);
        for _ in 0..3 {
            host.press(button::A);
            host.wait(1_500);
            if std::fs::read(&file).ok() != before {
                return;
            }
        }
    }
    panic!("no turn played in {id}");
}

/// Phase n: the n-th old save as a player's Data folder holds it after the update.
fn old_save_moves_into_its_game() {
    let (file, id) = OLD_SAVES[phase() as usize];
    let data = data();
    std::fs::copy(fixtures().join(file), data.join("save.bin")).unwrap();
    let text = std::fs::read_to_string(fixtures().join(format!("{file}.txt"))).unwrap();
    let mut host = boot(&data);
    host.idle();
    assert!(!data.join("save.bin").exists(), "{file}: the old save is gone");
    assert_eq!(saved_text(&data, id), text.trim(), "{file}: the same game in save-{id}.bin");
    // The title opens on that game, on Continue: A is the game again, and docking
    // saves the same position.
    host.press(button::A);
    state().crank_docked = true;
    host.idle();
    assert_eq!(saved_text(&data, id), text.trim());
    println!("{file} moved to save-{id}.bin and continued");
}

/// Phase 1: a game of each of the four games, a turn each, left for the title in
/// turn; terminated. Phase 2: every save is there and continues.
fn four_games_saved_at_once() {
    let data = data();
    let mut host = boot(&data);
    let ids = ["chek", "checkers", "chak", "che"];
    if phase() == 1 {
        for (i, id) in ids.into_iter().enumerate() {
            // From the title: right to the game (none on the first), A, and start.
            host::new_game(&mut |b| host.press(b), (i > 0) as usize, &[]);
            a_turn(&mut host, &data, id);
            to_title(&mut host);
        }
        for id in ids {
            std::fs::write(data.join(format!("{id}.txt")), saved_text(&data, id)).unwrap();
        }
        host.event(6);
        return;
    }
    // The title opens on Che, the last game played, on Continue.
    for (i, id) in ids.into_iter().rev().enumerate() {
        let text = std::fs::read_to_string(data.join(format!("{id}.txt"))).unwrap();
        if i > 0 {
            host.press(button::LEFT);
        }
        host.press(button::A);
        state().crank_docked = true;
        host.idle();
        assert_eq!(saved_text(&data, id), text, "{id} continued as saved");
        state().crank_docked = false;
        host.idle();
        to_title(&mut host);
    }
    println!("four games saved at once, each continued");
}

/// Checkers against CPU easy: two turns and the CPU's replies, then two take-backs
/// from the system menu bring back the start; the take-back is saved.
fn take_back_against_the_cpu() {
    let data = data();
    let mut host = boot(&data);
    host::new_game(&mut |b| host.press(b), 1, &[0, 0, 1]);
    let start = saved_text(&data, "checkers");
    for _ in 0..2 {
        a_turn(&mut host, &data, "checkers");
        host.wait(4_000);
    }
    assert_ne!(saved_text(&data, "checkers"), start);
    host.menu("take back");
    host.idle();
    host.menu("take back");
    host.idle();
    assert_eq!(saved_text(&data, "checkers"), start, "both turns taken back, the CPU's replies with them");
    println!("taken back to the start");
}

/// Che against CPU easy: a turn, then White resigns from the game menu; the loss goes
/// into the records, which a relaunch reads.
fn a_resigned_game_goes_into_the_records() {
    let data = data();
    let mut host = boot(&data);
    if phase() == 1 {
        host::new_game(&mut |b| host.press(b), 3, &[0, 1]);
        a_turn(&mut host, &data, "che");
        host.wait(4_000);
        host.menu("game menu");
        // Resume, Hint, Take back, Rules, Share code, Records, Resign.
        for _ in 0..6 {
            host.press(button::DOWN);
        }
        host.press(button::A);
        host.wait(600);
        host.press(button::A);
        host.idle();
        assert!(!data.join("save-che.bin").exists(), "a finished game leaves no save");
        assert!(data.join("records.bin").exists());
        return;
    }
    let records = chek_ui::records::Records::from_bytes(&std::fs::read(data.join("records.bin")).unwrap()).unwrap();
    let (key, tally) = records.rows()[0];
    assert_eq!((key.game, tally.losses, tally.wins), (3, 1, 0));
    assert!(state().log.iter().all(|l| !l.contains("records")), "read without a complaint: {:?}", state().log);
    println!("a loss against CPU easy in the records");
}

/// The damaged files of phase n: flipped bytes, cut short, empty, text, 50 MB.
fn damaged(kind: usize, good: &[u8]) -> Vec<u8> {
    match kind {
        0 => {
            let mut bytes = good.to_vec();
            let middle = bytes.len() / 2;
            bytes[middle] ^= 0x5a;
            bytes
        }
        1 => good[..good.len() - 9].to_vec(),
        2 => Vec::new(),
        3 => b"This is not a save, it is a note someone wrote into the folder.\n".to_vec(),
        _ => unreachable!("the 50 MB file is made in place"),
    }
}

/// Phase n: a Checkers save and the records damaged the n-th way. Both are kept aside
/// as `.bad` copies, byte for byte, with a message naming each; the title works, a new
/// game saves, and nothing large was read.
fn damaged_files_are_kept_aside() {
    let kind = phase() as usize;
    let data = data();
    let good_save = std::fs::read(fixtures().join("checkers.bin")).unwrap();
    let good_records = chek_ui::records::Records::new().to_bytes();
    let (save, records) = (data.join("save-checkers.bin"), data.join("records.bin"));
    if kind == 4 {
        for path in [&save, &records] {
            std::fs::File::create(path).unwrap().set_len(50_000_000).unwrap();
        }
    } else {
        std::fs::write(&save, damaged(kind, &good_save)).unwrap();
        std::fs::write(&records, damaged(kind, &good_records)).unwrap();
    }
    let sizes = [std::fs::metadata(&save).unwrap().len(), std::fs::metadata(&records).unwrap().len()];
    let mut host = boot(&data);
    host.idle();
    assert!(state().bytes_read < 100_000, "{} bytes read", state().bytes_read);
    assert_eq!(std::fs::metadata(data.join("save-checkers.bad")).unwrap().len(), sizes[0]);
    assert_eq!(std::fs::metadata(data.join("records.bad")).unwrap().len(), sizes[1]);
    assert!(!save.exists() && !records.exists());
    let log = state().log.join("\n");
    assert!(log.contains("Your Checkers save could not be read") && log.contains("kept as save-checkers.bad"), "{log}");
    assert!(log.contains("Your records could not be read") && log.contains("kept as records.bad"), "{log}");
    // Two notices, each dismissed with A; then the title works and a new game saves.
    host.press(button::A);
    host.press(button::A);
    host::new_game(&mut |b| host.press(b), 1, &[]);
    assert!(save.exists(), "a new game saves");
    println!("damage {kind}: kept aside, {} bytes read", state().bytes_read);
}

/// Runs the scenario named by CHEK_HOST_SCENARIO; started by the tests below, one
/// process each.
#[test]
#[ignore = "run by the scenario tests below, one process each"]
fn child() {
    match std::env::var("CHEK_HOST_SCENARIO").unwrap().as_str() {
        "migrate" => old_save_moves_into_its_game(),
        "four" => four_games_saved_at_once(),
        "take-back" => take_back_against_the_cpu(),
        "records" => a_resigned_game_goes_into_the_records(),
        "damaged" => damaged_files_are_kept_aside(),
        other => panic!("unknown scenario {other}"),
    }
}

#[test]
fn every_save_of_the_last_build_moves_into_its_games_place() {
    for phase in 0..OLD_SAVES.len() as u32 {
        let out = run_scenario("migrate", &data_dir(&format!("migrate{phase}")), phase);
        assert!(out.contains("continued"), "{out}");
    }
}

#[test]
fn a_game_of_each_of_the_four_games_is_saved_at_once() {
    across_launches("four", "each continued");
}

#[test]
fn take_backs_against_the_cpu_go_back_to_the_start() {
    scenario_says("take-back", "taken back to the start");
}

#[test]
fn records_are_kept_across_launches() {
    across_launches("records", "in the records");
}

#[test]
fn damaged_saves_and_records_are_kept_aside_with_a_message() {
    for kind in 0..5 {
        let out = run_scenario("damaged", &data_dir(&format!("damaged{kind}")), kind);
        assert!(out.contains("kept aside"), "{out}");
    }
}
