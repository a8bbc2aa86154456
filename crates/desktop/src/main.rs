//! `chek`: Chek on the desktop, and the project's tools.
#![deny(missing_docs, missing_debug_implementations)]

use std::path::PathBuf;
use std::process::ExitCode;

use chek_desktop::driver::Driver;
use chek_desktop::store::Store;
use chek_desktop::window::WindowError;
use chek_desktop::{arena, image, play, script, soak, tools, tty, window};
use chek_rules::Setup;
use chek_ui::App;
use clap::{Parser, Subcommand};

/// Chek, a board game of dice-driven conflict for 2 or 4 players.
#[derive(Debug, Parser)]
#[command(name = "chek", version)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum CodeAction {
    /// Print the share code of a position.
    Encode {
        /// The position, between turns.
        #[arg(allow_hyphen_values = true)]
        position: String,
    },
    /// Print the position of a share code.
    Decode {
        /// The code (groups and dashes as written; any case).
        #[arg(allow_hyphen_values = true)]
        code: String,
    },
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Play in a window (arrows: D-pad, X/Enter: A, Z/Backspace: B, wheel or [ ]: crank,
    /// C: dock/undock the crank, Esc: save and quit).
    Play {
        /// Window scale.
        #[arg(long, default_value_t = 2)]
        scale: usize,
        /// Play in the terminal with braille characters (needs 200×60).
        #[arg(long)]
        tty: bool,
        /// Seed the dice (default: from the clock).
        #[arg(long)]
        seed: Option<u64>,
        /// Continue from a share code (from `chek code encode` or a friend).
        #[arg(long)]
        code: Option<String>,
    },
    /// Share codes: a position between turns as a short code, and back.
    Code {
        #[command(subcommand)]
        action: CodeAction,
    },
    /// Play a script of inputs against the game and write PNG screenshots.
    Shot {
        /// The script: up down left right a b, crank <deg>, dock, undock, wait <ms>,
        /// shot <name>, # comments.
        #[arg(long)]
        script: PathBuf,
        /// Where the PNGs go.
        #[arg(long)]
        out: PathBuf,
        /// Seed the dice.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Preselect this setup on the new-game screen.
        #[arg(long)]
        setup: Option<String>,
        /// Turn on "reduce flashing".
        #[arg(long)]
        reduce_flashing: bool,
    },
    /// Print the legal actions of a position, one per line, sorted.
    Moves {
        /// The position, e.g. "1NNNNNN1/1NNNNNN1/8/8/8/8/1SSSSSS1/1SSSSSS1 SN S 0,0".
        #[arg(allow_hyphen_values = true)]
        position: String,
    },
    /// Count the decision-and-outcome sequences that complete DEPTH turns.
    Perft {
        /// The position.
        #[arg(allow_hyphen_values = true)]
        position: String,
        /// How many turns, 0 or more.
        #[arg(allow_hyphen_values = true)]
        depth: String,
    },
    /// CPU against CPU: A takes one seat, B the others; seats and starts rotate.
    Arena {
        /// A's level: random, greedy, easy, normal or hard.
        #[arg(long)]
        a: String,
        /// B's level.
        #[arg(long)]
        b: String,
        /// How many games.
        #[arg(long, default_value_t = 200)]
        games: u64,
        /// The setup's id.
        #[arg(long, default_value = "duel")]
        setup: String,
        /// Seed.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Worker threads (default: one per core).
        #[arg(long)]
        threads: Option<usize>,
        /// Write every 20th position of the first four games to this file.
        #[arg(long)]
        record: Option<PathBuf>,
    },
    /// Print the action a CPU level takes in a position.
    Think {
        /// The position.
        #[arg(allow_hyphen_values = true)]
        position: String,
        /// The level: random, greedy, easy, normal or hard.
        #[arg(long, default_value = "hard")]
        level: String,
        /// Seed.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Print the nodes searched and the depth reached to stderr.
        #[arg(long)]
        stats: bool,
        /// Stop after this many slices (for measuring one slice).
        #[arg(long)]
        slices: Option<u32>,
        /// Nodes per slice, as the game runs it.
        #[arg(long, default_value_t = chek_ui::CPU_SLICE_NODES)]
        slice_nodes: u32,
    },
    /// Play random games with every invariant checked after every step.
    Soak {
        /// How many games.
        #[arg(long, default_value_t = 1_000_000)]
        games: u64,
        /// The first game's seed; game i uses seed + i.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Worker threads (default: one per core).
        #[arg(long)]
        threads: Option<usize>,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Play { scale, tty, seed, code } => play(scale, tty, seed, code.as_deref()),
        Command::Code { action: CodeAction::Encode { position } } => tools::code_encode(&position),
        Command::Code { action: CodeAction::Decode { code } } => tools::code_decode(&code),
        Command::Shot { script, out, seed, setup, reduce_flashing } => {
            shot(&script, &out, seed, setup.as_deref(), reduce_flashing)
        }
        Command::Moves { position } => tools::moves(&position),
        Command::Perft { position, depth } => tools::perft(&position, &depth),
        Command::Arena { a, b, games, setup, seed, threads, record } => {
            arena::run(&a, &b, games, &setup, seed, threads, record.as_deref())
        }
        Command::Think { position, level, seed, stats, slices, slice_nodes } => {
            arena::think(&position, &level, seed, stats, slices, slice_nodes)
        }
        Command::Soak { games, seed, threads } => soak::run(games, seed, threads),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::FAILURE
        }
    }
}

fn play(scale: usize, use_tty: bool, seed: Option<u64>, code: Option<&str>) -> Result<(), String> {
    // A bad code is refused before anything else is touched.
    let from_code = code.map(chek_rules::Position::from_share_code).transpose().map_err(|e| e.to_string())?;
    let store = Store::user()?;
    let mut app = play::launch(seed.unwrap_or_else(play::clock_seed), &store);
    if let Some(position) = from_code {
        app.continue_from(position);
    }
    if use_tty {
        return tty::run(&mut app, &store);
    }
    match window::run(&mut app, &store, scale) {
        Ok(()) => Ok(()),
        Err(WindowError::NoDisplay(why)) => {
            tty::check_size().map_err(|size| format!("no display for a window ({why}); {size}"))?;
            eprintln!("no display for a window ({why}); playing in the terminal");
            tty::run(&mut app, &store)
        }
    }
}

fn shot(
    script_path: &PathBuf,
    out: &PathBuf,
    seed: u64,
    setup: Option<&str>,
    reduce_flashing: bool,
) -> Result<(), String> {
    let text = std::fs::read_to_string(script_path).map_err(|e| format!("{}: {e}", script_path.display()))?;
    let commands = script::parse(&text)?;
    let mut app = App::new(seed, None);
    if let Some(id) = setup {
        let setup = Setup::from_id(id).ok_or_else(|| {
            let ids: Vec<&str> = Setup::ALL.iter().map(|s| s.id()).collect();
            format!("setup: unknown {id:?} (expected one of {})", ids.join(", "))
        })?;
        app.set_setup(setup);
    }
    std::fs::create_dir_all(out).map_err(|e| format!("{}: {e}", out.display()))?;
    let mut driver = Driver::new(app);
    driver.reduce_flashing = reduce_flashing;
    script::run(&mut driver, &commands, |name, driver| {
        image::write_png(&driver.render(), &out.join(format!("{name}.png")))
    })
}
