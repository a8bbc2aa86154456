//! A game of Chak on the engine's interface: the board, the side to move, the counts
//! behind A7's draws, and how the game ended (A5, A6, A7).

use arrayvec::ArrayVec;
use chek_engine::{Game, Step, Violation};

use super::board::{mix, Board, Kind, Piece, Side, Square};
use super::moves::{self, Limits, Move, MoveList, Wanted};

/// Plies without a capture or a pawn move that draw the game (A7: 50 moves each).
pub const QUIET_DRAW_PLIES: u8 = 100;
/// How often the same position with the same side to move draws (A7).
pub const REPETITION_DRAW: usize = 3;

/// How a game ended: a side won (checkmate or the temple) or it was drawn (A5–A7).
pub type End = chek_engine::Ending<Side, Win, Draw>;

/// The two ways to win.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Win {
    /// The loser, to move, is in check with no legal move (A5).
    Checkmate,
    /// The winner's Warrior Ajaw held the loser's temple for a move (A6).
    Temple,
}

/// The draws.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Draw {
    /// The side to move has no legal move and is not in check (A5).
    Stalemate,
    /// Both sides agreed, or a CPU accepted (A7).
    Agreement,
    /// 50 moves each without a capture or a pawn move (A7).
    Quiet,
    /// The same position with the same side to move a third time (A7).
    Repetition,
}

/// The moves since the last capture, pawn move or promotion, oldest first, as
/// `[from, to]`: no piece changed kind or left the board in between, so the earlier
/// positions are rebuilt from these (A7's repetitions).
pub type History = ArrayVec<[u8; 2], { QUIET_DRAW_PLIES as usize }>;

/// A position with everything the rules need to go on.
#[derive(PartialEq, Eq, Hash, Debug)]
pub struct State {
    board: Board,
    to_move: Side,
    quiet: u8,
    history: History,
    end: Option<End>,
    /// Whether the side to move is in check, and what A5 allows it
    /// ([`moves::Limits`]): worked out once per move.
    check: bool,
    limits: Limits,
    /// How often a position must stand for A7's draw: [`REPETITION_DRAW`] in a game,
    /// 2 in a search's copy ([`State::for_search`]).
    repetition_draw: u8,
}

/// Why a board and side to move cannot be a position of the game.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Illegal {
    /// A side has no Ajaw, or more than one.
    Ajaws(Side),
    /// The side that has just moved left its Ajaw attacked.
    MoverInCheck(Side),
    /// A pawn on its last rank (it would have been promoted).
    PawnOnLastRank(Square),
    /// A base-form piece (not a pawn) in the other half: it would have crossed.
    Uncrossed(Square),
    /// More than 16 pieces of a side.
    TooMany(Side),
    /// The moves since the last irreversible one do not lead to this board.
    History,
}

/// Copies field by field, the history as one slice: a search copies a state at every
/// node, and the derived copy built the history anew element by element and moved the
/// whole state twice.
impl Clone for State {
    fn clone(&self) -> State {
        let State { board, to_move, quiet, ref history, end, check, limits, repetition_draw } = *self;
        let mut copy = State { board, to_move, quiet, history: History::new(), end, check, limits, repetition_draw };
        // The history is at most as long as its capacity, so this always fits.
        let _ = copy.history.try_extend_from_slice(history);
        copy
    }

    fn clone_from(&mut self, source: &State) {
        let State { board, to_move, quiet, ref history, end, check, limits, repetition_draw } = *source;
        self.history.clone_from(history);
        (self.board, self.to_move, self.quiet, self.end) = (board, to_move, quiet, end);
        (self.check, self.limits, self.repetition_draw) = (check, limits, repetition_draw);
    }
}

/// A game starts from the start (A1).
impl Default for State {
    fn default() -> State {
        State::start()
    }
}

impl State {
    /// The start (A1): White to move.
    pub fn start() -> State {
        let board = Board::start();
        let limits = Limits::of(&board, Side::White);
        State {
            board,
            to_move: Side::White,
            quiet: 0,
            history: History::new(),
            end: None,
            check: false,
            limits,
            repetition_draw: REPETITION_DRAW as u8,
        }
    }

    /// `board` with `to_move` to move and no history; how it ended if it has.
    ///
    /// # Errors
    /// Why the board cannot arise in a game.
    pub fn new(board: Board, to_move: Side) -> Result<State, Illegal> {
        State::with_counts(board, to_move, 0, History::new())
    }

    /// A position with its quiet count and the moves since the last irreversible one
    /// (a save): the moves must lead to this board.
    ///
    /// # Errors
    /// Why the board cannot arise, or [`Illegal::History`].
    pub fn with_counts(board: Board, to_move: Side, quiet: u8, history: History) -> Result<State, Illegal> {
        for side in Side::ALL {
            let pieces = board.pieces(side);
            let (mut ajaws, mut count) = (0, 0);
            for (sq, p) in pieces {
                count += 1;
                ajaws += (p.kind == Kind::Ajaw) as u32;
                if p.kind == Kind::Pawn && sq.rank() == side.last_rank() {
                    return Err(Illegal::PawnOnLastRank(sq));
                }
                if p.kind != Kind::Pawn && !p.plus && sq.half() != side {
                    return Err(Illegal::Uncrossed(sq));
                }
            }
            if ajaws != 1 {
                return Err(Illegal::Ajaws(side));
            }
            if count > 16 {
                return Err(Illegal::TooMany(side));
            }
        }
        if board.in_check(to_move.other()) {
            return Err(Illegal::MoverInCheck(to_move.other()));
        }
        if history.len() > quiet as usize || !history_fits(&board, to_move, &history) {
            return Err(Illegal::History);
        }
        let quiet = quiet.min(QUIET_DRAW_PLIES);
        let mut state = State {
            board,
            to_move,
            quiet,
            history,
            end: None,
            check: false,
            limits: Limits::NONE,
            repetition_draw: REPETITION_DRAW as u8,
        };
        state.end = state.decide();
        Ok(state)
    }

    /// Where the pieces stand.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The side to move (in a finished game, the side that would move next).
    pub fn to_move(&self) -> Side {
        self.to_move
    }

    /// Plies since the last capture or pawn move (A7).
    pub fn quiet(&self) -> u8 {
        self.quiet
    }

    /// The moves since the last capture, pawn move or promotion.
    pub fn history(&self) -> &History {
        &self.history
    }

    /// How the game ended, if it has.
    pub fn end(&self) -> Option<End> {
        self.end
    }

    /// The winner, if there is one.
    pub fn winner(&self) -> Option<Side> {
        match self.end {
            Some(End::Win { winner, .. }) => Some(winner),
            _ => None,
        }
    }

    /// Whether the side to move is in check (A5).
    pub fn in_check(&self) -> bool {
        self.check
    }

    /// The legal moves into `out`, which is emptied first (none once the game is over;
    /// [`Game::legal`] makes the list).
    pub fn moves_into(&self, out: &mut MoveList) {
        out.clear();
        if self.end.is_none() {
            moves::generate(&self.board, self.to_move, self.limits, Wanted::All, out);
        }
    }

    /// The position with the other side to move, as if the side to move had passed:
    /// not a move of the game (there is none in Chak), but what a search's null move
    /// asks. `None` in check or once the game is over. The moves since the last
    /// capture are forgotten (a pass breaks any repetition).
    pub fn passed(&self) -> Option<State> {
        if self.end.is_some() || self.check {
            return None;
        }
        let mut state = State {
            board: self.board,
            to_move: self.to_move.other(),
            quiet: self.quiet.saturating_add(1),
            history: History::new(),
            end: None,
            check: false,
            limits: Limits::NONE,
            repetition_draw: self.repetition_draw,
        };
        state.end = state.decide();
        Some(state)
    }

    /// Whether `mv` is legal here (cheaper than every move: only its piece's are
    /// walked).
    pub fn is_legal(&self, mv: Move) -> bool {
        self.end.is_none() && moves::is_legal(&self.board, self.to_move, self.limits, mv)
    }

    /// The legal captures and promotions into `out` (cleared first; none once the
    /// game is over): what a search looks at past its depth.
    pub fn noisy_into(&self, out: &mut MoveList) {
        out.clear();
        if self.end.is_none() {
            moves::generate(&self.board, self.to_move, self.limits, Wanted::Noisy, out);
        }
    }

    /// Both sides agree to a draw (A7).
    pub fn agree_draw(&mut self) {
        if self.end.is_none() {
            self.end = Some(End::Draw(Draw::Agreement));
        }
    }

    /// Plays `mv` (legal or not: an illegal move gives some other state, never a panic).
    pub fn play(&mut self, mv: Move) {
        if self.end.is_some() {
            return;
        }
        let Some(piece) = self.board.at(mv.from()) else { return };
        let capture = self.board.at(mv.to()).is_some();
        let changes = moves::arriving(piece, mv.from(), mv.to(), mv.promotion()) != piece;
        moves::make(&mut self.board, mv);
        self.to_move = self.to_move.other();
        if capture || piece.kind == Kind::Pawn {
            self.quiet = 0;
        } else {
            self.quiet = self.quiet.saturating_add(1);
        }
        if capture || piece.kind == Kind::Pawn || changes {
            self.history.clear();
        } else {
            let _ = self.history.try_push([mv.from().index(), mv.to().index()]);
        }
        self.end = self.decide();
    }

    /// How the game stands after a move, in A5–A7's order: the side to move is
    /// checkmated or stalemated; a draw by count or repetition; else, if that side's
    /// Warrior Ajaw has held the other's temple through the other's move, it wins.
    fn decide(&mut self) -> Option<End> {
        let side = self.to_move;
        self.limits = Limits::of(&self.board, side);
        self.check = self.limits.in_check();
        if !moves::has_move(&self.board, side, self.limits) {
            return Some(if self.in_check() {
                End::Win { winner: side.other(), how: Win::Checkmate }
            } else {
                End::Draw(Draw::Stalemate)
            });
        }
        if self.quiet >= QUIET_DRAW_PLIES {
            return Some(End::Draw(Draw::Quiet));
        }
        if self.repetitions() >= self.repetition_draw as usize {
            return Some(End::Draw(Draw::Repetition));
        }
        if self.on_temple(side) {
            return Some(End::Win { winner: side, how: Win::Temple });
        }
        None
    }

    /// This position as a search should see it: a position met again (since the last
    /// capture or pawn move, in the game or along the search) is a draw, as the side
    /// behind could make it one by A7's third repetition. So the side ahead presses on
    /// instead of going round.
    pub fn for_search(&self) -> State {
        State { repetition_draw: 2, ..self.clone() }
    }

    /// Whether `side`'s Warrior Ajaw stands on the other side's temple (A6).
    pub fn on_temple(&self, side: Side) -> bool {
        let temple = side.other().temple();
        self.board.at(temple) == Some(Piece { side, kind: Kind::Ajaw, plus: true })
    }

    /// How often the position now has stood with the same side to move (A7), walking
    /// the history back move by move.
    pub fn repetitions(&self) -> usize {
        // A position comes back at the earliest four moves on.
        if self.history.len() < 4 {
            return 1;
        }
        let mut cells = *self.board.cells();
        let now = self.board.key();
        let mut key = now;
        let mut count = 1;
        for (i, &[from, to]) in self.history.iter().rev().enumerate() {
            let (Some(from), Some(to)) = (Square::from_index(from), Square::from_index(to)) else { break };
            let byte = cells[to.index() as usize];
            key ^= super::board::key(byte, to) ^ super::board::key(byte, from);
            cells[from.index() as usize] = byte;
            cells[to.index() as usize] = 0;
            if i % 2 == 1 && key == now {
                count += 1;
            }
        }
        count
    }
}

/// Whether `history` can be undone from `board`: each move, newest first, took a
/// piece of the side that made it to an occupied square from an empty one.
fn history_fits(board: &Board, to_move: Side, history: &History) -> bool {
    let mut board = *board;
    let mut mover = to_move.other();
    for &[from, to] in history.iter().rev() {
        let (Some(from), Some(to)) = (Square::from_index(from), Square::from_index(to)) else { return false };
        match board.at(to) {
            Some(p) if p.side == mover && p.kind != Kind::Pawn && board.at(from).is_none() => {
                board.put(Some(from), Some(p));
                board.put(Some(to), None);
            }
            _ => return false,
        }
        mover = mover.other();
    }
    true
}

impl Game for State {
    chek_engine::duel_turns!(Move, MoveList);

    /// The board and the side to move (not the counts: a search's table shares
    /// entries between paths that reach the same position).
    fn hash(&self) -> u64 {
        mix(self.board.key() ^ self.to_move as u64)
    }

    const BULK_PERFT: bool = true;

    /// Every 100 quiet plies a pawn moves or a piece is taken: 14 pawns advance at
    /// most 7 ranks, 32 pieces can be taken.
    fn max_steps(&self) -> u64 {
        (14 * 7 + 32 + 1) * QUIET_DRAW_PLIES as u64
    }

    fn check(&self) -> Result<(), Violation> {
        for side in Side::ALL {
            let ajaws = self.board.pieces(side).filter(|(_, p)| p.kind == Kind::Ajaw).count();
            if ajaws != 1 {
                return Err(Violation("a side without exactly one Ajaw"));
            }
            if self.board.ajaw(side).and_then(|sq| self.board.at(sq)).map(|p| p.kind) != Some(Kind::Ajaw) {
                return Err(Violation("the board lost track of an Ajaw"));
            }
            let last = side.last_rank();
            if self.board.pieces(side).any(|(sq, p)| p.kind == Kind::Pawn && sq.rank() == last) {
                return Err(Violation("a pawn on its last rank"));
            }
        }
        if self.board.in_check(self.to_move.other()) {
            return Err(Violation("the side that moved left its Ajaw attacked"));
        }
        if self.end.is_none() && self.legal().is_empty() {
            return Err(Violation("the game goes on with no legal move"));
        }
        if self.end.is_none() && self.on_temple(self.to_move) {
            return Err(Violation("a Warrior Ajaw held the temple and the game goes on"));
        }
        Ok(())
    }

    fn check_step(&self, before: &State, step: Step<Move, ()>) -> Result<(), Violation> {
        let Step::Act(mv) = step else { return Err(Violation("Chak has no chance")) };
        let mover = before.to_move;
        let Some(piece) = before.board.at(mv.from()) else { return Err(Violation("a move from an empty square")) };
        let now = self.board.at(mv.to());
        if now.map(|p| p.side) != Some(mover) || self.board.at(mv.from()).is_some() {
            return Err(Violation("the piece did not arrive"));
        }
        let now = now.unwrap_or(piece);
        if piece.plus && !now.plus {
            return Err(Violation("a + form went back"));
        }
        let crossed = moves::crosses(mover, mv.from(), mv.to());
        if piece.kind != Kind::Pawn && crossed && !now.plus {
            return Err(Violation("a piece crossed the river without its + form"));
        }
        let count = |b: &Board, s: Side| b.pieces(s).count() as i32;
        let taken = count(&before.board, mover.other()) - count(&self.board, mover.other());
        if taken != before.board.at(mv.to()).is_some() as i32 {
            return Err(Violation("pieces taken other than the one on the target"));
        }
        Ok(())
    }
}
