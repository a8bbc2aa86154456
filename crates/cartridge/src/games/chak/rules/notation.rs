//! Text for positions and moves (A8): `rjvsksvjr/1ppppppp1/9/9/9/9/9/1PPPPPPP1/RJVSKSVJR w`
//! and moves such as `b2b3` or `e8e9s`. A position prints in one form and parses from
//! it (nothing may follow the side to move); each error names its field.

use core::fmt::{self, Write};

use chek_engine::{Game, Notation};

use super::board::{Board, Kind, Piece, Side, Square};
use super::moves::Move;
use super::state::{Illegal, State};

/// What is wrong with a position's text.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum PositionError {
    /// No side to move after the board.
    Fields,
    /// Not nine ranks separated by `/`.
    RankCount(usize),
    /// A rank (1–9) that does not hold nine squares, or holds a character that is not
    /// a piece letter, `+` or a digit.
    Rank(u8),
    /// The side to move is not `w` or `b`.
    ToMove,
    /// The board cannot arise in a game.
    Illegal(Illegal),
    /// Something follows the side to move.
    Trailing,
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            PositionError::Fields => f.write_str("position: expected the board, a space and the side to move (w or b)"),
            PositionError::RankCount(n) => write!(f, "board: expected 9 ranks separated by '/', found {n}"),
            PositionError::Rank(rank) => write!(
                f,
                "rank {rank}: expected 9 squares of piece letters (KSVRJP, lower case for Black, + before a + form) and digits for empty runs"
            ),
            PositionError::ToMove => f.write_str("to-move: expected w (White) or b (Black)"),
            PositionError::Trailing => f.write_str("position: nothing may follow the side to move (w or b)"),
            PositionError::Illegal(why) => match why {
                Illegal::Ajaws(side) => write!(f, "board: {} needs exactly one Ajaw (K or +K)", side.name()),
                Illegal::MoverInCheck(side) => {
                    write!(f, "board: {} has just moved, so its Ajaw cannot be attacked", side.name())
                }
                Illegal::PawnOnLastRank(sq) => write!(f, "board: a pawn on {sq} would have been promoted"),
                Illegal::Uncrossed(sq) => {
                    write!(f, "board: the piece on {sq} is across the river, so it is a + form (write +)")
                }
                Illegal::TooMany(side) => write!(f, "board: {} has more than 16 pieces", side.name()),
                Illegal::History => f.write_str("history: the moves kept do not lead to this board"),
            },
        }
    }
}

/// What is wrong with a move's text.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum MoveError {
    /// Not a move's form.
    Syntax,
    /// A pawn reaching the last rank needs the piece it becomes.
    Promotion,
    /// No legal move goes so.
    NotLegal,
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::Syntax => f.write_str("move: expected from and to squares such as b2b3, and s, v, r or j after a promoting pawn's (e8e9s)"),
            MoveError::Promotion => f.write_str("move: a pawn reaching the last rank becomes s, v, r or j: add the letter (e8e9s)"),
            MoveError::NotLegal => f.write_str("move: not legal in this position"),
        }
    }
}

/// Parses the board part: ranks 9 down to 1.
fn parse_board(text: &str) -> Result<Board, PositionError> {
    let count = text.split('/').count();
    if count != 9 {
        return Err(PositionError::RankCount(count));
    }
    let mut board = Board::default();
    for (i, rank_text) in text.split('/').enumerate() {
        let rank = 8 - i as u8;
        let bad = PositionError::Rank(rank + 1);
        let mut file = 0u8;
        let mut plus = false;
        let mut after_digit = false;
        for c in rank_text.bytes() {
            let digit = c.is_ascii_digit();
            match c {
                // One digit per run of empty squares, as the position prints.
                b'1'..=b'9' if !plus && !after_digit => file += c - b'0',
                b'+' if !plus => plus = true,
                _ => {
                    let kind = Kind::of_letter(c).ok_or(bad)?;
                    if kind == Kind::Pawn && plus {
                        return Err(bad);
                    }
                    let side = if c.is_ascii_uppercase() { Side::White } else { Side::Black };
                    let square = Square::at(file, rank).ok_or(bad)?;
                    board.put(Some(square), Some(Piece { side, kind, plus }));
                    plus = false;
                    file += 1;
                }
            }
            after_digit = digit;
            if file > 9 {
                return Err(bad);
            }
        }
        if file != 9 || plus {
            return Err(bad);
        }
    }
    Ok(board)
}

impl core::str::FromStr for State {
    type Err = PositionError;

    fn from_str(text: &str) -> Result<State, PositionError> {
        // Fields are separated by one space; nothing follows the side to move (A8, as
        // the other games' texts refuse what they do not know).
        let mut fields = text.split(' ');
        let board = parse_board(fields.next().unwrap_or_default())?;
        let to_move = match fields.next() {
            Some("w") => Side::White,
            Some("b") => Side::Black,
            Some(_) => return Err(PositionError::ToMove),
            None => return Err(PositionError::Fields),
        };
        if fields.next().is_some() {
            return Err(PositionError::Trailing);
        }
        State::new(board, to_move).map_err(PositionError::Illegal)
    }
}

impl fmt::Display for State {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in (0..9u8).rev() {
            let mut empty = 0;
            for file in 0..9u8 {
                match Square::at(file, rank).and_then(|sq| self.board().at(sq)) {
                    None => empty += 1,
                    Some(p) => {
                        if empty > 0 {
                            write!(f, "{empty}")?;
                            empty = 0;
                        }
                        if p.plus {
                            f.write_char('+')?;
                        }
                        f.write_char(char::from(p.letter()))?;
                    }
                }
            }
            if empty > 0 {
                write!(f, "{empty}")?;
            }
            if rank > 0 {
                f.write_char('/')?;
            }
        }
        f.write_str(match self.to_move() {
            Side::White => " w",
            Side::Black => " b",
        })
    }
}

/// Parses a move's text into its squares and promotion letter.
fn parse_move(text: &str) -> Result<(Square, Square, Option<Kind>), MoveError> {
    let bytes = text.trim().as_bytes();
    if bytes.len() < 4 || bytes.len() > 5 {
        return Err(MoveError::Syntax);
    }
    let from = Square::parse(&bytes[..2]).ok_or(MoveError::Syntax)?;
    let to = Square::parse(&bytes[2..4]).ok_or(MoveError::Syntax)?;
    let promotion = match bytes.get(4) {
        None => None,
        Some(&c) => match Kind::of_letter(c) {
            Some(kind) if c.is_ascii_lowercase() && Kind::PROMOTIONS.contains(&kind) => Some(kind),
            _ => return Err(MoveError::Syntax),
        },
    };
    Ok((from, to, promotion))
}

impl Notation for State {
    type ActionError = MoveError;

    fn parse_action(&self, text: &str) -> Result<Move, MoveError> {
        let (from, to, promotion) = parse_move(text)?;
        let moves = self.legal();
        if moves.contains(&Move::new(from, to, promotion)) {
            return Ok(Move::new(from, to, promotion));
        }
        if promotion.is_none() && moves.iter().any(|m| m.from() == from && m.to() == to) {
            return Err(MoveError::Promotion);
        }
        Err(MoveError::NotLegal)
    }

    /// A position's text holds the board and the side to move, not A7's counts: only
    /// a state with nothing counted (and no agreed draw) prints as itself.
    fn printable(&self) -> bool {
        self.quiet() == 0 && self.end() != Some(super::state::End::Draw(super::state::Draw::Agreement))
    }
}
