//! `chek`: Chek on the desktop, and the project's tools.
#![deny(missing_docs, missing_debug_implementations)]

mod soak;
mod tools;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// Chek, a board game of dice-driven conflict for 2 or 4 players.
#[derive(Debug, Parser)]
#[command(name = "chek", version)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
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
        Command::Moves { position } => tools::moves(&position),
        Command::Perft { position, depth } => tools::perft(&position, &depth),
        Command::Soak {
            games,
            seed,
            threads,
        } => soak::run(games, seed, threads),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::FAILURE
        }
    }
}
