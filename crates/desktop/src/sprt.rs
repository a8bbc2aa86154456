//! The sequential probability ratio test the arena stops by: is A stronger than B by
//! `elo1` (H1) rather than by `elo0` (H0)? After each game the log-likelihood ratio of
//! the two hypotheses is updated (the normal approximation over game scores 1, ½ and
//! 0, as engine testing frameworks do); the test stops when it leaves the bounds set
//! by the error rates (α = β = 0.05: ±2.94).

/// The test's hypotheses and error rates.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Sprt {
    /// A's advantage in Elo under H0 (say 0: no better).
    pub elo0: f64,
    /// Under H1 (say 20).
    pub elo1: f64,
    /// The chance of accepting H1 when H0 holds.
    pub alpha: f64,
    /// The chance of accepting H0 when H1 holds.
    pub beta: f64,
}

/// Where a test stands.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Verdict {
    /// H1: A is better by about `elo1`.
    Stronger,
    /// H0: A is not better by `elo1` (better by `elo0` at most).
    NotStronger,
    /// More games are needed.
    Undecided,
}

/// The expected score of a side `elo` stronger.
pub fn score_of(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The Elo difference of an expected score (clamped away from 0 and 1).
pub fn elo_of(score: f64) -> f64 {
    let s = score.clamp(1e-6, 1.0 - 1e-6);
    -400.0 * (1.0 / s - 1.0).log10()
}

impl Sprt {
    /// A test of H0 `elo0` against H1 `elo1` at α = β = 0.05.
    pub fn new(elo0: f64, elo1: f64) -> Sprt {
        Sprt { elo0, elo1, alpha: 0.05, beta: 0.05 }
    }

    /// Parses `ELO0:ELO1`.
    ///
    /// # Errors
    /// One line naming the form expected.
    pub fn parse(text: &str) -> Result<Sprt, String> {
        let bad = || format!("sprt: expected ELO0:ELO1 (e.g. 0:20), got {text:?}");
        let (a, b) = text.split_once(':').ok_or_else(bad)?;
        let (elo0, elo1) = (a.parse::<f64>().map_err(|_| bad())?, b.parse::<f64>().map_err(|_| bad())?);
        if elo1 <= elo0 {
            return Err(bad());
        }
        Ok(Sprt::new(elo0, elo1))
    }

    /// The lower and upper bounds of the log-likelihood ratio.
    pub fn bounds(&self) -> (f64, f64) {
        ((self.beta / (1.0 - self.alpha)).ln(), ((1.0 - self.beta) / self.alpha).ln())
    }

    /// The log-likelihood ratio of H1 to H0 after games scored `points` (each 1, ½ or
    /// 0 for A). The variance counts a won and a lost game besides, so a one-sided
    /// run (every game won) has one to divide by and is decided once long enough.
    pub fn llr(&self, points: &[f64]) -> f64 {
        let n = points.len() as f64;
        if points.is_empty() {
            return 0.0;
        }
        let mean = points.iter().sum::<f64>() / n;
        let prior = [0.0, 1.0];
        let spread_mean = (points.iter().sum::<f64>() + 1.0) / (n + 2.0);
        let variance =
            points.iter().chain(&prior).map(|p| (p - spread_mean) * (p - spread_mean)).sum::<f64>() / (n + 2.0);
        let (s0, s1) = (score_of(self.elo0), score_of(self.elo1));
        n * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * variance)
    }

    /// The verdict after games scored `points`.
    pub fn verdict(&self, points: &[f64]) -> Verdict {
        let llr = self.llr(points);
        let (low, high) = self.bounds();
        if llr >= high {
            Verdict::Stronger
        } else if llr <= low {
            Verdict::NotStronger
        } else {
            Verdict::Undecided
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bounds_are_those_of_five_percent_errors() {
        let (low, high) = Sprt::new(0.0, 20.0).bounds();
        assert!((low + 2.944).abs() < 0.001 && (high - 2.944).abs() < 0.001, "{low} {high}");
    }

    #[test]
    fn a_clearly_stronger_side_is_accepted_and_an_equal_one_rejected() {
        let test = Sprt::new(0.0, 20.0);
        // 70% over 200 games: far above the 52.9% of +20 Elo.
        let strong: Vec<f64> = (0..200).map(|i| if i % 10 < 7 { 1.0 } else { 0.0 }).collect();
        assert_eq!(test.verdict(&strong), Verdict::Stronger);
        // 45% over 1,000 games: below the 50% of H0.
        let weak: Vec<f64> = (0..1000).map(|i| if i % 20 < 9 { 1.0 } else { 0.0 }).collect();
        assert_eq!(test.verdict(&weak), Verdict::NotStronger);
        // 52% over 40 games: too few to tell.
        let unclear: Vec<f64> = (0..40).map(|i| if i % 25 < 13 { 1.0 } else { 0.0 }).collect();
        assert_eq!(test.verdict(&unclear), Verdict::Undecided);
    }

    #[test]
    fn a_run_of_wins_is_decided_once_long_enough() {
        let test = Sprt::new(0.0, 20.0);
        assert_eq!(test.verdict(&[1.0; 3]), Verdict::Undecided);
        assert_eq!(test.verdict(&[1.0; 200]), Verdict::Stronger);
        assert_eq!(test.verdict(&[0.0; 200]), Verdict::NotStronger);
    }

    #[test]
    fn elo_and_score_are_inverse() {
        for elo in [-300.0, -20.0, 0.0, 35.0, 400.0] {
            assert!((elo_of(score_of(elo)) - elo).abs() < 1e-6);
        }
        assert!((score_of(0.0) - 0.5).abs() < 1e-12);
    }

    #[test]
    fn parsing_names_the_form() {
        assert_eq!(Sprt::parse("0:20"), Ok(Sprt::new(0.0, 20.0)));
        assert!(Sprt::parse("20:0").unwrap_err().contains("ELO0:ELO1"));
        assert!(Sprt::parse("x").is_err());
    }
}
