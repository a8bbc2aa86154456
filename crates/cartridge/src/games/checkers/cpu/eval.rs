//! Checkers' evaluation for alpha-beta: the usual terms of the game, each a small
//! function, all from one side's view and scored as that side's less the other's.

use chek_engine::Seat;
use chek_ai::{Evaluator, Values};

use super::super::rules::{moves, Bits, Board, Side, Square, State};

/// The weights of the score, in score units (a man is worth 1000).
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Weights {
    /// A man.
    pub man: i32,
    /// A king (K6: it moves both ways).
    pub king: i32,
    /// Per row a man has come towards its crowning row.
    pub advance: i32,
    /// Per man on its own back row while the opponent still has men to crown: the
    /// guard that keeps its men from being crowned.
    pub guard: i32,
    /// Per piece on the eight centre squares.
    pub centre: i32,
    /// Per square the side's pieces could step to.
    pub mobility: i32,
    /// A man nothing can stop from being crowned, less `advance` per row still to go.
    pub runaway: i32,
    /// Per piece of lead, per piece taken off the board: trade down when ahead.
    pub trade: i32,
    /// For a side of at most four pieces, per piece on the opponent's back row (the
    /// seed's third win, K8).
    pub far_row: i32,
    /// 1: the search scores a position met again as a draw ([`State::for_search`]),
    /// so a lead is pressed home instead of going round; 0: only K9's third
    /// repetition draws. A switch, kept with the weights so that the arena's specs
    /// can set it.
    pub seen_again: i32,
    /// Where the far row wins (K8): per row between the other side's pieces and the
    /// far row, less per row between the side's own and it (kings and men alike): who
    /// is ahead in the race to stand all on the far row.
    pub race: i32,
    /// The most plies a line is searched deeper for positions where the side to move
    /// must capture (K3), one each, so that a sacrifice and the capture it forces cost
    /// the search one ply, not two (0: none).
    pub forced: i32,
    /// Per turn of depth left, how far a quiet position's score may be from what a
    /// search of it finds (the search's `futility` refinement; see Chak's).
    pub futility: i32,
    /// Whether the far-row term counts only where the far row wins (the rulebook's
    /// game); the first release counted it in English draughts too.
    pub by_rules: bool,
}

impl Weights {
    /// The weights Hard and Master play the rulebook's game with: the first release's
    /// (a fit to English games lost there), the race to the far row, 60 a row, and a
    /// ply more for each capture that is due, up to eight a line. With the race and
    /// killer moves Hard scored 0.571 against the first release's Hard, where it was
    /// even; the extension took it to 0.851 (docs/strength.md).
    pub const DEFAULT: Weights = Weights { by_rules: true, race: 60, forced: 8, ..Weights::FIRST_RELEASE };

    /// The weights the levels play English draughts with: fitted to 400 games of
    /// Normal against itself (`chek tune --variant english`), which then beat the
    /// first release's in search by 29 Elo in a sequential test (docs/strength.md).
    /// The king came down a little, the back-row guard up, the centre nearly out.
    pub const ENGLISH: Weights = Weights {
        man: 1000,
        king: 1260,
        advance: 11,
        guard: 215,
        centre: 2,
        mobility: 9,
        runaway: 354,
        trade: 13,
        far_row: 150,
        seen_again: 0,
        race: 0,
        forced: 0,
        futility: 500,
        by_rules: true,
    };

    /// The first release's weights (`hard@1`), the far row counted by any rules.
    pub const FIRST_RELEASE: Weights = Weights {
        man: 1000,
        king: 1400,
        advance: 12,
        guard: 60,
        centre: 25,
        mobility: 8,
        runaway: 400,
        trade: 8,
        far_row: 150,
        seen_again: 0,
        race: 0,
        forced: 0,
        futility: 500,
        by_rules: false,
    };
}

/// The eight centre squares: 14, 15, 18, 19 and the four around them on ranks 4, 5.
const CENTRE: Bits = {
    let numbers = [10, 11, 14, 15, 18, 19, 22, 23];
    let mut bits = 0;
    let mut i = 0;
    while i < numbers.len() {
        bits |= 1 << (numbers[i] - 1);
        i += 1;
    }
    bits
};

/// Each side's own back row: where its men start and guard.
const fn back_row(side: Side) -> Bits {
    side.other().far_row()
}

/// Rows a man of `side` on `square` still has to go to be crowned.
const fn rows_to_go(side: Side, square: Square) -> i32 {
    match side {
        Side::Light => 7 - square.rank() as i32,
        Side::Dark => square.rank() as i32,
    }
}

/// For each side, each byte of a bit set (two rows of four squares) and each value of
/// it, the rows those squares have come from the side's own back row, summed: a side's
/// advance in four lookups, where counting the bits of each row weight took six counts.
const ADVANCE: [[[u8; 256]; 4]; 2] = {
    let mut table = [[[0u8; 256]; 4]; 2];
    let mut side = 0;
    while side < 2 {
        let mut byte = 0;
        while byte < 4 {
            let mut value = 0;
            while value < 256 {
                let mut sum = 0;
                let mut bit = 0;
                while bit < 8 {
                    if value >> bit & 1 == 1 {
                        // Row 0 is rank 8: Light's men there have come 7 rows, Dark's none.
                        let row = (8 * byte + bit) / 4;
                        sum += if side == 0 { 7 - row } else { row };
                    }
                    bit += 1;
                }
                table[side][byte][value] = sum as u8;
                value += 1;
            }
            byte += 1;
        }
        side += 1;
    }
    table
};

/// Rows a side's pieces (of `bits`) have come from their own back row, summed.
fn advance(bits: Bits, side: Side) -> i32 {
    let [a, b, c, d] = &ADVANCE[side as usize];
    let at = |table: &[u8; 256], shift: u32| i32::from(table[(bits >> shift & 0xFF) as usize]);
    at(a, 0) + at(b, 8) + at(c, 16) + at(d, 24)
}

/// The men that may be runaways: within four rows of being crowned.
const NEAR: [Bits; 2] = [0x000F_FFF0, 0x0FFF_F000];

/// The squares from which an enemy piece might stop a man of `side` on `square`: on
/// its rows ahead, as wide as the man's own path may run, plus one file.
const fn cone(side: Side, square: Square) -> Bits {
    let mut bits = 0;
    let mut i = 0;
    while i < 32 {
        if let Some(sq) = Square::from_index(i) {
            let ahead = match side {
                Side::Light => sq.rank() as i32 - square.rank() as i32,
                Side::Dark => square.rank() as i32 - sq.rank() as i32,
            };
            let across = sq.file() as i32 - square.file() as i32;
            if ahead >= 0 && i != square.index() && across <= ahead + 1 && -across <= ahead + 1 {
                bits |= sq.bit();
            }
        }
        i += 1;
    }
    bits
}

/// [`cone`] of every square, for Light and for Dark.
const CONES: [[Bits; 32]; 2] = {
    let mut table = [[0; 32]; 2];
    let mut i = 0;
    while i < 32 {
        if let Some(sq) = Square::from_index(i as u8) {
            table[0][i] = cone(Side::Light, sq);
            table[1][i] = cone(Side::Dark, sq);
        }
        i += 1;
    }
    table
};

/// The evaluation the CPU searches with.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct CheckersEval {
    /// Its weights.
    pub weights: Weights,
}

impl From<Weights> for CheckersEval {
    fn from(weights: Weights) -> CheckersEval {
        CheckersEval { weights }
    }
}

impl CheckersEval {
    /// `side`'s part of the score, and its number of pieces; `far_row`: whether the
    /// far row is worth anything.
    fn side_score(&self, board: &Board, side: Side, far_row: bool) -> (i32, i32) {
        let w = &self.weights;
        let own = board.pieces(side);
        let enemy = board.pieces(side.other());
        let men = own & !board.kings;
        let (men_count, kings_count) = (men.count_ones() as i32, (own & board.kings).count_ones() as i32);
        let mut score = w.man * men_count + w.king * kings_count;
        score += w.centre * (own & CENTRE).count_ones() as i32;
        score += w.mobility * mobility(board, side);
        if enemy & !board.kings != 0 {
            score += w.guard * (men & back_row(side)).count_ones() as i32;
        }
        score += w.advance * advance(men, side);
        if board.kings & enemy == 0 {
            for man in Square::each(men & NEAR[side as usize]) {
                if CONES[side as usize][man.index() as usize] & enemy == 0 {
                    score += w.runaway - w.advance * rows_to_go(side, man);
                }
            }
        }
        let pieces = men_count + kings_count;
        if far_row && pieces <= 4 {
            score += w.far_row * (own & side.far_row()).count_ones() as i32;
        }
        if far_row {
            score -= w.race * (7 * pieces - advance(own, side));
        }
        (score, pieces)
    }

    /// The score for `side` in `state`: its part less the other's, with the trade term.
    pub fn score_for(&self, state: &State, side: Side) -> i32 {
        let far_row = !self.weights.by_rules || state.rules().far_row_wins();
        let board = state.board();
        let (own, own_pieces) = self.side_score(board, side, far_row);
        let (theirs, their_pieces) = self.side_score(board, side.other(), far_row);
        let lead = own_pieces - their_pieces;
        let taken = 24 - own_pieces - their_pieces;
        own - theirs + self.weights.trade * lead.signum() * lead.abs().min(4) * taken
    }
}

/// Squares `side`'s pieces could step to.
fn mobility(board: &Board, side: Side) -> i32 {
    let own = board.pieces(side);
    let mut targets = 0;
    for dir in super::super::rules::Dir::ALL {
        let movers = if side.forward().contains(&dir) { own } else { own & board.kings };
        targets |= dir.shift(movers);
    }
    (targets & board.empty()).count_ones() as i32
}

impl Evaluator<State> for CheckersEval {
    /// With [`Weights::seen_again`] on, the search's copy of the root
    /// ([`State::for_search`]): a position met again is a draw.
    fn search_root(&self, state: &State) -> State {
        crate::search::search_root(state, self.weights.seen_again, State::for_search)
    }

    fn values(&self, state: &State) -> Values {
        let light = self.score_for(state, Side::Light) as f32;
        let p = 1.0 / (1.0 + libm::expf(-light / 1500.0));
        chek_engine::PerSeat([p, 1.0 - p, 0.0, 0.0])
    }

    fn score(&self, state: &State, seat: Seat) -> i32 {
        let side = Side::of_seat(seat).unwrap_or(Side::Light);
        self.score_for(state, side)
    }

    /// Captures are searched past the depth (quiescence)...
    fn noisy(&self, _: &State, mv: moves::Move) -> bool {
        mv.is_capture()
    }

    /// ...and they are forced (K3): no standing pat when one is due.
    fn forced(&self, state: &State) -> bool {
        state.must_capture()
    }

    /// With [`Weights::forced`], a capture that is due deepens the line.
    fn extend(&self, state: &State) -> bool {
        self.weights.forced > 0 && state.must_capture()
    }

    fn futility_margin(&self) -> i32 {
        self.weights.futility
    }

    /// More pieces taken first, then crowning, then the rest by how far they go.
    fn order(&self, state: &State, mv: moves::Move) -> i32 {
        let board = state.board();
        let crowns = board.kings & mv.from().bit() == 0 && state.to_move().far_row() & mv.to().bit() != 0;
        mv.jumps() as i32 * 100 + crowns as i32 * 50 + (CENTRE & mv.to().bit() != 0) as i32
    }

    /// A move's history slot: its from and to squares.
    fn history_slots(&self) -> usize {
        32 * 32
    }

    fn history_slot(&self, _: &State, mv: moves::Move) -> Option<usize> {
        Some(mv.from().index() as usize * 32 + mv.to().index() as usize)
    }
}

/// Whether `side` judges itself not ahead in `state` (and so accepts a draw, K9): its
/// score is below a quarter of a man.
pub fn not_ahead(state: &State, side: Side) -> bool {
    let eval = CheckersEval { weights: Weights::DEFAULT };
    eval.score_for(state, side) < eval.weights.man / 4
}
