//! The console budgets counted in Thumb instructions: the frames (`frames`) and the
//! CPU's decisions (`think`), with the stack and heap they reach.

use std::fmt::Write;
use std::path::Path;

use chek_pdhost::event;

use crate::script::{prepare_data, Session};

/// A session on the screenshot tour's board (Chek, four seats, seed 1), run up to
/// the tour's shot `until`.
fn tour(elf: &Path, until: &str) -> Result<Session, String> {
    let data = crate::scratch_dir(&format!("frames-{until}"));
    prepare_data(&data, 1, [Some("chek"), None, Some("four-sides")], None)?;
    let mut session = Session::boot(elf, &data, 1, false)?;
    session.run(&chek_desktop::frames::tour_until(until)?, |_, _| Ok(()))?;
    Ok(session)
}

/// Each game's board, for its redraw: the `docs/shots` script that reaches it, and the
/// shot of the board in it (the tour's board is Chek's, four seats).
const BOARDS: [(&str, &str, &str); 6] = [
    ("chek", "tour", "board"),
    ("nights", "nights", "nights-deal"),
    ("checkers", "checkers", "checkers-board"),
    ("english", "english", "english-board"),
    ("chak", "chak", "chak-board"),
    ("che", "che", "che-board"),
];

/// A session run by `docs/shots/<script>.txt` (its heading's seed, game and setup)
/// up to its shot `until`, and settled.
fn board_of(elf: &Path, script: &str, until: &str) -> Result<Session, String> {
    let mut session = run_until(elf, script, until)?;
    for _ in 0..200 {
        if !measured(&mut session, false)?.1 {
            break;
        }
    }
    Ok(session)
}

/// A session run by `docs/shots/<script>.txt` up to its shot `until`.
fn run_until(elf: &Path, script: &str, until: &str) -> Result<Session, String> {
    let shots = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/shots");
    let path = shots.join(format!("{script}.txt"));
    let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    let heading = chek_desktop::script::Heading::of_script(&text)?;
    let mut commands = chek_desktop::script::parse(&text)?;
    let at = commands
        .iter()
        .position(|c| matches!(c, chek_desktop::script::Command::Shot(n) if n == until))
        .ok_or_else(|| format!("{}: no shot {until:?}", path.display()))?;
    commands.truncate(at);
    commands.retain(|c| !matches!(c, chek_desktop::script::Command::Shot(_)));
    let files = heading.files.as_ref().map(|f| shots.join("../..").join(f));
    let data = crate::scratch_dir(&format!("frames-{until}"));
    prepare_data(&data, heading.seed, heading.choice(), files.as_deref())?;
    let mut session = Session::boot(elf, &data, heading.seed, heading.reduce_flashing)?;
    session.run(&commands, |_, _| Ok(()))?;
    Ok(session)
}

/// Instructions of one frame, and whether it drew.
fn measured(session: &mut Session, redraw_all: bool) -> Result<(u64, bool), String> {
    let before = session.device.retired();
    if redraw_all {
        // Resuming from the system menu redraws every row.
        session.device.event(event::RESUME).map_err(|f| f.to_string())?;
    }
    let drew = session.device.frame(0, 0, 0, 0.0).map_err(|f| f.to_string())? != 0;
    session.frames += 1;
    Ok((session.device.retired() - before, drew))
}

/// The frame budgets: `n` idle frames, `n` full redraws, and the dice's frames (at
/// most `n`), each as Thumb instructions a frame, with the budgets.
///
/// # Errors
/// A fault, or a figure over its budget (after the report is written).
pub fn frames(elf: &Path, n: u32) -> Result<String, String> {
    let mut report = String::new();
    let _ = writeln!(report, "{:<16} {:>8} {:>8} {:>14} {:>10}", "kind", "frames", "drew", "per_frame", "budget");
    let mut over = Vec::new();
    let mut deepest = 0;
    let mut heap = 0;
    let mut charge = |kind: &str, per: u64, budget: u64| {
        if per > budget {
            over.push(format!("a {kind} frame takes {per} Thumb instructions, over the budget of {budget}"));
        }
    };
    for (label, script, until) in BOARDS {
        let mut board = board_of(elf, script, until)?;
        // Chek's board measures the idle frame too (every game's idle frame is the
        // same App doing nothing).
        let kinds: &[(&str, bool, u64)] = if label == "chek" {
            &[("idle", false, 50_000), ("redraw", true, 2_000_000)]
        } else {
            &[("redraw", true, 2_000_000)]
        };
        for &(kind, redraw_all, budget) in kinds {
            let (mut total, mut drew) = (0, 0);
            for _ in 0..n {
                let (cost, did) = measured(&mut board, redraw_all)?;
                total += cost;
                drew += u32::from(did);
            }
            let per = total / u64::from(n.max(1));
            let name = if kind == "idle" { kind.to_string() } else { format!("{kind}:{label}") };
            let _ = writeln!(report, "{name:<16} {n:>8} {drew:>8} {per:>14} {budget:>10}");
            charge(&name, per, budget);
        }
        deepest = deepest.max(board.device.update.stack);
        heap = heap.max(board.device.heap_high_water());
    }
    let mut dice = tour(elf, "dice-rolling")?;
    let (mut total, mut ran, mut drew) = (0u64, 0u32, 0u32);
    // The dice roll for a few hundred milliseconds: the frames that draw them.
    while ran < n {
        let (cost, did) = measured(&mut dice, false)?;
        ran += 1;
        if did {
            total += cost;
            drew += 1;
        }
    }
    let per = total / u64::from(drew.max(1));
    let _ = writeln!(report, "{:<16} {ran:>8} {drew:>8} {per:>14} {:>10}", "dice", "-");
    deepest = deepest.max(dice.device.update.stack).max(dice.device.event.stack);
    let mut heap = heap.max(dice.device.heap_high_water());
    // A review's graph (docs/shots/review.txt: a finished skirmish of Chek just
    // opened in review): the frames that draw while it is worked out.
    let mut review = run_until(elf, "review", "review-open")?;
    let (mut total, mut ran) = (0u64, 0u32);
    while ran < 2_000 {
        let (cost, did) = measured(&mut review, false)?;
        if !did {
            break;
        }
        total += cost;
        ran += 1;
    }
    let per = total / u64::from(ran.max(1));
    let _ = writeln!(report, "{:<16} {ran:>8} {ran:>8} {per:>14} {:>10}", "review graph", 2_000_000);
    charge("review graph", per, 2_000_000);
    deepest = deepest.max(review.device.update.stack);
    heap = heap.max(review.device.heap_high_water());
    let _ = writeln!(report, "stack, deepest update or event: {deepest} bytes (limit {})", crate::machine::STACK_LIMIT);
    let _ = writeln!(report, "heap, high-water mark: {heap} bytes");
    if over.is_empty() {
        Ok(report)
    } else {
        print!("{report}");
        Err(over.join("; "))
    }
}
