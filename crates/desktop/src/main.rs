//! `chek`: Chek on the desktop, and the project's tools.
#![deny(missing_docs, missing_debug_implementations)]

use std::path::PathBuf;
use std::process::ExitCode;

use chek_cartridge::App;
use chek_desktop::script::Choice;
use chek_desktop::speaker::Speaker;
use chek_desktop::store::Store;
use chek_desktop::window::WindowError;
use chek_desktop::{arena, image, play, script, soak, tools, tty, window};
use clap::{Parser, Subcommand};

/// Chek and the cartridge's other games on the desktop, and the project's tools.
#[derive(Debug, Parser)]
#[command(name = "chek", version)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// The game of a tool's POSITION (or of a soak) and, when POSITION is a setup's id,
/// its start: the variant, and the seed its record starts from (Chek Nights deals the
/// cards from it, N2).
#[derive(Debug, clap::Args)]
struct StartArgs {
    /// The game.
    #[arg(long, default_value = "chek")]
    game: String,
    /// The variant's id: of a setup's start (default: the game's first), or the one
    /// a soak plays (default: every variant in turn).
    #[arg(long)]
    variant: Option<String>,
    /// The seed of a setup's start, or of a soak's first game (game i uses seed + i).
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

impl StartArgs {
    fn start(&self) -> tools::Start<'_> {
        tools::Start { variant: self.variant.as_deref(), seed: self.seed }
    }
}

#[derive(Debug, Subcommand)]
enum CodeAction {
    /// Print the share code of a position.
    Encode {
        /// The position, between turns, or a setup's id for its start.
        #[arg(allow_hyphen_values = true)]
        position: String,
        #[command(flatten)]
        start: StartArgs,
    },
    /// The code lengths of positions of random games: mean, 99th percentile, longest,
    /// and the starts'.
    Lengths {
        /// The game.
        #[arg(long, default_value = "chek")]
        game: String,
        /// How many positions.
        #[arg(long, default_value_t = 100_000)]
        positions: usize,
        /// The first game's seed.
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// Every single typing mistake in the codes of positions of random games, and
    /// codes with one to three random mistakes: how the reader answered.
    Corrupt {
        /// The game.
        #[arg(long, default_value = "chek")]
        game: String,
        /// Codes whose every single mistake is tried.
        #[arg(long, default_value_t = 1_000)]
        exhaustive: usize,
        /// Codes with one to three random mistakes.
        #[arg(long, default_value_t = 1_000_000)]
        random: usize,
        /// The seed.
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// Print the position of a share code (its first character names the game).
    Decode {
        /// The code (groups and dashes as written; any case).
        #[arg(allow_hyphen_values = true)]
        code: String,
    },
}

/// `chek sound …`.
#[derive(Debug, Subcommand)]
enum SoundCommand {
    /// Every cue's name and length.
    List,
    /// Render a cue to a 16-bit mono WAV file.
    Render {
        /// The cue (`chek sound list` names them).
        cue: String,
        /// The WAV file to write.
        #[arg(long)]
        out: PathBuf,
    },
    /// Play a cue through the computer's audio output (a build with `--features audio`).
    Play {
        /// The cue (`chek sound list` names them).
        cue: String,
        /// Say on standard error why nothing is heard, if so.
        #[arg(long)]
        verbose: bool,
    },
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Play in a window (arrows: D-pad, X/Enter: A, Z/Backspace: B, wheel or [ ]: crank,
    /// C: dock/undock the crank, H: hint, Esc: save and quit).
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
        /// Say on standard error why the game is silent, if it is.
        #[arg(long)]
        verbose: bool,
        /// Start with "reduce flashing" on (F turns it on and off while playing).
        #[arg(long)]
        reduce_flashing: bool,
        #[command(flatten)]
        choice: Choice,
    },
    /// List the cartridge's games, one id a line (the ids --game takes).
    Games,
    /// Run frames as the Playdate shell does, for counting instructions
    /// (scripts/bench-frame): idle, a full redraw, or the dice rolling.
    Frames {
        /// Which frames.
        #[arg(value_enum)]
        kind: chek_desktop::frames::Kind,
        /// How many (the dice stop when they stop rolling).
        #[arg(long, default_value_t = 100)]
        frames: u32,
        /// Chek's variant on the board (Chek Nights draws cards).
        #[arg(long, default_value = "standard")]
        variant: String,
    },
    /// Share codes: a position between turns as a short code, and back.
    Code {
        #[command(subcommand)]
        action: CodeAction,
    },
    /// Play a script of inputs against the game and write PNG screenshots.
    Shot {
        #[command(flatten)]
        shot: script::ShotArgs,
        /// Also write the sound cues played, one a line: frame, a tab, the cue.
        #[arg(long)]
        cues: Option<PathBuf>,
    },
    /// The sound cues: list them, or render one to a WAV file.
    Sound {
        #[command(subcommand)]
        command: SoundCommand,
    },
    /// Check a game's lesson: each step's position and decisions, and where the first
    /// decision leads (every outcome of its dice, for Chek).
    Lesson {
        /// The game.
        #[arg(long, default_value = "chek")]
        game: String,
    },
    /// Print the legal actions of a position, one per line, sorted.
    Moves {
        /// The position in the game's notation, e.g. Chek's
        /// "1NNNNNN1/1NNNNNN1/8/8/8/8/1SSSSSS1/1SSSSSS1 SN S 0,0", or a setup's id for
        /// its start (`duel`, `four-sides`, …).
        #[arg(allow_hyphen_values = true)]
        position: String,
        #[command(flatten)]
        start: StartArgs,
    },
    /// Count the step sequences that complete DEPTH turns.
    Perft {
        /// The position, or a setup's id for its start.
        #[arg(allow_hyphen_values = true)]
        position: String,
        /// How many turns, 0 or more.
        #[arg(allow_hyphen_values = true)]
        depth: String,
        #[command(flatten)]
        start: StartArgs,
    },
    /// CPU against CPU: A takes one seat, B the others; seats rotate, and starts where the players choose them.
    Arena {
        /// A's level: random, greedy, easy, normal, hard, master (or the game's own spec),
        /// mcts:N, a plain Monte Carlo tree search of N random playouts a decision, or
        /// dice:N, a two-turn expectimax through every roll scored by win chances (a
        /// third turn within about N nodes).
        #[arg(long)]
        a: String,
        /// B's level.
        #[arg(long)]
        b: String,
        /// How many games.
        #[arg(long, default_value_t = 200)]
        games: u64,
        #[command(flatten)]
        choice: Choice,
        /// Seed.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Worker threads (default: one per core).
        #[arg(long)]
        threads: Option<usize>,
        /// Write every 20th position of the first four games to this file.
        #[arg(long)]
        record: Option<PathBuf>,
        /// Decisions the `easy` level plays first, the same opening for each round of
        /// games (A in every seat), a new one each round.
        #[arg(long, default_value_t = 0)]
        openings: u32,
        /// Stop when a sequential test decides: ELO0:ELO1, e.g. 0:20 (is A 20 Elo
        /// stronger, or not stronger at all?), at 5% error each way.
        #[arg(long)]
        sprt: Option<String>,
    },
    /// Fit the evaluation's weights to self-play results (a logistic least-squares
    /// fit by coordinate descent); prints the loss and the weights before and after.
    Tune {
        /// The game.
        #[arg(long)]
        game: String,
        /// The variant (the first if not given).
        #[arg(long)]
        variant: Option<String>,
        /// The level whose games give the positions.
        #[arg(long, default_value = "normal")]
        level: String,
        /// How many games.
        #[arg(long, default_value_t = 400)]
        games: u64,
        /// Decisions the `easy` level plays first in each game.
        #[arg(long, default_value_t = 8)]
        openings: u32,
        /// Passes of coordinate descent, at most.
        #[arg(long, default_value_t = 20)]
        passes: u32,
        /// Seed.
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// Print the action a CPU level takes in a position.
    Think {
        /// The position, or a setup's id for its start (dealt from --seed in Chek
        /// Nights).
        #[arg(allow_hyphen_values = true)]
        position: String,
        /// The variant's id, for a setup's start (default: the game's first).
        #[arg(long)]
        variant: Option<String>,
        /// The game.
        #[arg(long, default_value = "chek")]
        game: String,
        /// The level: random, greedy, easy, normal, hard, master, a level of a release
        /// (hard@2), the game's search spec, or one of the arena's players (dice:N,
        /// mcts:N).
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
        /// Nodes per slice (default: as the game runs it in this position).
        #[arg(long)]
        slice_nodes: Option<u32>,
    },
    /// Chek Nights between CPUs of one level: the first seat's score, the game's length,
    /// quiet ends, the seat dealt the most, face cards taken by number cards.
    Balance {
        /// The setup's id.
        #[arg(long, default_value = "duel")]
        setup: String,
        /// The variant's id (another than nights, to compare).
        #[arg(long, default_value = "nights")]
        variant: String,
        /// The level of every seat.
        #[arg(long, default_value = "hard")]
        level: String,
        /// How many games.
        #[arg(long, default_value_t = 200)]
        games: u64,
        /// The first game's seed.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Worker threads.
        #[arg(long, default_value_t = 2)]
        threads: usize,
    },
    /// Play random games with every invariant checked after every step.
    Soak {
        /// How many games.
        #[arg(long, default_value_t = 1_000_000)]
        games: u64,
        #[command(flatten)]
        start: StartArgs,
        /// Worker threads (default: one per core).
        #[arg(long)]
        threads: Option<usize>,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Play { scale, tty, seed, code, verbose, reduce_flashing, choice } => {
            play(scale, tty, seed, code.as_deref(), verbose, reduce_flashing, &choice)
        }
        Command::Frames { kind, frames, variant } => {
            chek_desktop::frames::run(kind, frames, &variant).map(|(ran, drew)| {
                println!("frames={ran} drew={drew}");
            })
        }
        Command::Games => {
            for id in chek_cartridge::IDS {
                println!("{id}");
            }
            Ok(())
        }
        Command::Code { action: CodeAction::Encode { position, start } } => {
            print(tools::with(&start.game, tools::Encode(&position, start.start())))
        }
        Command::Code { action: CodeAction::Lengths { game, positions, seed } } => {
            print(tools::with(&game, chek_desktop::codes::Lengths { positions, seed }))
        }
        Command::Code { action: CodeAction::Corrupt { game, exhaustive, random, seed } } => {
            print(tools::with(&game, chek_desktop::codes::Corrupt { exhaustive, random, seed }))
        }
        Command::Code { action: CodeAction::Decode { code } } => tools::decode(&code).map(|(position, note)| {
            if let Some(note) = note {
                eprintln!("{note}");
            }
            println!("{position}");
        }),
        Command::Shot { shot: args, cues } => shot(&args, cues.as_deref()),
        Command::Sound { command: SoundCommand::List } => {
            for cue in chek_ui::sound::Cue::ALL {
                println!("{}\t{} ms", cue.name(), cue.length_ms());
            }
            Ok(())
        }
        Command::Sound { command: SoundCommand::Render { cue, out } } => {
            cue_named(&cue).and_then(|cue| chek_desktop::sound::write_wav(cue, &out))
        }
        Command::Sound { command: SoundCommand::Play { cue, verbose } } => cue_named(&cue).map(|cue| {
            let mut speaker = Speaker::open(verbose);
            speaker.play(&[cue]);
            speaker.wait_quiet(std::time::Duration::from_secs(10));
        }),
        Command::Moves { position, start } => {
            // A finished position has no moves: nothing is printed, not a blank line.
            tools::with(&start.game, tools::Moves(&position, start.start()))
                .and_then(|r| r.map(|lines| lines.iter().for_each(|line| println!("{line}"))))
        }
        Command::Lesson { game } => tools::with(&game, tools::LessonCheck)
            .and_then(|r| r.map(|lines| lines.iter().for_each(|line| println!("{line}")))),
        Command::Perft { position, depth, start } => {
            print(tools::with(&start.game, tools::Perft(&position, &depth, start.start())))
        }
        Command::Arena { a, b, games, choice, seed, threads, record, openings, sprt } => {
            sprt.as_deref().map(chek_desktop::sprt::Sprt::parse).transpose().and_then(|sprt| {
                let arena = arena::Match {
                    a: &a,
                    b: &b,
                    games,
                    variant: choice.variant.as_deref(),
                    setup: choice.setup.as_deref(),
                    seed,
                    threads,
                    record: record.as_deref(),
                    openings,
                    sprt,
                };
                print(tools::with(&choice.game, arena))
            })
        }
        Command::Tune { game, variant, level, games, openings, passes, seed } => {
            let fit =
                chek_desktop::tune::Fit { level: &level, games, variant: variant.as_deref(), seed, openings, passes };
            tools::with(&game, fit).and_then(|r| r.map(|text| println!("{text}")))
        }
        Command::Think { position, variant, game, level, seed, stats, slices, slice_nodes } => {
            let variant = variant.as_deref();
            let think = tools::Think { position: &position, level: &level, seed, slices, slice_nodes, variant };
            tools::with(&game, think).and_then(|r| {
                let (action, line) = r?;
                if stats {
                    eprintln!("{line}");
                }
                if let Some(action) = action {
                    println!("{action}");
                }
                Ok(())
            })
        }
        Command::Balance { setup, variant, level, games, seed, threads } => {
            let balance = chek_desktop::balance::Balance {
                setup: &setup,
                variant: &variant,
                level: &level,
                games,
                seed,
                threads,
            };
            balance.run().map(|report| println!("{report}"))
        }
        Command::Soak { games, start, threads } => {
            let soak = soak::Soak { games, first: start.seed, variant: start.variant.as_deref(), threads };
            print(tools::with(&start.game, soak))
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::FAILURE
        }
    }
}

/// The cue called `name`, or a line naming the cues there are.
fn cue_named(name: &str) -> Result<chek_ui::sound::Cue, String> {
    chek_ui::sound::Cue::from_name(name).ok_or_else(|| {
        let names: Vec<&str> = chek_ui::sound::Cue::ALL.iter().map(|c| c.name()).collect();
        format!("cue: unknown {name:?} (expected one of {})", names.join(", "))
    })
}

/// Prints a tool's answer, or passes its one-line error on.
fn print<T: std::fmt::Display>(result: Result<Result<T, String>, String>) -> Result<(), String> {
    println!("{}", result??);
    Ok(())
}

/// Preselects the game, variant and setup, or says which one is unknown.
fn choose(app: &mut App, choice: &Choice) -> Result<(), String> {
    tools::known(&choice.game)?;
    if app.choose(&choice.game, choice.variant.as_deref(), choice.setup.as_deref()) {
        Ok(())
    } else {
        let info = app.game();
        let variants: Vec<&str> = info.variants.iter().map(|v| v.id).collect();
        let setups: Vec<&str> = info.setups.iter().map(|s| s.choice.id).collect();
        Err(format!(
            "variant or setup: unknown for {} (variants: {}; setups: {})",
            info.id,
            variants.join(", "),
            setups.join(", ")
        ))
    }
}

fn play(
    scale: usize,
    use_tty: bool,
    seed: Option<u64>,
    code: Option<&str>,
    verbose: bool,
    reduce_flashing: bool,
    choice: &Choice,
) -> Result<(), String> {
    let mut store = Store::user()?;
    // A bad code is refused before anything else is touched.
    if let Some(code) = code {
        let mut probe = App::new(0);
        probe.continue_from_code(code).map_err(|e| e.to_string())?;
    }
    let mut app = play::launch(seed.unwrap_or_else(play::clock_seed), &mut store);
    choose(&mut app, choice)?;
    if let Some(code) = code {
        if let Some(fix) = app.continue_from_code(code).map_err(|e| e.to_string())? {
            eprintln!("{fix}");
        }
    }
    let mut speaker = Speaker::open(verbose);
    if use_tty {
        return tty::run(&mut app, &mut store, &mut speaker, reduce_flashing);
    }
    match window::run(&mut app, &mut store, &mut speaker, scale, reduce_flashing) {
        Ok(()) => Ok(()),
        Err(WindowError::NoDisplay(why)) => {
            tty::check_size().map_err(|size| format!("no display for a window ({why}); {size}"))?;
            eprintln!("no display for a window ({why}); playing in the terminal");
            tty::run(&mut app, &mut store, &mut speaker, reduce_flashing)
        }
    }
}

fn shot(args: &script::ShotArgs, cues: Option<&std::path::Path>) -> Result<(), String> {
    let commands = args.prepare()?;
    let mut driver = script::start(args.seed, [None; 3], args.files.as_deref())?;
    choose(&mut driver.app, &args.choice)?;
    driver.reduce_flashing = args.reduce_flashing;
    script::run(&mut driver, &commands, |name, driver| image::write_png(&driver.render(), &args.png(name)))?;
    if let Some(path) = cues {
        let lines: String = driver.cues.iter().map(|(frame, cue)| format!("{frame}\t{}\n", cue.name())).collect();
        std::fs::write(path, lines).map_err(|e| format!("{}: {e}", path.display()))?;
    }
    Ok(())
}
