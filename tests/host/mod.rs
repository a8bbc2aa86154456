//! A headless Playdate: the C API table the game calls, backed by plain Rust, with a
//! temporary folder as the Data folder. It loads the real Simulator library (the
//! root package's cdylib) with libloading.
//!
//! One host per process: the game keeps its state in statics, so every scenario runs
//! in a process of its own (see `run_scenario`). The API itself is `chek-pdhost`'s
//! console, which the emulated device build (`chek-device`) is served by too; here
//! are loading the library and the scenario helpers.

#![allow(dead_code, clippy::missing_safety_doc)]

use std::path::{Path, PathBuf};

pub use chek_pdhost::button;
pub use chek_pdhost::native::state;

/// A loaded game and the API table it was given.
pub type Host = chek_pdhost::native::Host;

/// The Simulator library: `libchek.so` beside the test binary's folder.
pub fn library_path() -> PathBuf {
    let exe = std::env::current_exe().unwrap();
    chek_pdhost::native::library_in(exe.parent().unwrap().parent().unwrap())
}

/// Loads the game with `data` as its Data folder; nothing is called yet.
pub fn load(data: &Path) -> Host {
    Host::load(&library_path(), data)
}

/// Builds the Simulator library (the root package's cdylib) with the profile the tests
/// run under: `cargo test` builds only what the tests link, and they link nothing of
/// it. Once per test process.
pub fn build_library() {
    static BUILT: std::sync::Once = std::sync::Once::new();
    BUILT.call_once(|| {
        let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
        let release = library_path().parent().and_then(|d| d.file_name()).is_some_and(|n| n == "release");
        let mut command = std::process::Command::new(cargo);
        command.args(["build", "--lib", "-p", "chek"]).current_dir(env!("CARGO_MANIFEST_DIR"));
        if release {
            command.arg("--release");
        }
        let status = command.status().expect("cargo");
        assert!(status.success(), "building the Simulator library failed");
    });
}

/// The phase a scenario runs in (the `phase` of [`run_scenario`]).
pub fn phase() -> u32 {
    std::env::var("CHEK_HOST_PHASE").ok().and_then(|p| p.parse().ok()).expect("CHEK_HOST_PHASE: a scenario's phase")
}

/// Runs scenario `name` in a child process (this test binary, filtered to the
/// `child` test) and returns its output; panics if it failed.
pub fn run_scenario(name: &str, data: &Path, phase: u32) -> String {
    build_library();
    let out = std::process::Command::new(std::env::current_exe().unwrap())
        .args(["child", "--exact", "--ignored", "--nocapture", "--test-threads=1"])
        .env("CHEK_HOST_SCENARIO", name)
        .env("CHEK_HOST_DATA", data)
        .env("CHEK_HOST_PHASE", phase.to_string())
        .output()
        .unwrap();
    let text = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert!(out.status.success(), "scenario {name} (phase {phase}) failed:\n{text}");
    assert!(text.contains("1 passed"), "scenario {name} ran:\n{text}");
    text
}

/// A fresh Data folder for a scenario.
pub fn data_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("chek-host-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs scenario `name` once in a fresh Data folder (it passes or the test fails). Its
/// output.
pub fn scenario_passes(name: &str) -> String {
    run_scenario(name, &data_dir(name), 0)
}

/// Runs scenario `name` once in a fresh Data folder and checks that its output says
/// `says`.
pub fn scenario_says(name: &str, says: &str) {
    let out = scenario_passes(name);
    assert!(out.contains(says), "{out}");
}

/// Runs scenario `name` twice on one Data folder, as two launches of the game (phases
/// 1 and 2), and checks that the second launch's output says `says`.
pub fn across_launches(name: &str, says: &str) {
    let data = data_dir(name);
    run_scenario(name, &data, 1);
    let out = run_scenario(name, &data, 2);
    assert!(out.contains(says), "{out}");
}

/// The Data folder of the scenario running in this process.
pub fn scenario_data() -> PathBuf {
    PathBuf::from(std::env::var_os("CHEK_HOST_DATA").expect("run through run_scenario"))
}

/// The save the game wrote to `data` (the one game's save there).
pub fn read_save(data: &Path) -> chek_ui::save::Saved {
    let saves: Vec<PathBuf> = std::fs::read_dir(data)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            p.file_name().and_then(|n| n.to_str()).is_some_and(|n| n.starts_with("save-") && n.ends_with(".bin"))
        })
        .collect();
    assert_eq!(saves.len(), 1, "one game's save in {}: {saves:?}", data.display());
    let bytes = std::fs::read(&saves[0]).expect("a save");
    chek_ui::save::Saved::from_bytes(&bytes).expect("the save decodes")
}

/// The files of `data`, as the App's storage (a copy in memory).
pub fn files_of(data: &Path) -> chek_ui::store::MemoryStorage {
    let mut files = chek_ui::store::MemoryStorage::new();
    for entry in std::fs::read_dir(data).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        files.files.insert(name, std::fs::read(&path).unwrap());
    }
    files
}

/// The host with the game loaded from `data` and initialised.
pub fn boot(data: &Path) -> Host {
    let mut host = load(data);
    assert_eq!(host.event(0), 0, "init");
    host
}

/// A new game through the title and the new-game screen, a button press at a time
/// (`press`): right `game_rights` times on the title (the game), A; on the new-game
/// screen up to the first row, then `rows[i]` presses right on the i-th row (Chek:
/// the rules, the setup, then a seat a row; Checkers: a side a row; on a seat,
/// 1 = CPU easy … 3 = hard), down to "Start game", and A.
pub fn new_game(press: &mut dyn FnMut(u32), game_rights: usize, rows: &[usize]) {
    for _ in 0..game_rights {
        press(button::RIGHT);
    }
    press(button::A);
    for _ in 0..8 {
        press(button::UP);
    }
    for &rights in rows {
        for _ in 0..rights {
            press(button::RIGHT);
        }
        press(button::DOWN);
    }
    for _ in 0..8 {
        press(button::DOWN);
    }
    press(button::A);
}
