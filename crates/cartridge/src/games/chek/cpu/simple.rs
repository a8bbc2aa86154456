//! The evaluation of Chek Simple (V2) for alpha-beta: no dice, so a take is a sure
//! point, and what decides a game is who gathers more support around the other's
//! pieces first, before the quiet end (C18) calls it a tie.

use chek_rules::{Position, Seat, SquareSet, QUIET_END_TURNS};

/// The weights of Chek Simple's score, in score units (a point is worth 1000).
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct SimpleWeights {
    /// Per point of score margin (points + pieces on the board, C17).
    pub material: i32,
    /// Per take the seat to act could make now.
    pub threat_to_move: i32,
    /// Per take the other seat could make on its turn.
    pub threat_waiting: i32,
    /// Per unit of support a seat has around an enemy piece beyond what it needs less
    /// one (pressure that a move or two turns into a take).
    pub pressure: i32,
    /// Per rank (or file) a piece has come from its own edge towards the other side's:
    /// a seat must bring its pieces to the fight to outnumber the defence.
    pub advance: i32,
    /// Per unit of the best margin of support over defence on any one enemy piece:
    /// massing on one weak piece breaks a defence that a front of equals never does.
    pub focus: i32,
}

impl SimpleWeights {
    /// The weights Hard plays with: it masses on one weak piece.
    pub const HARD: SimpleWeights =
        SimpleWeights { material: 1000, threat_to_move: 400, threat_waiting: 150, pressure: 20, advance: 4, focus: 80 };
    /// Easy's and Normal's: they come to you.
    pub const LIVELY: SimpleWeights =
        SimpleWeights { material: 1000, threat_to_move: 400, threat_waiting: 150, pressure: 40, advance: 8, focus: 30 };
}

/// What `attacker` can do to `defender`'s pieces.
struct Pressure {
    /// Takes it could make if it were to move.
    takes: i32,
    /// Its support short of a take by at most one, summed over the targets.
    near: i32,
    /// The best margin of support over defence on any one target it touches (0 when
    /// it touches none).
    best: i32,
}

fn pressure(position: &Position, attacker: Seat, defender: Seat) -> Pressure {
    let own = position.pieces(attacker);
    let theirs = position.pieces(defender);
    let mut p = Pressure { takes: 0, near: 0, best: i32::MIN };
    // Only the targets next to one of the attacker's pieces have any support.
    for target in theirs & own.grown8() {
        let support = (own & target.neighbours8()).len() as i32;
        if support == 0 {
            continue;
        }
        let defence = 1 + (theirs & target.neighbours8()).len() as i32;
        if support > defence && !(own & target.neighbours4()).is_empty() {
            p.takes += 1;
        }
        p.near += (support - defence + 1).max(0);
        p.best = p.best.max(support - defence);
    }
    if p.best == i32::MIN {
        p.best = -4;
    }
    p
}

/// How far `seat`'s pieces have come from its own edge, in ranks (files for West and
/// East), summed.
fn advance(pieces: SquareSet, seat: Seat) -> i32 {
    pieces
        .iter()
        .map(|sq| match seat {
            Seat::South => sq.rank(),
            Seat::North => 7 - sq.rank(),
            Seat::West => sq.file(),
            Seat::East => 7 - sq.file(),
        } as i32)
        .sum()
}

/// `seat`'s score in a two-seat position of Chek Simple, against the other seat.
pub fn score(position: &Position, seat: Seat, w: &SimpleWeights) -> i32 {
    let Some(&foe) = position.seating().seats().iter().find(|&&s| s != seat) else {
        return 0;
    };
    let material = position.score(seat) as i32 - position.score(foe) as i32;
    let mine = pressure(position, seat, foe);
    let theirs = pressure(position, foe, seat);
    let (mine_first, theirs_first) = if position.in_control() == seat {
        (w.threat_to_move, w.threat_waiting)
    } else {
        (w.threat_waiting, w.threat_to_move)
    };
    let forward = advance(position.pieces(seat), seat) - advance(position.pieces(foe), foe);
    // Near the quiet end, only points still to be made in time count.
    let left = QUIET_END_TURNS.saturating_sub(position.quiet()) as i32;
    let urgency = left.min(20);
    let shape = w.pressure * (mine.near - theirs.near) + w.focus * (mine.best - theirs.best) + w.advance * forward;
    w.material * material + (mine_first * mine.takes - theirs_first * theirs.takes) + urgency * shape / 20
}
