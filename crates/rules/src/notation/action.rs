//! Actions written as text: `b2-b3`, `b2xb3 +1`, `b2xb3` (Chek Simple), `b2xb3 +1:+0`
//! (Chek Nights), `end` and `pass`.

use crate::{Action, Position, Square};

use super::ActionError;

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
