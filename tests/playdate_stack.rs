//! The Simulator library's stack use, measured in the headless host by painting: the
//! stack below the caller is filled with a pattern, the game runs, and the deepest
//! word no longer holding the pattern is how far the game's calls reached. Measured
//! per path (init, update frames through whole CPU games of every game, the system
//! menu, the save events) and kept within the device's budget.
//!
//! The host runs the x86-64 build, whose frames are larger than the Cortex-M7's
//! (64-bit pointers and registers), so the figures are an upper bound for the device.

mod host;

use host::{boot, data_dir, run_scenario, scenario_data as data, state, Host};

/// The budget per path, in bytes.
const BUDGET: usize = 8 * 1024;
/// How far below the caller the stack is painted.
const SPAN: usize = 128 * 1024;
/// Left alone just below the caller: `stack_used`'s own frame.
const GAP: usize = 512;
const PATTERN: u64 = 0x5AC3_5AC3_5AC3_5AC3;

/// The stack `f` uses below this call, in bytes.
#[inline(never)]
fn stack_used(f: impl FnOnce()) -> usize {
    let marker = 0u8;
    let top = std::ptr::addr_of!(marker) as usize & !7;
    let (low, high) = (top - SPAN, top - GAP);
    // SAFETY: the span lies within this thread's stack (test threads have megabytes),
    // below every live frame; nothing but the calls made from here use it.
    unsafe {
        paint(low, high);
    }
    f();
    let reached = (low..high).step_by(8).find(|&a| unsafe { std::ptr::read_volatile(a as *const u64) } != PATTERN);
    reached.map_or(0, |a| top - a)
}

#[inline(never)]
unsafe fn paint(low: usize, high: usize) {
    for a in (low..high).step_by(8) {
        std::ptr::write_volatile(a as *mut u64, PATTERN);
    }
}

fn report(path: &str, used: usize) {
    println!("stack {path}: {used} bytes");
    assert!(used < SPAN - GAP, "{path}: the painted span was used up");
    assert!(used <= BUDGET, "{path}: {used} bytes of stack, over the {BUDGET} byte budget");
}

/// The host, measuring the stack of every call into the game; `deepest` is the most
/// any one call used since it was last taken.
struct Measured {
    host: Host,
    deepest: usize,
}

impl Measured {
    fn frame(&mut self, held: u32, pushed: u32, released: u32) {
        let host = &mut self.host;
        let used = stack_used(|| {
            host.frame(held, pushed, released, 0.0);
        });
        // CHEK_STACK_TRACE=1 prints each new deepest call (which frame, counted in
        // getButtonState calls).
        if used > self.deepest && std::env::var_os("CHEK_STACK_TRACE").is_some() {
            println!("  deeper: {used} at {}", state().calls.get("getButtonState").copied().unwrap_or(0));
        }
        self.deepest = self.deepest.max(used);
    }

    fn press(&mut self, button: u32) {
        self.frame(button, button, 0);
        self.frame(0, 0, button);
    }

    fn take(&mut self) -> usize {
        std::mem::take(&mut self.deepest)
    }
}

/// A new game through the menus (see [`host::new_game`]), every press measured.
fn start_cpus(host: &mut Measured, game_rights: usize, rows: &[usize]) {
    host::new_game(&mut |b| host.press(b), game_rights, rows);
}

/// Frames until game `id` ends (its save is removed) or `limit` frames; returns them.
fn play_out(host: &mut Measured, id: &str, limit: u32) -> u32 {
    let data = data();
    let mut frames = 0;
    while data.join(format!("save-{id}.bin")).exists() && frames < limit {
        host.frame(0, 0, 0);
        frames += 1;
    }
    frames
}

/// Both seats of the saved game are CPU hard.
fn assert_cpus(data: &std::path::Path) {
    let kinds = host::read_save(data).kinds;
    assert_eq!(kinds.values().iter().filter(|k| k.label() == "CPU hard").count(), 2, "{kinds:?}");
}

fn stack() {
    let data = data();
    let mut host = host::load(&data);
    report("init (event 0)", stack_used(|| assert_eq!(host.event(0), 0)));
    let mut host = Measured { host, deepest: 0 };
    // Chek: South CPU hard against North CPU hard (dice, conflicts, chains, the search).
    start_cpus(&mut host, 0, &[0, 0, 3, 3]);
    report("update, title and new-game screens, starting Chek", host.take());
    assert_cpus(&data);
    let frames = play_out(&mut host, "chek", 6000);
    report(&format!("update, Chek with two CPUs hard ({frames} frames)"), host.take());
    let mut call = |name: &str, f: &mut dyn FnMut(&mut Host)| report(name, stack_used(|| f(&mut host.host)));
    // Every system-menu item offered now (the game menu and a take-back while the game
    // is on; the rules after it).
    let titles: Vec<String> = state().menu_items.iter().map(|(t, _)| t.clone()).collect();
    for title in titles {
        call(&format!("menu ({title})"), &mut |h| h.menu(&title));
    }
    call("event pause (menu image)", &mut |h| assert_eq!(h.event(4), 0));
    call("event lock (save)", &mut |h| assert_eq!(h.event(2), 0));
    call("event terminate (save)", &mut |h| assert_eq!(h.event(6), 0));
    drop(host);
    // Checkers: both sides CPU hard.
    let _ = std::fs::remove_file(data.join("save-chek.bin"));
    let mut host = Measured { host: boot(&data), deepest: 0 };
    start_cpus(&mut host, 1, &[0, 3, 3]);
    host.take();
    assert_cpus(&data);
    let frames = play_out(&mut host, "checkers", 6000);
    report(&format!("update, Checkers with two CPUs hard ({frames} frames)"), host.take());
    let calls = state().calls.get("getButtonState").copied().unwrap_or(0);
    assert!(calls > 1000, "frames ran: {calls}");
}

/// Runs the scenario named by CHEK_HOST_SCENARIO; started by the test below.
#[test]
#[ignore = "run by the scenario test below, in its own process"]
fn child() {
    match std::env::var("CHEK_HOST_SCENARIO").unwrap().as_str() {
        "stack" => stack(),
        other => panic!("unknown scenario {other}"),
    }
}

#[test]
fn every_path_stays_within_the_stack_budget() {
    let out = run_scenario("stack", &data_dir("stack"), 0);
    println!("{out}");
    assert!(out.contains("stack update, Checkers"), "{out}");
}
