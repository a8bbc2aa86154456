//! The text notation for positions and actions, and the checks that make a position
//! legal.
//!
//! `<board> <seats> <to-move> <scores> [quiet:<n>] [<chain>|<step>] [rules:<variant>]`,
//! for example `1NNNNNN1/1NNNNNN1/8/8/8/8/1SSSSSS1/1SSSSSS1 SN S 0,0` (Chek) or the
//! same with ` rules:simple` (V2). In Chek Nights (N6) a card is its seat and rank,
//! `SK`, and `step:b2-b3` is the first card's step of a two-card move.

use core::fmt;
use core::str::FromStr;

use crate::position::QUIET_END_TURNS;
use crate::{
    Action, BySeat, Cards, Chain, FirstStep, Position, Rank, RawPosition, Seat, Seating, Square, SquareSet, Variant,
};

/// The most points a seat can have captured: a board holds at most 64 pieces.
pub const MAX_CAPTURED: u8 = 64;

/// The most points a seat can have captured in Chek Nights, where a card scores its
/// value (N5): four seats of 13 cards are worth 340, more than a byte holds, so the
/// count stops at 255.
pub const MAX_CARD_POINTS: u8 = u8::MAX;

/// The most points a seat can have in `variant`.
const fn max_points(variant: Variant) -> u8 {
    if variant.has_cards() {
        MAX_CARD_POINTS
    } else {
        MAX_CAPTURED
    }
}

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
    /// Two seats on one square (only from a [`RawPosition`]).
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
    /// A score for a seat that is not in play (only from a [`RawPosition`]).
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
    /// Chek Nights: a piece without a card (only from a [`RawPosition`]).
    NoCard(Square),
    /// A card on an empty square, or cards outside Chek Nights (only from a
    /// [`RawPosition`]).
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

impl TryFrom<RawPosition> for Position {
    type Error = PositionError;

    /// Checks that the fields make a position the rules can reach or continue from.
    fn try_from(raw: RawPosition) -> Result<Position, PositionError> {
        let mut all = SquareSet::EMPTY;
        for seat in Seat::ALL {
            let pieces = raw.pieces[seat];
            if let Some(square) = (all & pieces).first() {
                return Err(PositionError::SharedSquare(square));
            }
            all |= pieces;
            if !pieces.is_empty() && !raw.seating.contains(seat) {
                return Err(PositionError::SeatNotInPlay(seat));
            }
            if raw.captured[seat] > 0 && !raw.seating.contains(seat) {
                return Err(PositionError::ScoreNotInPlay(seat));
            }
            if raw.captured[seat] > max_points(raw.variant) {
                return Err(PositionError::Score);
            }
        }
        check_cards(&raw, all)?;
        if all.is_empty() {
            return Err(PositionError::EmptyBoard);
        }
        if !raw.seating.contains(raw.to_move) {
            return Err(PositionError::ToMove);
        }
        if raw.quiet > QUIET_END_TURNS {
            return Err(PositionError::Quiet);
        }
        if !raw.variant.has_dice() {
            if let Some(seat) = Seat::ALL.into_iter().find(|&s| raw.pieces[s].len() == 1) {
                return Err(PositionError::LonePiece(seat));
            }
        }
        let position = Position {
            variant: raw.variant,
            pieces: raw.pieces,
            seating: raw.seating,
            to_move: raw.to_move,
            captured: raw.captured,
            quiet: raw.quiet,
            chain: raw.chain,
            cards: raw.cards,
            first_step: raw.first_step,
        };
        if let Some(first) = raw.first_step {
            let card = position.pieces[raw.to_move].contains(first.to) && position.is_number_card(first.to);
            if raw.chain.is_some() || !raw.variant.has_cards() || !card || all.contains(first.from) {
                return Err(PositionError::StepCard);
            }
            if !position.has_second_step(first) {
                return Err(PositionError::StepOver);
            }
        }
        match raw.chain {
            None if position.is_out(raw.to_move) => Err(PositionError::ToMoveIsOut(raw.to_move)),
            None => Ok(position),
            Some(Chain { controller, active }) => {
                if !raw.seating.contains(controller) {
                    Err(PositionError::ChainSeat(controller))
                } else if !raw.pieces[controller].contains(active) {
                    Err(PositionError::ChainPiece { seat: controller, square: active })
                } else if raw.quiet != 0 {
                    Err(PositionError::ChainAndQuiet)
                } else if position.chain_ends_by_itself() {
                    Err(PositionError::ChainOver)
                } else {
                    Ok(position)
                }
            }
        }
    }
}

/// N1, N2: in Chek Nights every piece is a card and no seat holds a rank twice;
/// elsewhere there are no cards.
fn check_cards(raw: &RawPosition, occupied: SquareSet) -> Result<(), PositionError> {
    let carded = raw.cards.squares();
    if !raw.variant.has_cards() {
        return carded.first().map_or(Ok(()), |sq| Err(PositionError::StrayCard(sq)));
    }
    if let Some(sq) = (occupied & !carded).first() {
        return Err(PositionError::NoCard(sq));
    }
    if let Some(sq) = (carded & !occupied).first() {
        return Err(PositionError::StrayCard(sq));
    }
    for seat in Seat::ALL {
        let mut held = 0u16;
        for sq in raw.pieces[seat] {
            let Some(rank) = raw.cards.at(sq) else { continue };
            let bit = 1 << rank.number();
            if held & bit != 0 {
                return Err(PositionError::DoubledRank { seat, rank });
            }
            held |= bit;
        }
    }
    Ok(())
}

impl FromStr for Position {
    type Err = PositionError;

    fn from_str(s: &str) -> Result<Position, PositionError> {
        if s.split(' ').any(str::is_empty) && !s.is_empty() {
            return Err(PositionError::Spacing);
        }
        let field_count = s.split(' ').count();
        if !(4..=7).contains(&field_count) {
            return Err(PositionError::FieldCount(field_count));
        }
        let mut fields = s.split(' ');
        let mut next = || fields.next().unwrap_or("");
        let (board, seats, to_move, scores) = (next(), next(), next(), next());
        let mut extras: [&str; 3] = [next(), next(), next()];

        let mut variant = Variant::Standard;
        if let Some(last) = extras.iter_mut().rev().find(|e| !e.is_empty()) {
            if let Some(id) = last.strip_prefix("rules:") {
                variant = match Variant::from_id(id) {
                    Some(Variant::Standard) | None => return Err(PositionError::Rules),
                    Some(v) => v,
                };
                *last = "";
            }
        }
        let (pieces, cards) = parse_board(board, variant.has_cards())?;
        let seating = match seats {
            "SN" => Seating::Two,
            "SWNE" => Seating::Four,
            _ => return Err(PositionError::Seats),
        };
        let to_move = single_seat(to_move).ok_or(PositionError::ToMove)?;
        let captured = parse_scores(scores, seating, max_points(variant))?;
        if !extras[2].is_empty() {
            return Err(PositionError::Extra);
        }
        let [extra1, extra2, _] = extras;

        let (mut quiet, mut chain, mut first_step) = (0, None, None);
        let (quiet_field, turn_field) = match (extra1, extra2) {
            (q, t) if q.starts_with("quiet:") => (q, t),
            ("", "") => ("", ""),
            (t, "") => ("", t),
            _ => return Err(PositionError::Extra),
        };
        if !quiet_field.is_empty() {
            quiet = parse_quiet(quiet_field)?;
        }
        match turn_field {
            "" => {}
            c if c.starts_with("chain:") => {
                let parsed = parse_chain(c)?;
                if quiet > 0 {
                    return Err(PositionError::ChainAndQuiet);
                }
                chain = Some(parsed);
            }
            t if t.starts_with("step:") => first_step = Some(parse_step(t)?),
            _ => return Err(PositionError::Extra),
        }
        Position::try_from(RawPosition { variant, pieces, seating, to_move, captured, quiet, chain, cards, first_step })
    }
}

fn single_seat(s: &str) -> Option<Seat> {
    let mut chars = s.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) => Seat::from_char(c),
        _ => None,
    }
}

/// Ranks 8 down to 1, separated by `/`; files a to h; a digit is a run of empty squares.
/// With `cards` (Chek Nights, N6) each seat letter is followed by its card's rank.
fn parse_board(board: &str, cards: bool) -> Result<(BySeat<SquareSet>, Cards), PositionError> {
    let rank_count = board.split('/').count();
    if rank_count != 8 {
        return Err(PositionError::RankCount(rank_count));
    }
    let mut pieces = BySeat::<SquareSet>::default();
    let mut ranks = Cards::NONE;
    for (row, text) in board.split('/').enumerate() {
        let rank = 7 - row as u8;
        let rank_name = rank + 1;
        let mut file = 0u8;
        let mut after_digit = false;
        let mut chars = text.chars();
        while let Some(c) = chars.next() {
            if file >= 8 {
                return Err(PositionError::RankLength { rank: rank_name });
            }
            match c {
                '1'..='8' => {
                    if after_digit {
                        return Err(PositionError::BoardDigits { rank: rank_name });
                    }
                    file += c as u8 - b'0';
                    after_digit = true;
                }
                _ => {
                    let seat = Seat::from_char(c).ok_or(PositionError::BoardChar { rank: rank_name, found: c })?;
                    let square = Square::new(file, rank).ok_or(PositionError::RankLength { rank: rank_name })?;
                    pieces[seat] = pieces[seat].with(square);
                    if cards {
                        let card = chars.next().and_then(Rank::from_char);
                        ranks.set(square, Some(card.ok_or(PositionError::CardRank { rank: rank_name })?));
                    }
                    file += 1;
                    after_digit = false;
                }
            }
        }
        if file != 8 {
            return Err(PositionError::RankLength { rank: rank_name });
        }
    }
    Ok((pieces, ranks))
}

/// A decimal number without sign or leading zeros, at most `max`.
fn parse_number(s: &str, max: u8) -> Option<u8> {
    let canonical =
        !s.is_empty() && s.len() <= 3 && s.bytes().all(|b| b.is_ascii_digit()) && (s == "0" || !s.starts_with('0'));
    if !canonical {
        return None;
    }
    s.parse::<u16>().ok().filter(|&n| n <= max as u16).map(|n| n as u8)
}

fn parse_scores(scores: &str, seating: Seating, max: u8) -> Result<BySeat<u8>, PositionError> {
    let expected = seating.count();
    if scores.split(',').count() != expected {
        return Err(PositionError::ScoreCount { expected });
    }
    let mut captured = BySeat::default();
    for (&seat, text) in seating.seats().iter().zip(scores.split(',')) {
        captured[seat] = parse_number(text, max).ok_or(PositionError::Score)?;
    }
    Ok(captured)
}

fn parse_quiet(field: &str) -> Result<u8, PositionError> {
    let n = field.strip_prefix("quiet:").and_then(|n| parse_number(n, QUIET_END_TURNS));
    match n {
        Some(n) if n > 0 => Ok(n),
        _ => Err(PositionError::Quiet),
    }
}

fn parse_step(field: &str) -> Result<FirstStep, PositionError> {
    let body = field.strip_prefix("step:").ok_or(PositionError::StepSyntax)?;
    let (from, to) = body.split_once('-').ok_or(PositionError::StepSyntax)?;
    let from: Square = from.parse().map_err(|_| PositionError::StepSyntax)?;
    let to: Square = to.parse().map_err(|_| PositionError::StepSyntax)?;
    if !from.neighbours4().contains(to) {
        return Err(PositionError::StepSyntax);
    }
    Ok(FirstStep { from, to })
}

fn parse_chain(field: &str) -> Result<Chain, PositionError> {
    let body = field.strip_prefix("chain:").ok_or(PositionError::ChainSyntax)?;
    let (seat, square) = body.split_once('@').ok_or(PositionError::ChainSyntax)?;
    let controller = single_seat(seat).ok_or(PositionError::ChainSyntax)?;
    let active = square.parse().map_err(|_| PositionError::ChainSyntax)?;
    Ok(Chain { controller, active })
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use fmt::Write;
        for rank in (0..8).rev() {
            let mut empty = 0;
            for file in 0..8 {
                match Square::new(file, rank).and_then(|sq| self.seat_at(sq)) {
                    Some(seat) => {
                        if empty > 0 {
                            write!(f, "{empty}")?;
                            empty = 0;
                        }
                        f.write_char(seat.char())?;
                        if let Some(card) = Square::new(file, rank).and_then(|sq| self.cards.at(sq)) {
                            f.write_char(card.char())?;
                        }
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                write!(f, "{empty}")?;
            }
            if rank > 0 {
                f.write_char('/')?;
            }
        }
        f.write_char(' ')?;
        for seat in self.seating.seats() {
            f.write_char(seat.char())?;
        }
        write!(f, " {}", self.to_move)?;
        for (i, &seat) in self.seating.seats().iter().enumerate() {
            let sep = if i == 0 { ' ' } else { ',' };
            write!(f, "{sep}{}", self.captured[seat])?;
        }
        if self.quiet > 0 {
            write!(f, " quiet:{}", self.quiet)?;
        }
        if let Some(Chain { controller, active }) = self.chain {
            write!(f, " chain:{controller}@{active}")?;
        }
        if let Some(FirstStep { from, to }) = self.first_step {
            write!(f, " step:{from}-{to}")?;
        }
        if self.variant != Variant::Standard {
            write!(f, " rules:{}", self.variant)?;
        }
        Ok(())
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

/// `+1` (Chek and Chek Basic) or `+1:+0` (Chek Nights: the attacker's then the
/// defender's modifier, N6).
fn parse_modifiers(text: &str) -> Option<(u8, Option<u8>)> {
    let one = |t: &str| match t {
        "+0" => Some(0),
        "+1" => Some(1),
        "+2" => Some(2),
        "+3" => Some(3),
        _ => None,
    };
    match text.split_once(':') {
        Some((a, d)) => Some((one(a)?, Some(one(d)?))),
        None => Some((one(text)?, None)),
    }
}

impl Position {
    /// The legal action written `text`: `b2-b3`, `b2xb3 +1` (`b2xb3` in Chek Simple),
    /// `end` or `pass`.
    ///
    /// # Errors
    /// [`ActionError`] naming what did not match.
    pub fn parse_action(&self, text: &str) -> Result<Action, ActionError> {
        let legal = self.legal_actions();
        let find = |wanted: &dyn Fn(&Action) -> bool| legal.iter().copied().find(|a| wanted(a));
        let word = match text {
            "end" => Some(Action::End),
            "pass" => Some(Action::Pass),
            _ => None,
        };
        if let Some(word) = word {
            return find(&|a| *a == word).ok_or(ActionError::NotLegal);
        }
        let squares = |a: &str, b: &str| -> Result<(Square, Square), ActionError> {
            Ok((a.parse().map_err(|_| ActionError::Syntax)?, b.parse().map_err(|_| ActionError::Syntax)?))
        };
        if text.contains(',') {
            return Err(ActionError::TwoCards);
        }
        if let Some((from, to)) = text.split_once('-') {
            let (from, to) = squares(from, to)?;
            return find(&|a| *a == Action::Move { from, to }).ok_or(ActionError::NotLegal);
        }
        let dice = self.variant.has_dice();
        let (attack, modifier) = match text.split_once(' ') {
            Some((attack, modifier)) => (attack, Some(modifier)),
            None if !dice => (text, None),
            None => return Err(ActionError::Syntax),
        };
        let (from, to) = attack.split_once('x').ok_or(ActionError::Syntax)?;
        let (from, to) = squares(from, to)?;
        let modifier = match modifier {
            None => None,
            Some(text) => Some(parse_modifiers(text).ok_or(ActionError::Syntax)?),
        };
        if !dice && modifier.is_some() {
            return Err(ActionError::NoModifier);
        }
        let action =
            find(&|a| a.is_attack() && a.from() == Some(from) && a.to() == Some(to)).ok_or(ActionError::NotLegal)?;
        match (action, modifier) {
            (Action::Attack { bonus, .. }, Some((total, defence)))
                if (total, defence) != (bonus.total(), bonus.edge().is_cards().then_some(bonus.defence())) =>
            {
                Err(ActionError::Modifier {
                    actual: bonus.total(),
                    defence: bonus.defence(),
                    cards: bonus.edge().is_cards(),
                })
            }
            _ => Ok(action),
        }
    }
}
