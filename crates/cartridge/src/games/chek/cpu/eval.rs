//! Chek's evaluation: each seat's chance of winning, from the position alone, and the
//! hooks that fit the generic search to Chek's turns.

use chek_ai::{Evaluator, Values};
use chek_engine::{Game, List, Step};
use chek_rules::{Action, ActionList, Position, Seat, SquareSet, State, QUIET_END_TURNS};

/// In how many of 36 dice pairs an attack wins (C9); a take of Chek Simple always
/// wins (V2). `None` for other actions.
fn wins_in_36(action: &Action) -> Option<u8> {
    match action {
        Action::Attack { bonus, .. } => Some(bonus.attacker_wins_in_36()),
        Action::Take { .. } => Some(36),
        _ => None,
    }
}

/// The expected change of the attacker's score margin from an attack winning `wins`
/// dice pairs of 36, when a win takes `taken` points from the defender (and scores
/// them: twice in margin) and a loss gives `lost` (N5; one piece each elsewhere).
fn gain(wins: u8, taken: f32, lost: f32) -> f32 {
    let p = wins as f32 / 36.0;
    2.0 * (p * taken - (1.0 - p) * lost)
}

/// What one piece is worth on average in `position`, the unit of a margin: 1 outside
/// Chek Nights, the mean value of the cards on the board in it (N5).
pub fn unit(position: &Position) -> f32 {
    if !position.variant().has_cards() {
        return 1.0;
    }
    let seats = position.seating().seats();
    let worth: u32 = seats.iter().map(|&s| position.worth_of(s)).sum();
    (worth as f32 / position.occupied().len().max(1) as f32).max(1.0)
}

/// The expected margin gain of `action` in `position` if it is an attack (or a take),
/// in pieces ([`unit`]).
pub fn attack_gain(position: &Position, action: &Action) -> Option<f32> {
    attack_gain_in(position, action, unit(position))
}

/// [`attack_gain`] with the position's [`unit`] already counted.
fn attack_gain_in(position: &Position, action: &Action, unit: f32) -> Option<f32> {
    let wins = wins_in_36(action)?;
    let (from, to) = (action.from()?, action.to()?);
    Some(gain(wins, position.worth(to) as f32, position.worth(from) as f32) / unit)
}

/// The best attack's expected margin gain for the seat in control, if positive. In
/// Chek Nights each piece's attacks are looked at in turn (the search asks at every
/// leaf, and a whole list is more than the attacks).
pub fn best_attack_gain(position: &Position) -> f32 {
    best_attack_gain_in(position, unit(position))
}

/// [`best_attack_gain`] with the position's [`unit`] already counted.
fn best_attack_gain_in(position: &Position, unit: f32) -> f32 {
    // Only pieces beside an opponent can attack: `attacks_into` looks at those alone.
    let mut attacks = ActionList::new();
    position.attacks_into(&mut attacks);
    best_gain_among(position, &attacks, unit)
}

/// The best expected margin gain among `attacks` (of the seat in control), if positive.
fn best_gain_among(position: &Position, attacks: &[Action], unit: f32) -> f32 {
    if position.variant().has_cards() {
        return attacks.iter().fold(0.0f32, |best, action| best.max(attack_gain_in(position, action, unit).unwrap_or(0.0)));
    }
    attacks.iter().filter_map(wins_in_36).max().map_or(0.0, |wins| gain(wins, 1.0, 1.0).max(0.0))
}

/// The weights of the evaluation.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Weights {
    /// Of the expected gain of the best attack of the seat in control.
    pub initiative: f32,
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
    /// With two seats: the steepness's factor where the searching seat is behind at a
    /// leaf (1: none). A seat that holds the initiative (a rival that never opens a
    /// conflict) can gamble again from behind and stop once ahead, so being behind
    /// costs it less than being ahead gains: at level scores a fair gamble is then
    /// worth taking.
    pub recover: f32,
}

impl Weights {
    /// The weights the levels start from.
    pub const DEFAULT: Weights =
        Weights { initiative: 0.5, steepness: 0.9, behind: 1.0, engage: 0.0, approach: 0.0, support: 0.0, recover: 1.0 };
}

/// `Weights::recover` as the quiet end (C18) nears: less and less time to gamble back,
/// so at the end being behind costs as much as being ahead gains.
fn recover(position: &Position, weights: &Weights) -> f32 {
    let quiet = position.quiet() as f32 / QUIET_END_TURNS as f32;
    weights.recover + (1.0 - weights.recover) * quiet * quiet
}

/// How sure a lead of one point is to hold: steeper with fewer pieces left and as the
/// quiet end (C18) nears.
fn steepness(position: &Position, weights: &Weights) -> f32 {
    let pieces = position.occupied().len() as f32;
    let quiet = position.quiet() as f32 / QUIET_END_TURNS as f32;
    (weights.steepness / (1.0 + pieces / 8.0)) * 2.0 * (1.0 + 2.0 * quiet * quiet)
}

/// Each seat's chance of winning (the position is not over): a logistic of its score
/// against its best rival's, plus the initiative of the seat in control (its best
/// attack's expected gain).
pub fn win_chances(position: &Position, weights: &Weights) -> Values {
    win_chances_for(position, weights, None)
}

/// [`win_chances`] for a search by `me` (which `Weights::recover` looks at).
pub fn win_chances_for(position: &Position, weights: &Weights, me: Option<Seat>) -> Values {
    let unit = unit(position);
    win_chances_given(position, weights, me, unit, best_attack_gain_in(position, unit))
}

/// [`win_chances_for`] where the position's [`unit`] and the best attack's expected
/// gain (in units) are known.
fn win_chances_given(position: &Position, weights: &Weights, me: Option<Seat>, unit: f32, best_gain: f32) -> Values {
    let seats = position.seating().seats();
    let mover = position.in_control();
    // Scores in pieces: Chek Nights counts points (N5).
    let cards = position.variant().has_cards();
    let initiative = weights.initiative * best_gain;
    let k = steepness(position, weights);
    let adjusted = |s: Seat, points: u8| {
        let score = if cards { points as f32 / unit } else { points as f32 };
        score + if s == mover { initiative } else { 0.0 }
    };
    let mut values = Values::default();
    if let [a, b] = *seats {
        // Each seat's score once: in Chek Nights it adds up the cards of every piece.
        let (score_a, score_b) = (position.score(a), position.score(b));
        let points = |s: Seat| if s == a { score_a } else { score_b };
        let margin = adjusted(a, score_a) - adjusted(b, score_b);
        let behind = match me {
            Some(me) if me == a => margin < 0.0,
            Some(me) if me == b => margin > 0.0,
            _ => false,
        };
        let p = logistic(if behind { recover(position, weights) } else { 1.0 } * k * margin);
        let level = points(a) == points(b);
        let pull = weights.approach + if level { weights.engage } else { 0.0 };
        let contact = if pull != 0.0 {
            let gap = gap(position.pieces(a), position.pieces(b)).min(FAR) as f32;
            pull * (FAR as f32 - gap) / (FAR - 1) as f32
        } else {
            0.0
        };
        values[a] = p + contact;
        values[b] = 1.0 - p + contact;
        if weights.support > 0.0 {
            for (own, enemy) in [(a, b), (b, a)] {
                if points(own) <= points(enemy) {
                    let closeness = closeness_of_three(position.pieces(own), position.pieces(enemy));
                    values[own] += weights.support * closeness;
                }
            }
        }
        return values;
    }
    // Four seats: a softmax of the adjusted scores (seats that are out get none),
    // taken relative to the best so that no exponent overflows.
    let mut exponents = [None; 4];
    for &s in seats.iter().filter(|&&s| !position.is_out(s)) {
        exponents[s.index()] = Some(k * adjusted(s, position.score(s)));
    }
    let top = exponents.iter().flatten().fold(f32::MIN, |a, &b| a.max(b));
    let mut total = 0.0;
    for (value, exponent) in values.values_mut().iter_mut().zip(exponents) {
        if let Some(e) = exponent {
            *value = libm::expf(e - top);
            total += *value;
        }
    }
    if total > 0.0 {
        for v in values.values_mut() {
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

/// Chek's evaluation and its search hooks, for one search.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct ChekEval {
    /// The evaluation's weights (already flattened if the searching seat trails).
    pub weights: Weights,
    /// Chain attacks the search considers within one turn before it only ends the
    /// chain.
    pub max_chain: u8,
    /// The searching seat's own plain attacks (no modifier: 15/36, C9) are looked at
    /// only once this many turns have passed without a conflict (C18); `0` looks at
    /// them always. In four seats a plain attack loses a piece 7 times in 12 and hands
    /// control to the defender while two seats stand aside, yet a win chance that is a
    /// softmax of the scores is convex and prices the gamble above par.
    pub plain_attacks_from_quiet: u8,
    /// How far a rival that holds an attack with a modifier (C7, C8) is modelled at
    /// its best: a rival with the odds on its side is likelier to play its best.
    pub rival_best_attacking: f32,
    /// Chek Simple's score weights (alpha-beta).
    pub simple: super::simple::SimpleWeights,
    /// At a leaf where a seat starts its turn (variants with dice; the levels set it
    /// only for two-seat Hard and Master in Chek): weigh each attack it holds by its
    /// dice, each outcome valued from the position it leaves, and let the seat take the
    /// best of those and not attacking.
    pub settle_attacks: bool,
    /// Past the root, the moves looked at are those of pieces within this many 4-way
    /// steps of an enemy piece, when there are any (0: every move).
    pub near: u8,
    /// The root state's hash (set by [`ChekEval::for_root`]).
    pub root: u64,
    /// The seat the search decides for (set by [`ChekEval::for_root`]).
    pub me: Option<Seat>,
}

impl ChekEval {
    /// The evaluation for a search from `root`: a seat that trails there gets the
    /// flatter win chance of `Weights::behind`.
    pub fn for_root(root: &Position, mut eval: ChekEval) -> ChekEval {
        let me = root.in_control();
        let best_rival = root.seating().seats().iter().filter(|&&s| s != me).map(|&s| root.score(s)).max();
        if root.score(me) < best_rival.unwrap_or(0) {
            eval.weights.steepness *= eval.weights.behind;
        }
        eval.me = Some(me);
        eval.root = State::from(*root).hash();
        eval
    }

    /// The win chances after each outcome of each attack the seat to act holds at the
    /// start of its turn, weighed by the dice; the best for that seat, if it beats its
    /// chances without attacking ([`win_chances_for`]).
    fn settled(&self, state: &State) -> Values {
        let position = state.position();
        let mover = position.in_control();
        let unit = unit(position);
        let (attacks, gain) = attacks_and_best_gain(position, unit);
        let mut best = win_chances_given(position, &self.weights, self.me, unit, gain);
        for action in attacks {
            let mut conflict = *state;
            conflict.apply(Step::Act(action));
            let outcomes = conflict.outcomes();
            let total = outcomes.iter().map(|&(_, w)| w as f32).sum::<f32>().max(1.0);
            let mut value = Values::default();
            for &(outcome, weight) in outcomes.iter() {
                let mut after = conflict;
                after.apply(Step::Chance(outcome));
                let v = match after.payoffs() {
                    Some(payoffs) => payoffs.values(),
                    None => win_chances_for(after.position(), &self.weights, self.me),
                };
                for (x, y) in value.values_mut().iter_mut().zip(v.values()) {
                    *x += y * weight as f32 / total;
                }
            }
            if value[mover] > best[mover] {
                best = value;
            }
        }
        best
    }
}

/// The attacks of the seat to act, at most [`SMALL_ATTACKS`] (a short list, apart from
/// the evaluation's own, keeps the device's stack small), and the best expected gain
/// among all of them ([`best_attack_gain`]), from one list.
#[inline(never)]
fn attacks_and_best_gain(position: &Position, unit: f32) -> (arrayvec::ArrayVec<Action, SMALL_ATTACKS>, f32) {
    let mut attacks = ActionList::new();
    position.attacks_into(&mut attacks);
    let gain = best_gain_among(position, &attacks, unit);
    (attacks.iter().copied().take(SMALL_ATTACKS).collect(), gain)
}

/// How many attacks [`ChekEval::settled`] looks at.
const SMALL_ATTACKS: usize = 16;

impl Evaluator<State> for ChekEval {
    fn values(&self, state: &State) -> Values {
        let position = state.position();
        if self.settle_attacks && position.variant().has_dice() && !position.mid_turn() && matches!(state, State::Decide(_)) {
            return self.settled(state);
        }
        win_chances_for(position, &self.weights, self.me)
    }

    /// Alpha-beta's score: Chek Simple's own (the only variant alpha-beta plays),
    /// else the win chances' margin.
    fn score(&self, state: &State, seat: chek_engine::Seat) -> i32 {
        let position = state.position();
        let me = Seat::of_table(seat);
        if position.variant().has_dice() {
            let values = self.values(state);
            let rival = position.seating().seats().iter().filter(|&&s| s != me).map(|&s| values[s]);
            return ((values[me] - rival.fold(0.0, f32::max)) * 10_000.0) as i32;
        }
        super::simple::score(position, me, &self.simple)
    }

    /// Past `max_chain` chain attacks a chain only ends; the searching seat's plain
    /// attacks wait for `plain_attacks_from_quiet` (while it has anything else to do;
    /// not in Chek Nights, where the cards' values make a long shot worth taking).
    fn considered(&self, state: &State, me: chek_engine::Seat, streak: u8, actions: &mut ActionList) {
        let position = state.position();
        if position.chain().is_some() && streak >= self.max_chain {
            actions.empty();
            actions.add(Action::End);
        } else if position.in_control().at_table() == me
            && position.quiet() < self.plain_attacks_from_quiet
            && !position.variant().has_cards()
        {
            let plain = |a: &Action| matches!(a, Action::Attack { bonus, .. } if bonus.total() == 0);
            if actions.iter().any(|a| !plain(a)) {
                actions.keep(|a| !plain(a));
            }
        }
        if self.near > 0 && position.chain().is_none() && state.hash() != self.root {
            let mut zone = position.opponents_of(position.in_control());
            for _ in 0..self.near {
                zone = zone.grown4();
            }
            let far = |a: &Action| matches!(a, Action::Move { from, .. } if !zone.contains(*from));
            if actions.iter().any(|a| matches!(a, Action::Move { .. }) && !far(a)) {
                actions.keep(|a| !far(a));
            }
        }
    }

    fn rival_best(&self, _: &State, actions: &[Action], default: f32) -> f32 {
        let attacking = actions.iter().any(|a| matches!(a, Action::Attack { bonus, .. } if bonus.net() > 0));
        if attacking {
            self.rival_best_attacking
        } else {
            default
        }
    }

    /// Takes of Chek Simple (V2) are the noisy actions, searched past the depth.
    fn noisy(&self, _: &State, action: Action) -> bool {
        matches!(action, Action::Take { .. })
    }

    /// Takes first, then moves, `end` and `pass`.
    fn order(&self, _: &State, action: Action) -> i32 {
        matches!(action, Action::Take { .. }) as i32
    }
}
