//! What can be wrong with a position or an action written as text: one line each,
//! naming the field (N6 for Chek Nights' fields).

use core::fmt;

use super::{MAX_CAPTURED, MAX_CARD_POINTS};
use crate::position::QUIET_END_TURNS;
use crate::{Rank, Seat, Square};

/// What is wrong with a position, in its text or in its content. Each names the field
/// and what was expected; `Display` gives one line.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum PositionError {
    /// Not 4 to 7 fields separated by single spaces.
    FieldCount(usize),
    /// Leading, trailing or doubled spaces.
    Spacing,
    /// The board does not have 8 ranks separated by `/`.
    RankCount(usize),
    /// A rank (1–8) does not cover exactly 8 squares.
    RankLength {
        /// The rank, 1–8.
        rank: u8,
    },
    /// A character that is neither a seat letter nor a digit 1–8.
    BoardChar {
        /// The rank, 1–8.
        rank: u8,
        /// The character.
        found: char,
    },
    /// Two digits in a row: empty runs are written as one digit.
    BoardDigits {
        /// The rank, 1–8.
        rank: u8,
    },
    /// The seats field is not `SN` or `SWNE`.
    Seats,
    /// A piece of a seat that is not in play.
    SeatNotInPlay(Seat),
    /// Two seats on one square (only from a [`RawPosition`](crate::RawPosition)).
    SharedSquare(Square),
    /// No piece on the board at all.
    EmptyBoard,
    /// The to-move field is not one of the seats in play.
    ToMove,
    /// The seat to move is out (C5): its turn would have been skipped.
    ToMoveIsOut(Seat),
    /// The scores field does not have one score per seat in play.
    ScoreCount {
        /// How many the seats field asks for.
        expected: usize,
    },
    /// A score that is not an integer 0–64 without leading zeros.
    Score,
    /// A score for a seat that is not in play (only from a [`RawPosition`](crate::RawPosition)).
    ScoreNotInPlay(Seat),
    /// The optional field after the scores is neither `quiet:<n>` nor a chain.
    Extra,
    /// The quiet count is not an integer 1–60 without leading zeros.
    Quiet,
    /// The chain field is not `chain:<seat>@<square>`.
    ChainSyntax,
    /// The chain's seat is not in play.
    ChainSeat(Seat),
    /// The chain's square does not hold the controller's piece.
    ChainPiece {
        /// The controller.
        seat: Seat,
        /// The square.
        square: Square,
    },
    /// The chain state follows a conflict, so the quiet count is zero.
    ChainAndQuiet,
    /// The active group has no opponent to attack, so the chain has already ended (C13).
    ChainOver,
    /// The rules field is not `rules:basic` or `rules:simple`.
    Rules,
    /// In Chek Simple a seat with one piece is out (V2), so it cannot have one.
    LonePiece(Seat),
    /// Chek Nights: a seat letter not followed by a rank `A23456789TJQK` (N6).
    CardRank {
        /// The rank of the board, 1–8.
        rank: u8,
    },
    /// Chek Nights: a piece without a card (only from a [`RawPosition`](crate::RawPosition)).
    NoCard(Square),
    /// A card on an empty square, or cards outside Chek Nights (only from a
    /// [`RawPosition`](crate::RawPosition)).
    StrayCard(Square),
    /// Chek Nights: a seat holds two cards of one rank (N2).
    DoubledRank {
        /// The seat.
        seat: Seat,
        /// The rank it holds twice.
        rank: Rank,
    },
    /// The step field is not `step:<square>-<square>` one 4-way step apart.
    StepSyntax,
    /// The step's square does not hold a number card of the seat to move (N3), or the
    /// square it left is not empty, or the position is not of Chek Nights.
    StepCard,
    /// No second card can step, so the turn has already ended (N3).
    StepOver,
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use PositionError::*;
        match *self {
            FieldCount(n) => write!(
                f,
                "position: expected 4 to 7 fields separated by single spaces (<board> <seats> <to-move> \
                 <scores> [quiet:<n>] [chain:<seat>@<square>|step:<from>-<to>] [rules:basic|simple|nights]), \
                 found {n}"
            ),
            Spacing => f.write_str("position: fields are separated by single spaces, without spaces before or after"),
            RankCount(n) => write!(f, "board: expected 8 ranks separated by '/', found {n}"),
            RankLength { rank } => write!(f, "board: rank {rank} does not cover exactly 8 squares"),
            BoardChar { rank, found } => {
                write!(f, "board: unexpected {found:?} in rank {rank} (expected S, W, N, E or a digit 1-8)")
            }
            BoardDigits { rank } => {
                write!(f, "board: two digits in a row in rank {rank} (write an empty run as one digit)")
            }
            Seats => f.write_str("seats: expected SN or SWNE"),
            SeatNotInPlay(seat) => write!(f, "board: {seat} has pieces but is not in play"),
            SharedSquare(square) => write!(f, "board: more than one piece on {square}"),
            EmptyBoard => f.write_str("board: no pieces on the board"),
            ToMove => f.write_str("to-move: expected one of the seats in play"),
            ToMoveIsOut(seat) => write!(f, "to-move: {seat} has no pieces left, so its turn is skipped (C5)"),
            ScoreCount { expected } => {
                write!(f, "scores: expected {expected} scores separated by commas, one per seat")
            }
            Score => write!(
                f,
                "scores: expected integers 0-{MAX_CAPTURED} (0-{MAX_CARD_POINTS} in Chek Nights) without leading zeros"
            ),
            ScoreNotInPlay(seat) => write!(f, "scores: {seat} scores but is not in play"),
            Extra => f.write_str(
                "position: expected quiet:<n>, chain:<seat>@<square> or step:<from>-<to>, and rules:<variant> after \
                 the scores, in that order",
            ),
            Quiet => write!(f, "quiet: expected quiet:<n> with n an integer 1-{QUIET_END_TURNS} without leading zeros"),
            ChainSyntax => f.write_str("chain: expected chain:<seat>@<square>, e.g. chain:S@d4"),
            ChainSeat(seat) => write!(f, "chain: {seat} is not in play"),
            ChainPiece { seat, square } => write!(f, "chain: {square} holds no piece of {seat}"),
            ChainAndQuiet => f.write_str("quiet: the chain state follows a conflict, so it has no quiet count"),
            ChainOver => {
                f.write_str("chain: the active group has no opponent to attack, so the chain has already ended (C13)")
            }
            Rules => f.write_str(
                "rules: expected rules:basic, rules:simple or rules:nights (no token for Chek's standard rules)",
            ),
            LonePiece(seat) => write!(f, "board: {seat} has one piece, and in Chek Simple a lone piece is out (V2)"),
            CardRank { rank } => write!(
                f,
                "board: in rank {rank} a seat letter is not followed by a card's rank (Chek Nights writes a card \
                 as seat then rank, e.g. SK or N7; ranks A23456789TJQK)"
            ),
            NoCard(square) => write!(f, "board: the piece on {square} has no card (Chek Nights, N1)"),
            StrayCard(square) => write!(f, "board: a card on {square} where Chek Nights has none"),
            DoubledRank { seat, rank } => write!(f, "board: {seat} holds two cards of rank {rank} (N2)"),
            StepSyntax => f.write_str("step: expected step:<from>-<to>, one 4-way step, e.g. step:b2-b3"),
            StepCard => f.write_str(
                "step: the square stepped onto must hold a number card of the seat to move, and the square left must \
                 be empty (Chek Nights, N3)",
            ),
            StepOver => f.write_str("step: no second number card can step, so the turn has already ended (N3)"),
        }
    }
}

/// What is wrong with an action written as text.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum ActionError {
    /// Not `b2-b3`, `b2xb3 +1` (`b2xb3` in Chek Simple), `end` or `pass`.
    Syntax,
    /// Well formed, but not among the legal actions here.
    NotLegal,
    /// The attack is legal but carries another modifier (or, in Chek Nights, is
    /// written without the defender's, N6).
    Modifier {
        /// The modifier it carries here.
        actual: u8,
        /// The defender's modifier here (Chek Nights; 0 elsewhere).
        defence: u8,
        /// Whether the attack is one of Chek Nights, written `+1:+0` (N6).
        cards: bool,
    },
    /// Chek Nights: a two-card move written as one action (N6); the cards step one at
    /// a time.
    TwoCards,
    /// A modifier on an attack of Chek Simple, which rolls no dice (V2).
    NoModifier,
}

impl fmt::Display for ActionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ActionError::Syntax => f.write_str(
                "action: expected b2-b3, b2xb3 +1 (b2xb3 in Chek Simple, b2xb3 +1:+0 in Chek Nights), end or pass",
            ),
            ActionError::NotLegal => f.write_str("action: not legal in this position"),
            ActionError::Modifier { actual, cards: false, .. } => {
                write!(f, "action: this attack carries +{actual} here")
            }
            ActionError::Modifier { actual, defence, cards: true } => {
                write!(f, "action: this attack carries +{actual}:+{defence} here (attacker's then defender's, N6)")
            }
            ActionError::TwoCards => f.write_str(
                "action: a two-card move is two actions here: the first card's step, then the second's (b2-b3, then d2-d3)",
            ),
            ActionError::NoModifier => f.write_str("action: Chek Simple rolls no dice, so attacks carry no modifier"),
        }
    }
}
