//! A game of Checkers on the engine's interface: the board, the side to move, and the
//! counts that decide the draws of K9, with how the game ended (K8, K9).

use arrayvec::ArrayVec;
use chek_engine::hash::mix;
use chek_engine::{Game, Step, Violation};

use super::board::{Bits, Board, Dir, Side, Square};
use super::moves::{self, Move, MoveList};

/// Plies without a capture or a man moving that draw the game (K9: 40 moves each).
pub const QUIET_DRAW_PLIES: u8 = 80;
/// How often the same position with the same side to move draws (K9).
pub const REPETITION_DRAW: usize = 3;

/// How a game ended: a side won in one of K8's ways, or it was drawn (K9).
pub type End = chek_engine::Ending<Side, Win, Draw>;

/// K8's three ways to win.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Win {
    /// The opponent has no pieces left.
    NoPieces,
    /// The opponent, to move, has no legal move.
    Blocked,
    /// Every remaining piece of the winner stands on the opponent's back row.
    FarRow,
}

/// K9's draws.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Draw {
    /// Both sides agreed (or a CPU accepted).
    Agreement,
    /// 80 plies without a capture or a man moving.
    Quiet,
    /// The same position with the same side to move a third time.
    Repetition,
}

/// The king steps since the last capture or man move, oldest first (K9), a byte each:
/// the square it left (bits 0–4) and its direction (bits 5–6). Men and piece counts do
/// not change in between, so the positions of the count are rebuilt from these.
pub type History = ArrayVec<u8, { QUIET_DRAW_PLIES as usize }>;

/// Which of the cartridge's two rule sets a game is played by.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum Rules {
    /// The rulebook's game (K1–K10): Light first, and K8's third win by the far row.
    #[default]
    Rulebook,
    /// English draughts by tournament rules (KE1–KE3): Dark first, no far-row win.
    English,
}

impl Rules {
    /// Both, the rulebook's first (the order of the game's variants).
    pub const ALL: [Rules; 2] = [Rules::Rulebook, Rules::English];

    /// The side that moves first (K1, KE2).
    pub const fn first(self) -> Side {
        match self {
            Rules::Rulebook => Side::Light,
            Rules::English => Side::Dark,
        }
    }

    /// Whether a side with all its pieces on the far row wins (K8's third way).
    pub const fn far_row_wins(self) -> bool {
        matches!(self, Rules::Rulebook)
    }
}

/// A position with everything the rules need to go on: what the draws of K9 count,
/// and the rules it is played by.
#[derive(PartialEq, Eq, Hash, Debug)]
pub struct State {
    board: Board,
    to_move: Side,
    history: History,
    end: Option<End>,
    rules: Rules,
    /// How often a position must stand for K9's draw: [`REPETITION_DRAW`] in a game,
    /// 2 in a search's copy ([`State::for_search`]).
    repetition_draw: u8,
    /// The pieces of the side to move that can capture (K3), worked out once a
    /// position: whether it can move, must capture, and its moves all start from them.
    capturers: Bits,
}

/// Copies field by field, the history as one slice: a search copies a state at every
/// node, and the derived copy built the history anew byte by byte and then moved the
/// whole state.
impl Clone for State {
    fn clone(&self) -> State {
        let State { board, to_move, ref history, end, rules, repetition_draw, capturers } = *self;
        let mut copy = State { board, to_move, history: History::new(), end, rules, repetition_draw, capturers };
        // The history is at most as long as its capacity, so this always fits.
        let _ = copy.history.try_extend_from_slice(history);
        copy
    }

    fn clone_from(&mut self, source: &State) {
        let State { board, to_move, ref history, end, rules, repetition_draw, capturers } = *source;
        self.history.clone_from(history);
        (self.board, self.to_move, self.end) = (board, to_move, end);
        (self.rules, self.repetition_draw, self.capturers) = (rules, repetition_draw, capturers);
    }
}

/// A king's step as [`History`] keeps it.
fn step_byte(from: Square, dir: Dir) -> u8 {
    from.index() | (dir as u8) << 5
}

/// The square a king's step of [`History`] left, and the one it went to.
fn step_squares(byte: u8) -> Option<(Square, Square)> {
    let from = Square::from_index(byte & 31)?;
    Some((from, moves::next(from, Dir::from_bits((byte >> 5) as u32))?))
}

/// A game starts from the rulebook's start (K1).
impl Default for State {
    fn default() -> State {
        State::start()
    }
}

impl State {
    /// The start of the rulebook's game (K1): Light to move.
    pub fn start() -> State {
        State::start_of(Rules::Rulebook)
    }

    /// The start by `rules`: Light to move in the rulebook's game, Dark in English
    /// draughts (KE2).
    pub fn start_of(rules: Rules) -> State {
        State::new(Board::START, rules.first()).played_by(rules)
    }

    /// `board` with `to_move` to move, and no history, by the rulebook: how it ended
    /// if the side that moved last has just won (K8).
    pub fn new(board: Board, to_move: Side) -> State {
        let mut state = State::undecided(board, to_move, History::new());
        state.end = state.last_move_won();
        state
    }

    /// `board` with `to_move` to move and `history`, by the rulebook, its end not yet
    /// worked out: the one place a position's capturers are first set.
    fn undecided(board: Board, to_move: Side, history: History) -> State {
        let capturers = moves::capturers(&board, to_move);
        State { board, to_move, history, end: None, rules: Rules::Rulebook, repetition_draw: REPETITION_DRAW as u8, capturers }
    }

    /// The same position played by `rules` (whether the last move won is decided
    /// again: the far row wins only by the rulebook).
    #[must_use]
    pub fn played_by(mut self, rules: Rules) -> State {
        if self.rules != rules {
            self.rules = rules;
            let agreed = self.end == Some(End::Draw(Draw::Agreement));
            self.end = self.last_move_won().or_else(|| self.draw());
            if agreed {
                self.agree_draw();
            }
        }
        self
    }

    /// The rules the game is played by.
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// A position with its king steps since the last capture or man move (from a
    /// save), and `agreed` if the sides agreed to a draw. `None` if the steps do not
    /// lead to this board: each must have moved a king of the side then to move from
    /// an empty square.
    pub fn with_history(board: Board, to_move: Side, history: History, agreed: bool) -> Option<State> {
        let mut earlier = board;
        let mut mover = to_move.other();
        for &byte in history.iter().rev() {
            let (from, to) = step_squares(byte)?;
            if earlier.at(to) != Some((mover, true)) || earlier.at(from).is_some() {
                return None;
            }
            *earlier.pieces_mut(mover) = earlier.pieces(mover) & !to.bit() | from.bit();
            earlier.kings = earlier.kings & !to.bit() | from.bit();
            mover = mover.other();
        }
        let mut state = State::undecided(board, to_move, history);
        state.end = state.last_move_won().or_else(|| state.draw());
        if agreed {
            state.agree_draw();
        }
        Some(state)
    }

    /// Where the pieces stand.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The side to move (also in a finished game: the side that would move next).
    pub fn to_move(&self) -> Side {
        self.to_move
    }

    /// Plies since the last capture or man move (K9).
    pub fn quiet(&self) -> u8 {
        self.history.len() as u8
    }

    /// The king steps since the last capture or man move (saves keep them).
    pub fn history(&self) -> &History {
        &self.history
    }

    /// How the game ended, if it has.
    pub fn end(&self) -> Option<End> {
        self.end
    }

    /// The legal moves into `out`, which is emptied first (none once the game is over;
    /// [`Game::legal`] makes the list).
    pub fn moves_into(&self, out: &mut MoveList) {
        out.clear();
        if self.end.is_none() {
            moves::generate(&self.board, self.to_move, self.capturers, out);
        }
    }

    /// Whether a capture must be made (K3).
    pub fn must_capture(&self) -> bool {
        self.end.is_none() && self.capturers != 0
    }

    /// The pieces of the side to move that have a legal move.
    pub fn movable(&self) -> Bits {
        if self.end.is_some() {
            return 0;
        }
        match self.capturers {
            0 => moves::steppers(&self.board, self.to_move),
            capturers => capturers,
        }
    }

    /// Both sides agree to a draw (K9).
    pub fn agree_draw(&mut self) {
        if self.end.is_none() {
            self.end = Some(End::Draw(Draw::Agreement));
        }
    }

    /// Whether the side that moved last won by it (K8, KE1), checked in the rule's
    /// order.
    fn last_move_won(&self) -> Option<End> {
        let (mover, opponent) = (self.to_move.other(), self.to_move);
        let how = if self.board.pieces(opponent) == 0 {
            Win::NoPieces
        } else if self.capturers == 0 && moves::steppers(&self.board, opponent) == 0 {
            Win::Blocked
        } else if self.rules.far_row_wins() && self.all_on_far_row(mover) {
            Win::FarRow
        } else {
            return None;
        };
        Some(End::Win { winner: mover, how })
    }

    /// Whether every piece of `side` stands on the opponent's back row (K8's third win).
    pub fn all_on_far_row(&self, side: Side) -> bool {
        let own = self.board.pieces(side);
        own != 0 && own & !side.far_row() == 0
    }

    /// How often the position now has stood with the same side to move (K9): the
    /// kings' squares are rebuilt step by step back to the last capture or man move.
    pub fn repetitions(&self) -> usize {
        let kings = |b: &Board| (b.light & b.kings, b.dark & b.kings);
        let now = kings(&self.board);
        let (mut light, mut dark) = now;
        let mut mover = self.to_move.other();
        let mut count = 1;
        for (i, &byte) in self.history.iter().rev().enumerate() {
            let Some((from, to)) = step_squares(byte) else { break };
            let moved = match mover {
                Side::Light => &mut light,
                Side::Dark => &mut dark,
            };
            *moved = *moved & !to.bit() | from.bit();
            mover = mover.other();
            if i % 2 == 1 && (light, dark) == now {
                count += 1;
            }
        }
        count
    }

    /// This position as a search should see it: a position met again (since the last
    /// capture or man move, in the game or along the search) is a draw, as the side
    /// behind could make it one by K9's third repetition. So the side ahead presses on
    /// instead of going round, and the side behind goes round when it can.
    pub fn for_search(&self) -> State {
        State { repetition_draw: 2, ..self.clone() }
    }

    /// Plays `mv` (legal or not: an illegal move gives some other state, never a panic).
    pub fn play(&mut self, mv: Move) {
        if self.end.is_some() {
            return;
        }
        let mover = self.to_move;
        let (board, irreversible) = moves::play(&self.board, mover, mv);
        self.board = board;
        self.to_move = mover.other();
        self.capturers = moves::capturers(&board, self.to_move);
        if irreversible {
            self.history.clear();
        } else {
            let (from, _, dirs) = mv.parts();
            let _ = self.history.try_push(step_byte(from, Dir::from_bits(dirs)));
        }
        self.end = self.last_move_won().or_else(|| self.draw());
    }

    /// K9's automatic draws, after a move that did not win.
    fn draw(&self) -> Option<End> {
        if self.quiet() >= QUIET_DRAW_PLIES {
            Some(End::Draw(Draw::Quiet))
        } else if self.repetitions() >= self.repetition_draw as usize {
            Some(End::Draw(Draw::Repetition))
        } else {
            None
        }
    }

    /// The winner, if there is one.
    pub fn winner(&self) -> Option<Side> {
        match self.end {
            Some(End::Win { winner, .. }) => Some(winner),
            _ => None,
        }
    }
}

impl Game for State {
    chek_engine::duel_turns!(Move, MoveList);

    /// The board and the side to move (not the history: a search's table shares
    /// entries between paths that reach the same position).
    fn hash(&self) -> u64 {
        let b = &self.board;
        mix(mix(b.light as u64 | (b.dark as u64) << 32) ^ (b.kings as u64 | (self.to_move as u64) << 32))
    }

    const BULK_PERFT: bool = true;

    /// Every 80 quiet plies a man moves or a piece is taken: 24 men advance at most 7
    /// rows, 22 pieces can be taken.
    fn max_steps(&self) -> u64 {
        (24 * 7 + 22 + 1) * QUIET_DRAW_PLIES as u64
    }

    fn check(&self) -> Result<(), Violation> {
        let b = &self.board;
        if b.light & b.dark != 0 {
            return Err(Violation("a square holds a Light and a Dark piece"));
        }
        if b.kings & !b.occupied() != 0 {
            return Err(Violation("a king with no piece"));
        }
        if (b.light & !b.kings & super::board::RANK_8) | (b.dark & !b.kings & super::board::RANK_1) != 0 {
            return Err(Violation("a man on the row where it is crowned"));
        }
        if b.light.count_ones() > 12 || b.dark.count_ones() > 12 {
            return Err(Violation("more than 12 pieces of a side"));
        }
        if self.capturers != moves::capturers(b, self.to_move) {
            return Err(Violation("the pieces kept as able to capture are not the board's"));
        }
        if self.end.is_none() && self.legal().is_empty() {
            return Err(Violation("the game goes on with no legal move"));
        }
        Ok(())
    }

    fn check_step(&self, before: &State, step: Step<Move, ()>) -> Result<(), Violation> {
        let Step::Act(mv) = step else { return Err(Violation("Checkers has no chance")) };
        let (b0, b1) = (before.board, self.board);
        let mover = before.to_move;
        if b1.pieces(mover).count_ones() != b0.pieces(mover).count_ones() {
            return Err(Violation("the mover's piece count changed"));
        }
        let lost = b0.pieces(mover.other()).count_ones() - b1.pieces(mover.other()).count_ones();
        if lost != mv.jumps() as u32 {
            return Err(Violation("the pieces taken differ from the jumps"));
        }
        if before.must_capture() != mv.is_capture() {
            return Err(Violation("a capture was skipped, or a step made while one was due"));
        }
        if (b0.kings & b0.pieces(mover)).count_ones() > (b1.kings & b1.pieces(mover)).count_ones() {
            return Err(Violation("a king became a man"));
        }
        Ok(())
    }
}
