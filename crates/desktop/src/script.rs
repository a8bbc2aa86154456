//! Input scripts for `chek shot`: one command per line.
//!
//! `up`, `down`, `left`, `right`, `a`, `b` (a press and a release), `crank <degrees>`,
//! `dock`, `undock`, `wait <ms>`, `menu <item>` (a system-menu item: `game-menu`,
//! `take-back`, `new-game`, `game-rules`), `relaunch` (quit, saving, and launch again
//! from the files), `type <code>` (on the code entry: clears it, then dials each
//! character of the code and moves right), `shot <name>`; `#` starts a comment.

use std::path::PathBuf;

use chek_ui::{Buttons, MenuCommand};

use crate::driver::Driver;

/// The game, and the variant and setup the new-game screen (or the arena) starts
/// from.
#[derive(Debug, clap::Args)]
pub struct Choice {
    /// The game (`chek games` lists them).
    #[arg(long, default_value = "chek")]
    pub game: String,
    /// The variant's id (default: the game's first).
    #[arg(long)]
    pub variant: Option<String>,
    /// The setup's id (default: the game's first).
    #[arg(long)]
    pub setup: Option<String>,
}

impl Choice {
    /// The game's, the variant's and the setup's ids, as the new-game screen takes them.
    pub fn ids(&self) -> [Option<&str>; 3] {
        [Some(self.game.as_str()), self.variant.as_deref(), self.setup.as_deref()]
    }
}

/// What every shot runner takes: `chek shot`, and `chek-device shot` on the device
/// build.
#[derive(Debug, clap::Args)]
pub struct ShotArgs {
    /// The script: up down left right a b, crank <deg>, dock, undock, wait <ms>,
    /// menu <item>, relaunch, type <code>, shot <name>, # comments.
    #[arg(long)]
    pub script: PathBuf,
    /// Where the PNGs go.
    #[arg(long)]
    pub out: PathBuf,
    /// Seed the dice.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// The game, the variant and the setup to preselect.
    #[command(flatten)]
    pub choice: Choice,
    /// Turn on "reduce flashing".
    #[arg(long)]
    pub reduce_flashing: bool,
    /// Launch from a copy of this folder's files, as a Data folder (the folder is
    /// only read).
    #[arg(long)]
    pub files: Option<PathBuf>,
}

impl ShotArgs {
    /// The script's commands, with the output folder made.
    ///
    /// # Errors
    /// The script that cannot be read or parsed, or the folder that cannot be made.
    pub fn prepare(&self) -> Result<Vec<Command>, String> {
        let text = std::fs::read_to_string(&self.script).map_err(|e| format!("{}: {e}", self.script.display()))?;
        let commands = parse(&text)?;
        std::fs::create_dir_all(&self.out).map_err(|e| format!("{}: {e}", self.out.display()))?;
        Ok(commands)
    }

    /// Where the shot `name` goes.
    pub fn png(&self, name: &str) -> PathBuf {
        self.out.join(format!("{name}.png"))
    }
}

/// One script command.
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    /// Press and release buttons.
    Press(Buttons),
    /// Turn the crank.
    Crank(f32),
    /// Fold the crank away.
    Dock,
    /// Take the crank out.
    Undock,
    /// Let time pass.
    Wait(u32),
    /// Choose a system-menu item.
    Menu(chek_ui::MenuCommand),
    /// Quit, saving, and launch again from the files.
    Relaunch,
    /// On the code entry: clear it, then dial each character in, moving right.
    Type(String),
    /// Write the frame as `<name>.png`.
    Shot(String),
}

/// The `chek shot` options a reviewed script names in its first line (`# …: chek shot
/// --game checkers --seed 5 …`): what the snapshot tests replay it with.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Heading {
    /// `--seed` (1 if not given).
    pub seed: u64,
    /// `--game` (Chek if not given).
    pub game: String,
    /// `--variant`.
    pub variant: Option<String>,
    /// `--setup`.
    pub setup: Option<String>,
    /// `--files`, relative to the repository's root.
    pub files: Option<String>,
    /// `--reduce-flashing`.
    pub reduce_flashing: bool,
}

impl Heading {
    /// Reads the options from the script's first line.
    ///
    /// # Errors
    /// A first line that names no `chek shot` command, or a seed that is not a number.
    pub fn of_script(text: &str) -> Result<Heading, String> {
        let first = text.lines().next().unwrap_or("");
        if !first.contains("chek shot") {
            return Err(format!("the first line names no chek shot command: {first:?}"));
        }
        let option = |flag: &str| {
            let mut words = first.split_whitespace();
            words.by_ref().find(|w| *w == flag)?;
            words.next().map(str::to_string)
        };
        let seed = match option("--seed") {
            Some(s) => s.parse().map_err(|_| format!("--seed is not a number: {s:?}"))?,
            None => 1,
        };
        Ok(Heading {
            seed,
            game: option("--game").unwrap_or_else(|| "chek".into()),
            variant: option("--variant"),
            setup: option("--setup"),
            files: option("--files"),
            reduce_flashing: first.split_whitespace().any(|w| w == "--reduce-flashing"),
        })
    }

    /// The game, variant and setup, as [`start`] takes them.
    pub fn choice(&self) -> [Option<&str>; 3] {
        [Some(self.game.as_str()), self.variant.as_deref(), self.setup.as_deref()]
    }
}

/// Parses a script.
///
/// # Errors
/// `script line N: …` naming the first bad line.
pub fn parse(text: &str) -> Result<Vec<Command>, String> {
    let mut commands = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let bad = |what: &str| format!("script line {}: {what}: {line:?}", i + 1);
        let mut words = line.split_whitespace();
        let word = words.next().unwrap_or("");
        let arg = words.next();
        if words.next().is_some() {
            return Err(bad("too many words"));
        }
        let command = match (word, arg) {
            ("up", None) => Command::Press(Buttons::UP),
            ("down", None) => Command::Press(Buttons::DOWN),
            ("left", None) => Command::Press(Buttons::LEFT),
            ("right", None) => Command::Press(Buttons::RIGHT),
            ("a", None) => Command::Press(Buttons::A),
            ("b", None) => Command::Press(Buttons::B),
            ("dock", None) => Command::Dock,
            ("undock", None) => Command::Undock,
            ("crank", Some(deg)) => Command::Crank(
                deg.parse::<f32>().ok().filter(|d| d.is_finite()).ok_or_else(|| bad("expected degrees"))?,
            ),
            ("wait", Some(ms)) => Command::Wait(ms.parse().map_err(|_| bad("expected milliseconds"))?),
            ("relaunch", None) => Command::Relaunch,
            ("menu", Some(item)) => Command::Menu(
                [
                    MenuCommand::GameMenu,
                    MenuCommand::Hint,
                    MenuCommand::TakeBack,
                    MenuCommand::NewGame,
                    MenuCommand::Rules,
                ]
                .into_iter()
                .find(|m| m.title().replace(' ', "-") == item)
                .ok_or_else(|| bad("expected game-menu, hint, take-back, new-game or game-rules"))?,
            ),
            ("shot", Some(name)) if !name.contains(['/', '\\']) && !name.starts_with('.') => {
                Command::Shot(name.to_string())
            }
            ("shot", _) => return Err(bad("expected a file name without '/'")),
            ("type", Some(code)) if code.chars().all(|c| c == '-' || chek_engine::code::symbol_of(c).is_some()) => {
                Command::Type(code.to_string())
            }
            ("type", _) => return Err(bad("expected a code (0-9, A-Z without I, L, O, U; dashes)")),
            _ => {
                return Err(bad(
                    "unknown command (up down left right a b crank dock undock wait menu relaunch type shot)",
                ))
            }
        };
        commands.push(command);
    }
    Ok(commands)
}

/// The driver a script starts from: an App with `seed`, on the title of the game
/// `choice` names (`game`, `variant`, `setup` ids), launched from the files of the
/// folder `files` if given (read once; the driver keeps its own copy, so nothing there
/// changes), else from an empty Data folder it keeps.
///
/// # Errors
/// An unknown game, variant or setup; a folder that cannot be read.
pub fn start(seed: u64, choice: [Option<&str>; 3], files: Option<&std::path::Path>) -> Result<Driver, String> {
    let [game, variant, setup] = choice;
    let mut driver = match files {
        Some(dir) => {
            let mut storage = chek_ui::store::MemoryStorage::new();
            for entry in std::fs::read_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))? {
                let path = entry.map_err(|e| format!("{}: {e}", dir.display()))?.path();
                let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
                let bytes = std::fs::read(&path).map_err(|e| format!("{}: {e}", path.display()))?;
                storage.files.insert(name, bytes);
            }
            Driver::launch(seed, storage)
        }
        // No folder: an empty Data folder, kept, so that `relaunch` finds what the
        // game saved (without one it launched from nothing: no game to continue, the
        // new-game screen's choices forgotten).
        None => Driver::launch(seed, chek_ui::store::MemoryStorage::new()),
    };
    if game.is_some() || variant.is_some() || setup.is_some() {
        let id = game.unwrap_or("chek");
        if !driver.app.choose(id, variant, setup) {
            return Err(format!("unknown game, variant or setup: {id} {variant:?} {setup:?}"));
        }
    }
    Ok(driver)
}

/// Types `code` on the code entry: left past the first character to *Clear*, A (which
/// leaves the cursor on the first character of an empty code), then
/// each character dialled the short way round (11.25° a detent) with a right between.
fn type_code(driver: &mut Driver, code: &str) {
    for _ in 0..chek_ui::CodeEntry::MAX {
        driver.press(Buttons::LEFT);
    }
    driver.press(Buttons::A);
    for (i, symbol) in code.chars().filter_map(chek_engine::code::symbol_of).enumerate() {
        if i > 0 {
            driver.press(Buttons::RIGHT);
        }
        let steps = if symbol > 16 { symbol as f32 - 32.0 } else { symbol as f32 };
        if steps != 0.0 {
            driver.crank(steps * chek_ui::controls::DIAL_STEP);
        }
    }
}

/// Runs `commands` on `driver`, calling `shot` for each `shot` command.
///
/// # Errors
/// Whatever `shot` returns.
pub fn run(
    driver: &mut Driver,
    commands: &[Command],
    mut shot: impl FnMut(&str, &Driver) -> Result<(), String>,
) -> Result<(), String> {
    for command in commands {
        match command {
            Command::Press(buttons) => driver.press(*buttons),
            Command::Crank(degrees) => driver.crank(*degrees),
            Command::Dock => driver.dock(),
            Command::Undock => driver.undock(),
            Command::Wait(ms) => driver.wait(*ms),
            Command::Menu(item) => driver.menu(*item),
            Command::Relaunch => driver.relaunch(driver.frames as u64),
            Command::Type(code) => type_code(driver, code),
            Command::Shot(name) => shot(name, driver)?,
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_relaunch_without_a_folder_still_finds_the_game_it_saved() {
        // New game, two people; South steps d2-d3, then the console is quit and
        // launched again: the title offers the game to continue.
        let mut driver = start(4, [None; 3], None).unwrap();
        let commands = parse("a\nwait 300\na\nwait 300\na\nup\na\nwait 300\nrelaunch\n").unwrap();
        run(&mut driver, &commands, |_, _| Ok(())).unwrap();
        assert_eq!(driver.app.title_items().first(), Some(&chek_ui::TitleItem::Continue));
    }

    #[test]
    fn scripts_parse_with_comments_and_name_bad_lines() {
        let commands = parse("# intro\nup\n a \ncrank -45.5\nwait 700 # roll\nshot title\n").unwrap();
        assert_eq!(
            commands,
            [
                Command::Press(Buttons::UP),
                Command::Press(Buttons::A),
                Command::Crank(-45.5),
                Command::Wait(700),
                Command::Shot("title".into())
            ]
        );
        assert_eq!(
            parse("up\njump\n").unwrap_err(),
            "script line 2: unknown command (up down left right a b crank dock undock wait menu relaunch type shot): \"jump\""
        );
        assert!(parse("crank lots").unwrap_err().starts_with("script line 1: expected degrees"));
        assert!(parse("shot ../x").is_err());
        assert!(parse("crank NaN").is_err());
    }
}
