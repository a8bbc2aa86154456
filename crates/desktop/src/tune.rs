//! Fits a game's evaluation weights to self-play results (a "Texel" fit): positions
//! from games of one level against itself (quiet ones: no capture pending), each
//! labelled with how the game ended for
//! the first seat; the fit finds the weights whose score, through a logistic, best
//! predicts those results (least squares), by coordinate descent from the levels'
//! own weights.

use chek_ai::finish;
use chek_cartridge::{GameDef, Visitor};
use chek_engine::{Game, Payoffs, Record, ToAct};

use crate::arena::{choice, play_opening};

/// A fit's settings.
#[derive(Clone, Copy, Debug)]
pub struct Fit<'a> {
    /// The level whose games give the positions.
    pub level: &'a str,
    /// How many games.
    pub games: u64,
    /// The variant's id (the first if `None`).
    pub variant: Option<&'a str>,
    /// Seed of the games and their openings.
    pub seed: u64,
    /// Decisions of `easy` that open each game (so the games differ).
    pub openings: u32,
    /// Passes of coordinate descent, at most.
    pub passes: u32,
}

/// A position and the first seat's result in its game (1 won, ½ tied, 0 lost).
struct Sample<S> {
    state: S,
    result: f64,
}

/// The mean squared error of predicting each sample's result by a logistic of the
/// first seat's score over `scale`.
fn loss<D: GameDef>(samples: &[Sample<D::State>], weights: &[i32], scale: f64) -> f64 {
    let total: f64 = samples
        .iter()
        .map(|s| {
            let score = f64::from(D::score_with(weights, &s.state, chek_engine::Seat::FIRST).unwrap_or(0));
            let predicted = 1.0 / (1.0 + (-score / scale).exp());
            (s.result - predicted).powi(2)
        })
        .sum();
    total / samples.len().max(1) as f64
}

/// Plays the games and keeps each decision's position (past the opening). The games
/// run on every core; positions travel between threads as text.
fn self_play<D: GameDef>(fit: &Fit<'_>, variant: usize) -> Result<Vec<Sample<D::State>>, String> {
    let player = D::player(fit.level)?;
    let setup = 0;
    let first = D::opener(variant, setup).ok_or("the game has no seat that opens")?;
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let games =
        crate::workers::each_game(fit.games, threads, |index| play_one::<D>(fit, player, variant, first, index))?;
    let texts: Vec<(String, f64)> = games.into_iter().flatten().collect();
    // Only quiet positions: where a capture is pending the static score is no guide.
    let mut samples = Vec::new();
    for (text, result) in texts {
        let state = crate::tools::parse::<D>(&text)?;
        if D::is_quiet(&state) {
            samples.push(Sample { state, result });
        }
    }
    Ok(samples)
}

/// One game's positions, labelled once it ends.
fn play_one<D: GameDef>(
    fit: &Fit<'_>,
    player: D::Player,
    variant: usize,
    first: chek_engine::Seat,
    index: u64,
) -> Result<Vec<(String, f64)>, String> {
    let seed = fit.seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ index;
    let start = D::start(variant, 0, first).ok_or("no start")?;
    let mut game = D::record(start, seed);
    play_opening::<D>(&mut game, fit.openings, seed ^ 0xd6e8_feb8_6659_fd93)?;
    let mut states = Vec::new();
    for decision in 0u64.. {
        let state = game.state();
        if !matches!(state.to_act(), ToAct::Seat(_)) {
            break;
        }
        if !state.mid_turn() {
            states.push(state.to_string());
        }
        let seed = seed ^ (decision + 1).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        let Some(action) = finish(D::think(player, &state, seed)) else { break };
        game.play(action).map_err(|e| format!("{e}: {action} in {state}"))?;
    }
    let result = game
        .state()
        .payoffs()
        .map_or(0.5, |p| f64::from(p.share(chek_engine::Seat::FIRST)) / f64::from(Payoffs::TOTAL));
    Ok(states.into_iter().map(|text| (text, result)).collect())
}

/// The logistic's scale that best fits the results with `weights` (a coarse scan,
/// then a finer one around the best).
fn best_scale<D: GameDef>(samples: &[Sample<D::State>], weights: &[i32]) -> f64 {
    let mut best = (f64::MAX, 1000.0);
    for step in 0..40 {
        let scale = 50.0 * 1.15f64.powi(step);
        best = best.min_by_loss(loss::<D>(samples, weights, scale), scale);
    }
    let around = best.1;
    for step in -10..=10 {
        let scale = around * (1.0 + f64::from(step) * 0.01);
        best = best.min_by_loss(loss::<D>(samples, weights, scale), scale);
    }
    best.1
}

/// Keeps the lower loss of two (loss, value) pairs.
trait MinByLoss {
    fn min_by_loss(self, loss: f64, value: f64) -> Self;
}

impl MinByLoss for (f64, f64) {
    fn min_by_loss(self, loss: f64, value: f64) -> (f64, f64) {
        if loss < self.0 {
            (loss, value)
        } else {
            self
        }
    }
}

impl Visitor for Fit<'_> {
    type Output = Result<String, String>;

    fn visit<D: GameDef>(self) -> Self::Output {
        let start = D::tunable_weights();
        if start.is_empty() {
            return Err(format!("game: {} has no weights to fit", D::INFO.id));
        }
        let variants: Vec<&str> = D::INFO.variants.iter().map(|v| v.id).collect();
        let variant = choice("variant", self.variant, &variants)?;
        let samples = self_play::<D>(&self, variant)?;
        let scale = best_scale::<D>(&samples, &start);
        let before = loss::<D>(&samples, &start, scale);
        let mut weights = start.clone();
        let mut current = before;
        for _ in 0..self.passes {
            let mut improved = false;
            for i in 0..weights.len() {
                let step = (weights[i].abs() / 10).max(1);
                for delta in [step, -step] {
                    let mut trial = weights.clone();
                    trial[i] += delta;
                    let trial_loss = loss::<D>(&samples, &trial, scale);
                    if trial_loss < current {
                        (weights, current, improved) = (trial, trial_loss, true);
                        break;
                    }
                }
            }
            if !improved {
                break;
            }
        }
        let list = |w: &[i32]| w.iter().map(i32::to_string).collect::<Vec<_>>().join(":");
        Ok(format!(
            "positions={} games={} level={} scale={scale:.0}\nloss: before={before:.5} after={current:.5}\nweights: before={} after={}",
            samples.len(),
            self.games,
            self.level,
            list(&start),
            list(&weights)
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::Fit;

    fn figure(text: &str, name: &str) -> f64 {
        let at = text.find(&format!("{name}=")).expect("the figure") + name.len() + 1;
        text[at..].split_whitespace().next().and_then(|n| n.parse().ok()).expect("a number")
    }

    #[test]
    fn a_fit_never_raises_the_loss_and_names_the_weights() {
        let fit = Fit { level: "easy", games: 6, variant: None, seed: 3, openings: 2, passes: 2 };
        let text = crate::tools::with("chak", fit).expect("the game").expect("a fit");
        assert!(figure(&text, "after") <= figure(&text, "before"), "{text}");
        assert!(figure(&text, "positions") > 50.0, "{text}");
        assert!(text.contains("weights: before=") && text.contains(" after="), "{text}");
    }

    #[test]
    fn a_game_without_weights_says_so() {
        let fit = Fit { level: "easy", games: 1, variant: None, seed: 3, openings: 0, passes: 1 };
        let error = crate::tools::with("chek", fit).expect("the game").expect_err("no weights");
        assert_eq!(error, "game: chek has no weights to fit");
    }
}
