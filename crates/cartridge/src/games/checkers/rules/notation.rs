//! Text for positions and moves (K10): PDN FEN such as `W:W21,22,K30:B1,2,12`, and
//! moves such as `11-15` and `18x11x4`. Parsing is exact: a position parses only in
//! the form it prints in, and every error names its field in one line.

use core::fmt::{self, Write};

use chek_engine::{Game, Notation};

use super::board::{Bits, Board, Side, Square};
use super::moves::Move;
use super::state::{Rules, State};

/// What is wrong with a position's text.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum PositionError {
    /// Not three fields separated by `:`.
    FieldCount(usize),
    /// The side to move is not `W` or `B`.
    ToMove,
    /// A piece list does not start with its side's letter.
    ListTag(Side),
    /// An entry of a piece list is not a square number (with `K` for a king).
    Number(Side),
    /// A piece list is not in rising order, each square once.
    Order(Side),
    /// More than 12 pieces of a side.
    TooMany(Side),
    /// A man on the row where it would have been crowned.
    Uncrowned(Side, Square),
    /// A square in both lists.
    Shared(Square),
    /// The side that moved last has no pieces.
    MoverGone(Side),
    /// What follows the position is not `rules:english`.
    Rules,
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let list = |side: Side| match side {
            Side::Light => "light pieces (W)",
            Side::Dark => "dark pieces (B)",
        };
        match *self {
            PositionError::FieldCount(n) => write!(
                f,
                "position: expected 3 fields separated by ':' (<to-move>:W<light pieces>:B<dark pieces>), found {n}"
            ),
            PositionError::ToMove => f.write_str("to-move: expected W (Light) or B (Dark)"),
            PositionError::ListTag(side) => write!(f, "{}: the field starts with {}", list(side), side.letter()),
            PositionError::Number(side) => {
                write!(f, "{}: expected square numbers 1-32 separated by commas, and K before a king's number", list(side))
            }
            PositionError::Order(side) => write!(f, "{}: list the squares in rising order, each once", list(side)),
            PositionError::TooMany(side) => write!(f, "{}: more than 12 pieces", list(side)),
            PositionError::Uncrowned(side, sq) => {
                write!(f, "{}: a man on {sq} would have been crowned (write K{sq})", list(side))
            }
            PositionError::Shared(sq) => write!(f, "board: square {sq} holds a light and a dark piece"),
            PositionError::MoverGone(side) => {
                write!(f, "to-move: {} has no pieces, so it cannot have made the last move", side.name())
            }
            PositionError::Rules => {
                f.write_str("rules: expected nothing after the position, or ' rules:english' for English draughts")
            }
        }
    }
}

/// What is wrong with a move's text.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum MoveError {
    /// Not a move's form.
    Syntax,
    /// No legal move goes so.
    NotLegal,
    /// Several captures go from the first to the last square given.
    Ambiguous,
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::Syntax => f.write_str("move: expected 11-15 for a step or 18x11x4 for a capture"),
            MoveError::NotLegal => f.write_str("move: not legal in this position"),
            MoveError::Ambiguous => f.write_str("move: more than one capture fits; write every landing square"),
        }
    }
}

/// A square number written without leading zeros.
fn square_number(text: &str) -> Option<Square> {
    if text.is_empty() || text.len() > 2 || text.starts_with('0') || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Square::new(text.parse().ok()?)
}

/// A piece list after its letter: (pieces, kings).
fn piece_list(text: &str, side: Side) -> Result<(Bits, Bits), PositionError> {
    let (mut pieces, mut kings) = (0u32, 0u32);
    if text.is_empty() {
        return Ok((0, 0));
    }
    let mut last: Option<Square> = None;
    for entry in text.split(',') {
        let (king, number) = match entry.strip_prefix('K') {
            Some(rest) => (true, rest),
            None => (false, entry),
        };
        let square = square_number(number).ok_or(PositionError::Number(side))?;
        if last.is_some_and(|l| l >= square) {
            return Err(PositionError::Order(side));
        }
        last = Some(square);
        pieces |= square.bit();
        if king {
            kings |= square.bit();
        }
    }
    Ok((pieces, kings))
}

impl State {
    /// The position of `board` with `to_move` to move, if a game can have it: no
    /// square taken twice, at most 12 pieces a side, no man left uncrowned on the far
    /// row, and the side that moved last still on the board.
    ///
    /// # Errors
    /// The first [`PositionError`] found.
    pub fn from_board(board: Board, to_move: Side) -> Result<State, PositionError> {
        if let Some(shared) = Square::each(board.light & board.dark).next() {
            return Err(PositionError::Shared(shared));
        }
        for side in Side::ALL {
            let own = board.pieces(side);
            if own.count_ones() > 12 {
                return Err(PositionError::TooMany(side));
            }
            if let Some(man) = Square::each(own & !board.kings & side.far_row()).next() {
                return Err(PositionError::Uncrowned(side, man));
            }
        }
        if board.pieces(to_move.other()) == 0 {
            return Err(PositionError::MoverGone(to_move.other()));
        }
        Ok(State::new(board, to_move))
    }
}

impl core::str::FromStr for State {
    type Err = PositionError;

    /// PDN FEN, then ` rules:english` for a game of English draughts (KE1).
    fn from_str(text: &str) -> Result<State, PositionError> {
        let (text, rules) = match text.split_once(' ') {
            None => (text, Rules::Rulebook),
            Some((fen, "rules:english")) => (fen, Rules::English),
            Some(_) => return Err(PositionError::Rules),
        };
        State::from_fen(text).map(|state| state.played_by(rules))
    }
}

impl State {
    /// The position of PDN FEN `text`, by the rulebook.
    fn from_fen(text: &str) -> Result<State, PositionError> {
        let fields: arrayvec::ArrayVec<&str, 3> = {
            let count = text.split(':').count();
            if count != 3 {
                return Err(PositionError::FieldCount(count));
            }
            text.split(':').collect()
        };
        let to_move = match fields[0] {
            "W" => Side::Light,
            "B" => Side::Dark,
            _ => return Err(PositionError::ToMove),
        };
        let mut board = Board::default();
        for (field, side) in fields[1..].iter().zip(Side::ALL) {
            let mut chars = field.chars();
            if chars.next() != Some(side.letter()) {
                return Err(PositionError::ListTag(side));
            }
            let (pieces, kings) = piece_list(chars.as_str(), side)?;
            *board.pieces_mut(side) = pieces;
            board.kings |= kings;
        }
        State::from_board(board, to_move)
    }
}

impl fmt::Display for State {
    /// PDN FEN (K10), and ` rules:english` for English draughts; the draw counts of K9
    /// are not part of it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_char(self.to_move().letter())?;
        for side in Side::ALL {
            write!(f, ":{}", side.letter())?;
            let board = self.board();
            for (i, sq) in Square::each(board.pieces(side)).enumerate() {
                let sep = if i == 0 { "" } else { "," };
                let king = if board.kings & sq.bit() != 0 { "K" } else { "" };
                write!(f, "{sep}{king}{sq}")?;
            }
        }
        if self.rules() == Rules::English {
            f.write_str(" rules:english")?;
        }
        Ok(())
    }
}

impl State {
    /// The legal move written `text`: every landing (`18x11x4`), or for a capture just
    /// its first and last square when only one capture fits (`18x4`).
    ///
    /// # Errors
    /// [`MoveError`] naming what did not match.
    pub fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        let capture = text.contains('x');
        let sep = if capture { 'x' } else { '-' };
        let mut squares: arrayvec::ArrayVec<Square, 16> = arrayvec::ArrayVec::new();
        for part in text.split(sep) {
            let square = square_number(part).ok_or(MoveError::Syntax)?;
            squares.try_push(square).map_err(|_| MoveError::Syntax)?;
        }
        if squares.len() < 2 || (!capture && squares.len() != 2) {
            return Err(MoveError::Syntax);
        }
        let legal = self.legal();
        let path_is = |mv: &&Move| {
            mv.is_capture() == capture
                && mv.from() == squares[0]
                && mv.landings().eq(squares[1..].iter().copied())
        };
        if let Some(&mv) = legal.iter().find(path_is) {
            return Ok(mv);
        }
        if capture && squares.len() == 2 {
            let mut ends = legal.iter().filter(|mv| mv.is_capture() && mv.from() == squares[0] && mv.to() == squares[1]);
            if let Some(&mv) = ends.next() {
                return if ends.next().is_none() { Ok(mv) } else { Err(MoveError::Ambiguous) };
            }
        }
        Err(MoveError::NotLegal)
    }
}

impl Notation for State {
    type ActionError = MoveError;

    fn parse_action(&self, text: &str) -> Result<Move, MoveError> {
        self.parse_move(text)
    }

    /// A position prints as itself only with no plies counted towards a draw (K9) and
    /// no agreed draw.
    fn printable(&self) -> bool {
        self.quiet() == 0 && self.end() != Some(super::state::End::Draw(super::state::Draw::Agreement))
    }
}
