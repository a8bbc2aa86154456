//! Leaf values: each seat's chance of winning the game, from the position alone.

use chek_rules::{Action, Position, Seat, SquareSet, QUIET_END_TURNS};

/// One value per seat (index = `Seat::index`); seats not in play hold 0.
pub type Values = [f32; 4];

/// Finished games: 1 for the winner, shared equally in a tie, 0 for the rest (C17).
pub fn final_values(position: &Position) -> Values {
    let seats = position.seating().seats();
    let best = seats.iter().map(|&s| position.score(s)).max().unwrap_or(0);
    let winners = seats.iter().filter(|&&s| position.score(s) == best).count().max(1) as f32;
    let mut values = [0.0; 4];
    for &seat in seats {
        if position.score(seat) == best {
            values[seat.index()] = 1.0 / winners;
        }
    }
    values
}

/// The expected change of the attacker's score margin from its best attack (a win
/// takes a piece: +2 in margin; a loss gives one: −2), if positive.
pub fn best_attack_gain(position: &Position) -> f32 {
    position
        .legal_actions()
        .iter()
        .filter_map(|a| match a {
            Action::Attack { bonus, .. } => Some(bonus.attacker_wins_in_36() as f32 / 36.0 * 4.0 - 2.0),
            _ => None,
        })
        .fold(0.0, f32::max)
}

/// The weights of the evaluation.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Weights {
    /// Of the expected gain of the best attack of the seat in control.
    pub initiative: f32,
    /// Of the bully attacks the other seats have on their next turn.
    pub threat: f32,
    /// How sure a one-point lead is, with 8 pieces on the board.
    pub steepness: f32,
    /// The steepness's factor when the searching seat is behind at the root: a
    /// trailing seat that still has time should not gamble at poor odds.
    pub behind: f32,
    /// While two seats' scores are level: how much each values closing in on the
    /// other (a tie is worth a half to both, so a level stand-off wastes the better
    /// fighter's chances). Added to both seats' values.
    pub engage: f32,
    /// With two seats: how much each values closing in, whatever the score (the
    /// livelier levels come to you).
    pub approach: f32,
    /// With two seats, for each seat that is not ahead: how much it values having its
    /// pieces up at the enemy ([`closeness_of_three`]). A bully attack needs two pieces
    /// at the target, and a seat that is not ahead must attack before the quiet end
    /// (C18) to win; without this Hard left a lone piece in contact with a passive
    /// rival and waited out the 60 turns beyond its horizon.
    pub support: f32,
}

impl Weights {
    /// The weights the levels use.
    pub const DEFAULT: Weights =
        Weights { initiative: 0.5, threat: 0.0, steepness: 0.9, behind: 1.0, engage: 0.0, approach: 0.0, support: 0.0 };
}

/// The expected margin gain of `seat`'s bully attacks if it were to move: each enemy
/// piece it could attack 4-way with two or more of its pieces around.
pub fn bully_threats(position: &Position, seat: Seat) -> f32 {
    let own = position.pieces(seat);
    let mut gain = 0.0;
    let mut weight = 1.0;
    for target in position.opponents_of(seat) {
        if !(target.neighbours4() & own).is_empty() && (target.neighbours8() & own).len() >= 2 {
            gain += weight * (21.0 / 36.0 * 4.0 - 2.0);
            weight *= 0.5;
        }
    }
    gain
}

/// How sure a lead of one point is to hold: steeper with fewer pieces left and as the
/// quiet end (C18) nears.
fn steepness(position: &Position, weights: &Weights) -> f32 {
    let pieces = position.occupied().len() as f32;
    let quiet = position.quiet() as f32 / QUIET_END_TURNS as f32;
    (weights.steepness / (1.0 + pieces / 8.0)) * 2.0 * (1.0 + 2.0 * quiet * quiet)
}

/// Each seat's chance of winning: a logistic of its score against its best rival's,
/// plus the initiative of the seat in control (its best attack's expected gain).
pub fn win_chances(position: &Position) -> Values {
    win_chances_with(position, &Weights::DEFAULT)
}

/// [`win_chances`] with explicit weights.
pub fn win_chances_with(position: &Position, weights: &Weights) -> Values {
    if position.is_over() {
        return final_values(position);
    }
    let seats = position.seating().seats();
    let mover = position.in_control();
    let initiative = weights.initiative * best_attack_gain(position);
    let k = steepness(position, weights);
    let adjusted = |s: Seat| {
        position.score(s) as f32
            + if s == mover {
                initiative
            } else if weights.threat > 0.0 {
                weights.threat * bully_threats(position, s)
            } else {
                0.0
            }
    };
    let mut values = [0.0; 4];
    if seats.len() == 2 {
        let (a, b) = (seats[0], seats[1]);
        let p = logistic(k * (adjusted(a) - adjusted(b)));
        let level = position.score(a) == position.score(b);
        let pull = weights.approach + if level { weights.engage } else { 0.0 };
        let contact = if pull != 0.0 {
            let gap = gap(position.pieces(a), position.pieces(b)).min(FAR) as f32;
            pull * (FAR as f32 - gap) / (FAR - 1) as f32
        } else {
            0.0
        };
        values[a.index()] = p + contact;
        values[b.index()] = 1.0 - p + contact;
        if weights.support > 0.0 {
            for (own, enemy) in [(a, b), (b, a)] {
                if position.score(own) <= position.score(enemy) {
                    let closeness = closeness_of_three(position.pieces(own), position.pieces(enemy));
                    values[own.index()] += weights.support * closeness;
                }
            }
        }
        return values;
    }
    // Four seats: a softmax of the adjusted scores (seats that are out get none),
    // taken relative to the best so that no exponent overflows.
    let mut exponents = [None; 4];
    for &s in seats.iter().filter(|&&s| !position.is_out(s)) {
        exponents[s.index()] = Some(k * adjusted(s));
    }
    let top = exponents.iter().flatten().fold(f32::MIN, |a, &b| a.max(b));
    let mut total = 0.0;
    for (value, exponent) in values.iter_mut().zip(exponents) {
        if let Some(e) = exponent {
            *value = libm::expf(e - top);
            total += *value;
        }
    }
    if total > 0.0 {
        for v in values.iter_mut() {
            *v /= total;
        }
    }
    values
}

/// The largest 4-way distance between two squares.
const FAR: u32 = 14;

/// The 4-way distance from the nearest piece of `own` to the nearest of `enemy` (1
/// when they touch); more than [`FAR`] when either side has no pieces.
pub fn gap(own: SquareSet, enemy: SquareSet) -> u32 {
    if own.is_empty() || enemy.is_empty() {
        return FAR + 1;
    }
    let mut reach = own;
    let mut distance = 0;
    while (reach & enemy).is_empty() && distance <= FAR {
        reach = reach.grown4();
        distance += 1;
    }
    distance
}

/// How close the three pieces of `own` nearest to `enemy` are: each counts
/// `(FAR − d) / (FAR − 1)` at 4-way distance `d`, and the sum is divided by three, so
/// three pieces touching the enemy make 1 and fewer pieces make less.
pub fn closeness_of_three(own: SquareSet, enemy: SquareSet) -> f32 {
    let mut reach = enemy;
    let mut left = own;
    let mut taken = 0;
    let mut sum = 0;
    for d in 1..FAR {
        reach = reach.grown4();
        let newly = left & reach;
        if newly.is_empty() {
            continue;
        }
        left = left & !newly;
        let n = newly.len().min(3 - taken);
        sum += n * (FAR - d);
        taken += n;
        if taken == 3 {
            break;
        }
    }
    sum as f32 / (3 * (FAR - 1)) as f32
}

fn logistic(x: f32) -> f32 {
    1.0 / (1.0 + libm::expf(-x))
}
