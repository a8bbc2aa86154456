//! The real shells: `chek play` in a window (under Xvfb, keys sent with xdotool) and
//! in a terminal (under tmux). CI installs Xvfb, xdotool and tmux; elsewhere these
//! tests say what is missing and skip, unless CI is set.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::thread::sleep;
use std::time::{Duration, Instant};

use chek_cartridge::{AnyPlay, Cartridge};
use chek_rules::{Position, Seat};
use chek_ui::save::Saved;
use chek_ui::Catalog;

const CHEK: &str = env!("CARGO_BIN_EXE_chek");

fn have(tool: &str) -> bool {
    let found = Command::new("which").arg(tool).stdout(Stdio::null()).status().is_ok_and(|s| s.success());
    if !found {
        assert!(std::env::var_os("CI").is_none(), "{tool} is missing (CI installs it in .ci/run)");
        eprintln!("skipped: {tool} is not installed");
    }
    found
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("chek-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn wait_for(what: &str, mut done: impl FnMut() -> bool) {
    let start = Instant::now();
    while !done() {
        assert!(start.elapsed() < Duration::from_secs(20), "timed out waiting for {what}");
        sleep(Duration::from_millis(50));
    }
}

/// The position of the Chek game saved in `dir`.
fn saved(dir: &Path) -> Position {
    let saved = Saved::from_bytes(&std::fs::read(dir.join("save-chek.bin")).unwrap()).unwrap();
    let Ok(AnyPlay::Chek(play)) = Cartridge::load(&saved) else { panic!("a Chek save") };
    *play.position()
}

struct Xvfb(Child);

impl Drop for Xvfb {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn xdotool(display: &str, args: &[&str]) -> String {
    let out = Command::new("xdotool").args(args).env("DISPLAY", display).output().unwrap();
    String::from_utf8_lossy(&out.stdout).trim().to_string()
}

/// Presses keys like a deliberate person: 150 ms down, 150 ms apart (a loaded machine
/// polls the window less often).
fn keys(display: &str, keys: &[&str]) {
    for key in keys {
        xdotool(display, &["keydown", key]);
        sleep(Duration::from_millis(150));
        xdotool(display, &["keyup", key]);
        sleep(Duration::from_millis(150));
    }
}

#[test]
fn the_window_plays_with_keys_saves_on_dock_and_on_esc() {
    if !have("Xvfb") || !have("xdotool") {
        return;
    }
    // Xvfb picks a free display and writes its number once it is ready.
    let mut server = Command::new("Xvfb")
        .args(["-displayfd", "1", "-screen", "0", "1024x768x24"])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut number = String::new();
    {
        use std::io::BufRead;
        let stdout = server.stdout.take().unwrap();
        std::io::BufReader::new(stdout).read_line(&mut number).unwrap();
    }
    let display = format!(":{}", number.trim());
    let _server = Xvfb(server);
    let data = temp_dir("window");
    // A fresh Xvfb now and then refuses a window ("Failed to create window"); that is
    // the X server's hiccup, not the game's, so the launch is retried, at most three times.
    let mut window = String::new();
    let mut game = None;
    for _attempt in 0..3 {
        let mut child = Command::new(CHEK)
            .args(["play", "--seed", "5"])
            .env("DISPLAY", &display)
            .env("CHEK_DATA_DIR", &data)
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut exited = None;
        wait_for("the window", || {
            if let Some(status) = child.try_wait().unwrap() {
                exited = Some(status);
                return true;
            }
            window = xdotool(&display, &["search", "--name", "^Chek$"]);
            !window.is_empty()
        });
        match exited {
            None => {
                game = Some(child);
                break;
            }
            Some(status) => {
                let mut err = String::new();
                use std::io::Read;
                let _ = child.stderr.take().unwrap().read_to_string(&mut err);
                assert!(err.contains("no display for a window"), "chek play exited ({status}): {err}");
                sleep(Duration::from_millis(300));
            }
        }
    }
    let mut game = game.expect("the window opened within three attempts");
    xdotool(&display, &["windowfocus", "--sync", window.lines().next().unwrap()]);
    // Title → new game (checkered) → start; South's hand starts on its piece nearest
    // the centre; A picks it up, A moves it up.
    keys(&display, &["x", "Down", "Down", "Down", "Down", "Down", "Down", "Return", "x", "x"]);
    // C docks the crank: the pause sheet, and a save.
    keys(&display, &["c"]);
    wait_for("the save", || data.join("save-chek.bin").exists());
    let position = saved(&data);
    assert_eq!(position.to_move(), Seat::North, "South moved: {position}");
    assert_eq!(position.quiet(), 1);
    // Esc quits, saving like the Playdate's terminate.
    keys(&display, &["Escape"]);
    wait_for("the game to quit", || game.try_wait().unwrap().is_some());
    assert!(game.wait().unwrap().success());
    assert_eq!(saved(&data), position);
}

#[test]
fn without_a_display_play_says_so_in_one_line() {
    let data = temp_dir("nodisplay");
    let out = Command::new(CHEK)
        .args(["play"])
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .env("CHEK_DATA_DIR", &data)
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.starts_with("error: no display for a window"), "{err}");
    assert!(err.contains("terminal"), "{err}");
}

/// A terminal of the size given running one command, on a tmux server of its own: tests run side by side, and two clients starting the first server at once
/// can leave one of them without a session.
struct Tmux {
    socket: String,
}

impl Tmux {
    fn start(name: &str, (width, height): (u16, u16), command: &str) -> Tmux {
        let tmux = Tmux { socket: format!("chek-{name}-{}", std::process::id()) };
        let (w, h) = (width.to_string(), height.to_string());
        let out = tmux.run(&["new-session", "-d", "-s", "play", "-x", &w, "-y", &h, command]);
        assert!(out.status.success(), "tmux new-session: {}", String::from_utf8_lossy(&out.stderr));
        tmux
    }

    fn run(&self, args: &[&str]) -> std::process::Output {
        Command::new("tmux").args(["-L", &self.socket]).args(args).output().unwrap()
    }

    /// Sends one key (tmux's name for it: `x`, `Down`, `Escape`).
    fn send(&self, key: &str) {
        self.run(&["send-keys", "-t", "play", key]);
    }

    /// The pane's text, wrapped lines joined.
    fn screen(&self) -> String {
        String::from_utf8_lossy(&self.run(&["capture-pane", "-p", "-J", "-t", "play"]).stdout).to_string()
    }

    fn braille(&self) -> usize {
        self.screen().chars().filter(|c| ('\u{2801}'..='\u{28ff}').contains(c)).count()
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        self.run(&["kill-server"]);
    }
}

#[test]
fn the_terminal_draws_the_frame_in_braille_and_plays() {
    if !have("tmux") {
        return;
    }
    let data = temp_dir("tty");
    let command = format!("CHEK_DATA_DIR={} {CHEK} play --tty --seed 5; sleep 30", data.display());
    let tty = Tmux::start("tty", (200, 60), &command);
    wait_for("the title in braille", || tty.braille() > 500);
    for key in ["x", "Down", "Down", "Down", "Down", "Down", "Down", "x", "x", "x", "c"] {
        tty.send(key);
        sleep(Duration::from_millis(120));
    }
    wait_for("the save", || data.join("save-chek.bin").exists());
    assert_eq!(saved(&data).to_move(), Seat::North);
    tty.send("Escape");
    sleep(Duration::from_millis(300));
}

/// Each save the last build wrote (`tests/fixtures/saves-v2`), as `save.bin` in the
/// data folder: the terminal shell moves it into its game's save on launch, the title
/// continues it, and quitting saves the same game.
#[test]
fn the_terminal_moves_each_old_save_into_its_game() {
    if !have("tmux") {
        return;
    }
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures/saves-v2");
    for (i, (file, id)) in [
        ("chek-standard.bin", "chek"),
        ("chek-simple-four.bin", "chek"),
        ("checkers.bin", "checkers"),
        ("chak.bin", "chak"),
        ("che.bin", "che"),
    ]
    .into_iter()
    .enumerate()
    {
        let data = temp_dir(&format!("old{i}"));
        std::fs::copy(fixtures.join(file), data.join("save.bin")).unwrap();
        let text = std::fs::read_to_string(fixtures.join(format!("{file}.txt"))).unwrap();
        let command = format!("CHEK_DATA_DIR={} {CHEK} play --tty --seed 5; sleep 30", data.display());
        let tty = Tmux::start(&format!("old{i}"), (200, 60), &command);
        let new_save = data.join(format!("save-{id}.bin"));
        wait_for("the old save moved", || new_save.exists() && !data.join("save.bin").exists());
        // A continues (the title opens on the game, on Continue); Esc saves and quits.
        sleep(Duration::from_millis(300));
        tty.send("x");
        sleep(Duration::from_millis(300));
        tty.send("Escape");
        sleep(Duration::from_millis(300));
        drop(tty);
        let saved = Saved::from_bytes(&std::fs::read(&new_save).unwrap()).unwrap();
        assert_eq!(Cartridge::load(&saved).unwrap().state_text(), text.trim(), "{file}");
    }
}

#[test]
fn a_small_terminal_is_told_the_size_it_needs() {
    if !have("tmux") {
        return;
    }
    let command = format!("{CHEK} play --tty; sleep 30");
    let tty = Tmux::start("small", (120, 40), &command);
    let mut text = String::new();
    // Wait for the whole message (the screen joins a line the pane wrapped).
    wait_for("the message", || {
        text = tty.screen();
        text.contains("error:") && text.contains("(a smaller font")
    });
    assert!(text.contains("needs 200×60"), "{text}");
}

#[test]
fn play_continues_from_a_share_code() {
    if !have("tmux") {
        return;
    }
    let data = temp_dir("code");
    let position: chek_rules::Position =
        "1NN1N1N1/N2NN1N1/8/3N4/2SS4/1S6/3S1S1S/S1S1S1S1 SN N 0,1 quiet:6".parse().unwrap();
    let code = chek_engine::code::grouped(&position.share_code().unwrap()).to_string();
    let command = format!("CHEK_DATA_DIR={} {CHEK} play --tty --code {code}; sleep 30", data.display());
    let tty = Tmux::start("code", (200, 60), &command);
    wait_for("the board in braille", || tty.braille() > 500);
    // C docks the crank: the game saves.
    tty.send("c");
    wait_for("the save", || data.join("save-chek.bin").exists());
    tty.send("Escape");
    sleep(Duration::from_millis(200));
    drop(tty);
    assert_eq!(saved(&data), position);
}

#[test]
fn a_bad_code_is_refused_in_one_line() {
    let out = Command::new(CHEK).args(["play", "--code", "1234-5"]).env_remove("DISPLAY").output().unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.trim(), "error: code: 5 characters is too short for a code");
}

#[test]
fn moves_prints_nothing_for_a_finished_position_and_chak_refuses_trailing_fields() {
    // Light's one man is walled in: no move, the game is over.
    let out = Command::new(CHEK).args(["moves", "--game", "checkers", "W:W29:B21,22,25,26"]).output().unwrap();
    assert!(out.status.success());
    assert_eq!(out.stdout, b"", "no blank line");
    let out = Command::new(CHEK).args(["moves", "--game", "chak", "4k4/9/9/9/9/9/9/9/R3K4 w 0 1"]).output().unwrap();
    assert!(!out.status.success());
    assert_eq!(
        String::from_utf8_lossy(&out.stderr).trim(),
        "error: position: nothing may follow the side to move (w or b)"
    );
}
