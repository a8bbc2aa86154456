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
        /// The script (chek shot's language).
        #[arg(long)]
        script: PathBuf,
        /// Where the PNGs go.
        #[arg(long)]
        out: PathBuf,
        /// Seed the dice.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// The game.
        #[arg(long, default_value = "chek")]
        game: String,
        /// The variant's id.
        #[arg(long)]
        variant: Option<String>,
        /// The setup's id.
        #[arg(long)]
        setup: Option<String>,
        /// Turn on "reduce flashing".
        #[arg(long)]
        reduce_flashing: bool,
        /// Launch from a copy of this folder's files.
        #[arg(long)]
        files: Option<PathBuf>,
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
        /// One game only.
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
        Command::Shot { script, out, seed, game, variant, setup, reduce_flashing, files } => {
            let choice = [Some(game.as_str()), variant.as_deref(), setup.as_deref()];
            shot(&elf, &script, &out, seed, choice, reduce_flashing, files.as_deref())
        }
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

fn shot(
    elf: &std::path::Path,
    script: &std::path::Path,
    out: &std::path::Path,
    seed: u64,
    choice: [Option<&str>; 3],
    reduce_flashing: bool,
    files: Option<&std::path::Path>,
) -> Result<(), String> {
    let text = std::fs::read_to_string(script).map_err(|e| format!("{}: {e}", script.display()))?;
    let commands = chek_desktop::script::parse(&text)?;
    let data = chek_device::scratch_dir("shot");
    prepare_data(&data, seed, choice, files)?;
    std::fs::create_dir_all(out).map_err(|e| format!("{}: {e}", out.display()))?;
    let mut session = Session::boot(elf, &data, seed, reduce_flashing)?;
    session.run(&commands, |name, session| {
        chek_desktop::image::write_png(&session.screen(), &out.join(format!("{name}.png")))
    })?;
    let _ = std::fs::remove_dir_all(&data);
    Ok(())
}
