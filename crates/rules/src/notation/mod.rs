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
use crate::{BySeat, Cards, Chain, FirstStep, Position, Rank, RawPosition, Seat, Seating, Square, SquareSet, Variant};

mod action;
mod errors;

pub use errors::{ActionError, PositionError};

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
