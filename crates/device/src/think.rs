//! The CPU's budgets counted in Thumb instructions: each game's first decision from
//! the fixed positions of `scripts/bench/` (the ones `scripts/bench-ai` counts on
//! x86-64), slice by slice, on the device build.
//!
//! Each position becomes a save in which the seat to move is the CPU at the level and
//! every other seat a person. The device build launches from it, continues it (A on
//! the title screen), and
//! thinks as it would for a player: one slice a frame (Master up to four while the
//! frame allows), each a call of `chek_ui::play::think_slice_of`, whose instructions
//! from its entry to its return are counted.

use std::fmt::Write;
use std::path::{Path, PathBuf};

use chek_ai::Level;
use chek_cartridge::{GameDef, Visitor};
use chek_ui::{Play, SeatKind};

use crate::script::{prepare_data, Session};

/// The level's budgets: a decision's and a slice's, in instructions.
pub fn budgets(level: Level) -> (u64, u64) {
    let decision = if level == Level::Master { 750_000_000 } else { 150_000_000 };
    (decision, 1_500_000)
}

/// Frames after which a position that never thinks is an error (about a minute).
const MAX_FRAMES: u32 = 2_000;

/// One position's first decision on the device build.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Decision {
    /// "chek#3".
    pub label: String,
    /// The slices it took.
    pub slices: u32,
    /// Instructions in all its slices.
    pub instructions: u64,
    /// Instructions of its largest slice.
    pub largest_slice: u64,
    /// Instructions of its largest frame, the slices and the drawing together.
    pub largest_frame: u64,
    /// The deepest stack of an update callback while it thought, in bytes.
    pub stack: u64,
    /// The heap's high-water mark, in bytes.
    pub heap: u64,
}

/// The save that continues `position` with the CPU at `level` to move: its file's
/// name and bytes.
struct SaveOf<'a> {
    position: &'a str,
    level: Level,
    seed: u64,
}

impl Visitor for SaveOf<'_> {
    type Output = Result<(String, Vec<u8>), String>;
    fn visit<D: GameDef>(self) -> Self::Output {
        let state = chek_desktop::tools::parse::<D>(self.position)?;
        let play = D::continue_play(state, self.seed);
        let mut saved = play.save();
        let mover = play.to_act();
        saved.kinds = SeatKind::PEOPLE;
        saved.kinds[mover] = SeatKind::Cpu(self.level);
        Ok((chek_ui::store::save_file(D::INFO.id), saved.to_bytes()))
    }
}

/// The fixed positions of `game` (`scripts/bench/<game>.txt`), at most `limit`.
fn positions(game: &str, limit: usize) -> Result<Vec<String>, String> {
    let path = bench_dir().join(format!("{game}.txt"));
    let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    let lines = text.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#'));
    Ok(lines.take(limit).map(String::from).collect())
}

fn bench_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../scripts/bench")
}

/// Launches the device build on `position` of `game` and counts its first decision.
///
/// # Errors
/// A position the game does not read, a fault, or a CPU that never thinks.
pub fn decision(elf: &Path, game: &str, position: &str, level: Level, label: String) -> Result<Decision, String> {
    let seed = 1;
    let save = SaveOf { position, level, seed };
    let (file, bytes) = chek_desktop::tools::with(game, save)??;
    let data = crate::scratch_dir(&format!("think-{label}"));
    prepare_data(&data, seed, [Some(game), None, None], None)?;
    std::fs::write(data.join(&file), bytes).map_err(|e| format!("{file}: {e}"))?;
    let mut session = Session::boot(elf, &data, seed, false)?;
    // The title screen, its "Continue" chosen: the first frames after it think.
    session.press(chek_ui::Buttons::A).map_err(|f| f.to_string())?;
    if session.device.watch(|name| name.starts_with("chek_ui::play::think_slice_of")) == 0 {
        return Err("the binary has no chek_ui::play::think_slice_of to count".into());
    }
    let mut decision = Decision { label, ..Decision::default() };
    // A decision thinks every frame until it is made; then the CPU's hand moves to its
    // target (at least [`chek_ui::CPU_AIM_MS`]) without thinking. The first frame
    // without a slice after some ends the decision.
    for _ in 0..MAX_FRAMES {
        let before = session.device.retired();
        session.idle().map_err(|f| format!("{}: {f}", decision.label))?;
        let frame = session.device.retired() - before;
        let spans = session.device.spans();
        if spans.is_empty() {
            if decision.slices > 0 {
                break;
            }
            continue;
        }
        decision.slices += spans.len() as u32;
        decision.instructions += spans.iter().sum::<u64>();
        decision.largest_slice = decision.largest_slice.max(spans.iter().copied().max().unwrap_or(0));
        decision.largest_frame = decision.largest_frame.max(frame);
    }
    let _ = std::fs::remove_dir_all(&data);
    if decision.slices == 0 {
        let shot = std::env::temp_dir().join(format!("chek-device-{}.png", decision.label));
        chek_desktop::image::write_png(&session.screen(), &shot)?;
        return Err(format!(
            "{}: the CPU did not think within {MAX_FRAMES} frames (the screen: {})",
            decision.label,
            shot.display()
        ));
    }
    let profile = session.device.profile(25);
    let total = decision.instructions.max(1);
    for (name, count, calls) in profile {
        eprintln!("{count:>12} {:>5.1}% {calls:>9} calls  {name}", 100.0 * count as f64 / total as f64);
    }
    if let Some(name) = std::env::var_os("CHEK_DEVICE_BLOCKS") {
        for (block, count) in session.device.blocks(&name.to_string_lossy(), 30) {
            eprintln!("{count:>12}  block {block:#010x}");
        }
    }
    for (caller, calls, bytes) in session.device.copies(15) {
        eprintln!("{calls:>9} calls {bytes:>11} bytes  {caller}");
    }
    decision.stack = session.device.update.stack;
    decision.heap = session.device.heap_high_water();
    Ok(decision)
}

/// The position sets `think` counts: a label, the game, and what each of its positions
/// gains: every game's, and Checkers' again by English rules (`english`), whose levels
/// search differently.
fn sets() -> Vec<(&'static str, &'static str, &'static str)> {
    let games = chek_cartridge::IDS.iter().map(|&id| (id, id, ""));
    games.chain([("english", "checkers", " rules:english")]).collect()
}

/// Every game's first `limit` positions at `level` (or one set's, `game` naming a
/// game or `english`; or only the position numbered `only`, from 1): a line for
/// each decision, the medians and maxima, and the budgets.
///
/// # Errors
/// A fault, or a figure over its budget (after the report is written).
pub fn think(
    elf: &Path,
    game: Option<&str>,
    (limit, only): (usize, Option<usize>),
    level: Level,
) -> Result<String, String> {
    let chosen: Vec<_> = sets().into_iter().filter(|&(label, ..)| game.is_none_or(|g| g == label)).collect();
    if chosen.is_empty() {
        let labels: Vec<&str> = sets().into_iter().map(|(label, ..)| label).collect();
        return Err(format!("game: unknown {:?} (expected one of {})", game.unwrap_or(""), labels.join(", ")));
    }
    let mut report = String::new();
    let _ = writeln!(
        report,
        "{:<12} {:>7} {:>14} {:>12} {:>12} {:>7} {:>8}",
        "position", "slices", "decision", "slice_max", "frame_max", "stack", "heap"
    );
    let mut all = Vec::new();
    for (label, game, suffix) in chosen {
        for (i, position) in positions(game, limit)?.iter().enumerate() {
            if only.is_some_and(|only| only != i + 1) {
                continue;
            }
            let position = format!("{position}{suffix}");
            let d = decision(elf, game, &position, level, format!("{label}#{}", i + 1))?;
            let _ = writeln!(
                report,
                "{:<12} {:>7} {:>14} {:>12} {:>12} {:>7} {:>8}",
                d.label, d.slices, d.instructions, d.largest_slice, d.largest_frame, d.stack, d.heap
            );
            all.push(d);
        }
    }
    let stats = |f: fn(&Decision) -> u64| {
        let mut v: Vec<u64> = all.iter().map(f).collect();
        v.sort_unstable();
        let median = v.get(v.len().saturating_sub(1) / 2).copied().unwrap_or(0);
        format!("median={median} max={}", v.last().copied().unwrap_or(0))
    };
    let name = level.name();
    let _ = writeln!(report, "Thumb instructions per {name} decision: {}", stats(|d| d.instructions));
    let _ = writeln!(report, "Thumb instructions per slice: {}", stats(|d| d.largest_slice));
    let _ = writeln!(report, "Thumb instructions per thinking frame: {}", stats(|d| d.largest_frame));
    let _ = writeln!(report, "stack, deepest update: {} bytes", stats(|d| d.stack));
    let _ = writeln!(report, "heap, high-water mark: {} bytes", stats(|d| d.heap));
    let (decision_budget, slice_budget) = budgets(level);
    let mut over = Vec::new();
    for d in &all {
        if d.instructions > decision_budget {
            over.push(format!("{}'s decision takes {} (budget {decision_budget})", d.label, d.instructions));
        }
        if d.largest_slice > slice_budget {
            over.push(format!("{}'s slice takes {} (budget {slice_budget})", d.label, d.largest_slice));
        }
    }
    if over.is_empty() {
        Ok(report)
    } else {
        print!("{report}");
        Err(format!("over budget: {}", over.join("; ")))
    }
}
