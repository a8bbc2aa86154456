//! `chek-device`: the cartridge's device build in an emulated Cortex-M7.
//!
//! - `chek-device shot --script FILE --out DIR [chek shot's options]`: the PNGs of a
//!   `chek shot` script, as the device build draws them.
//! - `chek-device frames`: Thumb instructions of an idle frame, a full redraw and a
//!   dice frame, with the stack and heap they reach.
//! - `chek-device think [--positions N] [--level L] [--game G]`: Thumb instructions of
//!   the CPU's decisions and slices from `scripts/bench/`'s positions.
//!
//! `cargo xtask device …` links the binary first and runs these.

use std::path::PathBuf;
use std::process::ExitCode;

use chek_device::script::{prepare_data, Session};
use clap::{Parser, Subcommand};

#[derive(Debug, Parser)]
#[command(name = "chek-device", about = "The device build in an emulated Cortex-M7")]
struct Cli {
    /// The linked device binary (`cargo xtask device` links it).
    #[arg(long, global = true)]
    elf: Option<PathBuf>,
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Play a `chek shot` script on the device build and write its PNGs.
    Shot {
        #[command(flatten)]
        shot: chek_desktop::script::ShotArgs,
    },
    /// Thumb instructions of an idle frame, a full redraw and a dice frame.
    Frames {
        /// How many frames of each kind.
        #[arg(long, default_value_t = 20)]
        frames: u32,
    },
    /// Thumb instructions of the CPU's first decision from each of `scripts/bench/`'s
    /// positions: the whole decision, its largest slice and frame.
    Think {
        /// How many positions of each game (from the first).
        #[arg(long, default_value_t = 1000)]
        positions: usize,
        /// The level: hard or master (or any other).
        #[arg(long, default_value = "hard")]
        level: String,
        /// One game only (or `english`: Checkers' positions by English rules).
        #[arg(long)]
        game: Option<String>,
        /// Only the position of this number (from 1) in each game's list.
        #[arg(long)]
        only: Option<usize>,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let elf = cli.elf.unwrap_or_else(chek_device::default_elf);
    let result = match cli.command {
        Command::Shot { shot: args } => shot(&elf, &args),
        Command::Frames { frames } => chek_device::bench::frames(&elf, frames).map(|report| print!("{report}")),
        Command::Think { positions, level, game, only } => match chek_ai::Level::from_name(&level) {
            Some(level) => {
                chek_device::think::think(&elf, game.as_deref(), (positions, only), level).map(|r| print!("{r}"))
            }
            None => Err(format!("level: unknown {level:?} (expected random, greedy, easy, normal, hard or master)")),
        },
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

fn shot(elf: &std::path::Path, args: &chek_desktop::script::ShotArgs) -> Result<(), String> {
    let commands = args.prepare()?;
    let data = chek_device::scratch_dir("shot");
    prepare_data(&data, args.seed, args.choice.ids(), args.files.as_deref())?;
    let mut session = Session::boot(elf, &data, args.seed, args.reduce_flashing)?;
    session.run(&commands, |name, session| chek_desktop::image::write_png(&session.screen(), &args.png(name)))?;
    let _ = std::fs::remove_dir_all(&data);
    Ok(())
}
