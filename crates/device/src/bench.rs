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
    let _ = writeln!(report, "{:<8} {:>8} {:>8} {:>14} {:>10}", "kind", "frames", "drew", "per_frame", "budget");
    let mut over = Vec::new();
    let mut board = tour(elf, "board")?;
    for _ in 0..200 {
        if !measured(&mut board, false)?.1 {
            break;
        }
    }
    let mut deepest = 0;
    for (kind, redraw_all, budget) in [("idle", false, Some(50_000)), ("redraw", true, Some(2_000_000))] {
        let (mut total, mut drew) = (0, 0);
        for _ in 0..n {
            let (cost, did) = measured(&mut board, redraw_all)?;
            total += cost;
            drew += u32::from(did);
        }
        let per = total / u64::from(n.max(1));
        let _ = writeln!(
            report,
            "{kind:<8} {n:>8} {drew:>8} {per:>14} {:>10}",
            budget.map_or("-".into(), |b: u64| b.to_string())
        );
        if budget.is_some_and(|b| per > b) {
            over.push(format!(
                "a {kind} frame takes {per} Thumb instructions, over the budget of {}",
                budget.unwrap_or(0)
            ));
        }
    }
    deepest = deepest.max(board.device.update.stack);
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
    let _ = writeln!(report, "{:<8} {ran:>8} {drew:>8} {per:>14} {:>10}", "dice", "-");
    deepest = deepest.max(dice.device.update.stack).max(dice.device.event.stack);
    let heap = board.device.heap_high_water().max(dice.device.heap_high_water());
    let _ = writeln!(report, "stack, deepest update or event: {deepest} bytes (limit {})", crate::machine::STACK_LIMIT);
    let _ = writeln!(report, "heap, high-water mark: {heap} bytes");
    if over.is_empty() {
        Ok(report)
    } else {
        print!("{report}");
        Err(over.join("; "))
    }
}
