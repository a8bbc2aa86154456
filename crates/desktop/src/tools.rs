//! The rules tools for any game: `moves`, `perft`, `think` and `code`.

use chek_ai::Thinker;
use chek_cartridge::{with_game, GameDef, Visitor, IDS};
use chek_engine::{Game, Notation, ToAct};

/// Runs `visitor` with the game `id`, or says which games there are.
pub fn with<V: Visitor>(id: &str, visitor: V) -> Result<V::Output, String> {
    with_game(id, visitor).ok_or_else(|| unknown(id))
}

/// Whether the cartridge has the game `id`, or says which games there are.
pub fn known(id: &str) -> Result<(), String> {
    IDS.contains(&id).then_some(()).ok_or_else(|| unknown(id))
}

fn unknown(id: &str) -> String {
    format!("game: unknown {id:?} (expected one of {})", IDS.join(", "))
}

/// Parses a position of game `D`, or says in one line what is wrong with it.
pub fn parse<D: GameDef>(text: &str) -> Result<D::State, String> {
    D::State::parse(text).map_err(|e| e.to_string())
}

/// How a tool reads its POSITION: the game's notation, or a setup's id (`duel`,
/// `four-sides`, …) for its start in `variant` (the game's first when `None`), its
/// randomness from `seed` (Chek Nights deals from it, N2).
#[derive(Clone, Copy, Debug)]
pub struct Start<'a> {
    /// The variant's id, for a setup's start.
    pub variant: Option<&'a str>,
    /// The seed of the start's record.
    pub seed: u64,
}

/// The state `text` names for game `D` as [`Start`] reads it.
pub fn parse_start<D: GameDef>(text: &str, start: Start) -> Result<D::State, String> {
    use chek_engine::Record as _;
    let Some(setup) = D::INFO.setups.iter().position(|s| s.choice.id == text) else {
        return match start.variant {
            Some(_) => Err("variant: --variant is for a setup's start; a position names its own rules".into()),
            None => parse::<D>(text),
        };
    };
    let variants: Vec<&str> = D::INFO.variants.iter().map(|v| v.id).collect();
    let variant = crate::arena::choice("variant", start.variant, &variants)?;
    let first = D::opener(variant, setup).ok_or("setup: no seat can open this game")?;
    let state = D::start(variant, setup, first).ok_or("setup: no start for this seat")?;
    Ok(D::record(state, start.seed).state())
}

/// The legal actions of `state` in the notation, sorted by byte order.
pub fn sorted_actions<G: Game>(state: &G) -> Vec<String> {
    let mut actions: Vec<String> = state.legal().iter().map(|a| a.to_string()).collect();
    actions.sort();
    actions
}

/// A whole number 0 or more, or a one-line message naming `field`.
pub fn whole_number(field: &str, text: &str) -> Result<u32, String> {
    match text.parse() {
        Ok(n) if text.bytes().all(|b| b.is_ascii_digit()) => Ok(n),
        _ => Err(format!("{field}: expected a whole number 0 or more, found {text:?}")),
    }
}

/// `chek moves "<position>"`: the legal actions, one per line, sorted.
#[derive(Debug)]
pub struct Moves<'a>(pub &'a str, pub Start<'a>);

impl Visitor for Moves<'_> {
    type Output = Result<Vec<String>, String>;
    fn visit<D: GameDef>(self) -> Self::Output {
        Ok(sorted_actions(&parse_start::<D>(self.0, self.1)?))
    }
}

/// `chek lesson --game G`: each step of the game's lesson, whether its position and
/// decisions are legal, and the positions its first decision leads to (over the
/// seeds a lesson tries, for a game with dice). Errors name the step.
#[derive(Debug)]
pub struct LessonCheck;

impl Visitor for LessonCheck {
    type Output = Result<Vec<String>, String>;
    fn visit<D: GameDef>(self) -> Self::Output {
        use chek_engine::Record as _;
        let mut lines = Vec::new();
        for (i, step) in D::INFO.lesson.iter().enumerate() {
            let at = |e: String| format!("step {} ({}): {e}", i + 1, step.title);
            let state = parse::<D>(step.position).map_err(at)?;
            D::lesson_play(step).map_err(at)?;
            lines.push(format!("{}. {}: {}", i + 1, step.title, step.position));
            for text in step.expect {
                let action = match state.parse_action(text) {
                    Ok(action) => action,
                    // Chek's LINK steps are decisions of the board, not actions of the
                    // rules: its lesson test plays them.
                    Err(_) if text.starts_with("link ") => {
                        lines.push(format!("   {text}: a link"));
                        continue;
                    }
                    Err(e) => return Err(at(format!("expect: {text}: {e}"))),
                };
                let mut leads: Vec<(String, u64)> = Vec::new();
                for seed in 0..64 {
                    let mut record = D::record(state.clone(), seed);
                    record.play(action).map_err(|e| at(format!("{text}: {e}")))?;
                    let state = record.state();
                    let after = match chek_engine::Game::payoffs(&state) {
                        Some(payoffs) => format!("{state}  [over {} {:?}]", D::ending(&state), payoffs.0),
                        None => state.to_string(),
                    };
                    if !leads.iter().any(|(a, _)| *a == after) {
                        leads.push((after, seed));
                    }
                }
                for (after, seed) in leads {
                    lines.push(format!("   {text} -> {after}   (seed {seed})"));
                }
            }
        }
        Ok(lines)
    }
}

/// `chek perft "<position>" <depth>`.
#[derive(Debug)]
pub struct Perft<'a>(pub &'a str, pub &'a str, pub Start<'a>);

impl Visitor for Perft<'_> {
    type Output = Result<u64, String>;
    fn visit<D: GameDef>(self) -> Self::Output {
        let state = parse_start::<D>(self.0, self.2)?;
        let depth = whole_number("depth", self.1)?;
        Ok(chek_engine::perft(&state, depth))
    }
}

/// `chek code encode "<position>"`: the share code, in groups of four.
#[derive(Debug)]
pub struct Encode<'a>(pub &'a str, pub Start<'a>);

impl Visitor for Encode<'_> {
    type Output = Result<String, String>;
    fn visit<D: GameDef>(self) -> Self::Output {
        let code = D::share_code(&parse_start::<D>(self.0, self.1)?).map_err(|e| e.to_string())?;
        Ok(chek_engine::code::grouped(&code).to_string())
    }
}

/// `chek code decode <CODE>`: the position, in its game's notation, and the
/// entry screen's line about the code: the mistake fixed (the fixed code too), or
/// what is wrong.
///
/// # Errors
/// The entry screen's message, as one line.
pub fn decode(code: &str) -> Result<(String, Option<String>), String> {
    use chek_ui::Catalog;
    let reading = chek_cartridge::Cartridge::from_code(code, 1).map_err(|e| e.to_string())?;
    let note = reading.fixed.map(|fix| format!("{fix}: {}", chek_engine::code::grouped(&reading.code)));
    Ok((reading.value.state_text(), note))
}

/// `chek think "<position>" --level LEVEL`: the action, and with `stats` the nodes.
#[derive(Debug)]
pub struct Think<'a> {
    /// The position.
    pub position: &'a str,
    /// The level or player spec.
    pub level: &'a str,
    /// The seed.
    pub seed: u64,
    /// Stop after this many slices (to measure one).
    pub slices: Option<u32>,
    /// Nodes per slice (`None`: the game's own in the position).
    pub slice_nodes: Option<u32>,
    /// The variant, for a setup's start.
    pub variant: Option<&'a str>,
}

impl Visitor for Think<'_> {
    /// The action (if decided within the slices) and a line of statistics.
    type Output = Result<(Option<String>, String), String>;
    fn visit<D: GameDef>(self) -> Self::Output {
        let state = parse_start::<D>(self.position, Start { variant: self.variant, seed: self.seed })?;
        if !matches!(state.to_act(), ToAct::Seat(_)) {
            return Err("position: the game is over; there is nothing to decide".into());
        }
        // The arena's own players decide at once (no slices; `--slices 0` decides
        // nothing, to count what the setup alone costs).
        let decides = self.slices != Some(0);
        let player = match crate::arena::contender::<D>(self.level)? {
            crate::arena::Contender::Cpu(player) => player,
            crate::arena::Contender::Dice(nodes) => {
                let action = decides.then(|| crate::dice::decide::<D>(&state, nodes)).flatten();
                return Ok((action.map(|a| a.to_string()), format!("{} (the arena's dice player)", self.level)));
            }
            crate::arena::Contender::Mcts(playouts) => {
                let action = decides.then(|| crate::mcts::decide(&state, playouts, self.seed)).flatten();
                return Ok((action.map(|a| a.to_string()), format!("{} (the arena's tree search)", self.level)));
            }
        };
        let mut thinker: Thinker<D::State, D::Eval> = D::think(player, &state, self.seed);
        let slice_nodes = self.slice_nodes.unwrap_or_else(|| D::slice_nodes(&state));
        let mut taken = 0;
        let action = loop {
            if self.slices.is_some_and(|k| taken >= k) {
                break None;
            }
            taken += 1;
            if let Some(action) = thinker.step(slice_nodes) {
                break Some(action.to_string());
            }
            if thinker.done() {
                break None;
            }
        };
        Ok((action, format!("nodes={} slices={taken} {thinker:?}", thinker.nodes())))
    }
}
