//! The game-over sheet's choices: a new game, or a rematch of the game just finished
//! (the same game, variant and setup, the players moved on a seat), harder or easier
//! where a CPU played.

use arrayvec::ArrayVec;
use chek_engine::{Seat, MAX_SEATS};

use crate::app::App;
use crate::catalog::Catalog;
use crate::controls::{menu_choice, Command};
use crate::info::Options;
use crate::play::Play;
use crate::screens::{Effect, NewGameRow, OverItem, Overlay, Screen, TitleItem};
use crate::vocab::SeatKind;

impl<C: Catalog> App<C>
where
    C::Play: Clone + core::fmt::Debug,
{
    /// The game-over sheet's choices now: a rematch harder (or easier) only where a CPU
    /// played below the top level (or above the lowest).
    pub fn over_items(&self) -> ArrayVec<OverItem, 5> {
        OverItem::ALL
            .into_iter()
            .filter(|&item| match item {
                OverItem::NewGame | OverItem::Rematch | OverItem::Review => true,
                OverItem::Harder => self.rematch_options(1).is_some(),
                OverItem::Easier => self.rematch_options(-1).is_some(),
            })
            .collect()
    }

    /// One frame on the game-over sheet: up and down choose, A takes the choice once the
    /// result has shown a moment, B goes to the title.
    pub(crate) fn game_over(&mut self, item: OverItem, command: &Command) -> Option<Effect> {
        let items = self.over_items();
        let item = menu_choice(&items, item, OverItem::NewGame, command);
        self.screen = Screen::Play { overlay: Overlay::GameOver { item } };
        if command.b {
            self.screen = Screen::Title { item: TitleItem::NewGame };
            return None;
        }
        if !(command.a && self.guard_passed()) {
            return None;
        }
        let step = match item {
            OverItem::NewGame => {
                self.screen = Screen::NewGame { row: NewGameRow::Start };
                return None;
            }
            OverItem::Review => {
                self.open_review_of_play();
                return None;
            }
            OverItem::Rematch => 0,
            OverItem::Harder => 1,
            OverItem::Easier => -1,
        };
        let options = self.rematch_options(step)?;
        if let Some(slot) = self.options.get_mut(self.game) {
            *slot = options;
        }
        self.start_game()
    }

    /// The settings of a rematch of the game on the board: its variant and setup, each
    /// player moved on to the next seat at the table (in a two-seat game, sides
    /// swapped), and with `step` ±1 every CPU a level harder or easier. `None` when
    /// there is no game, or no CPU can move `step` levels.
    pub(crate) fn rematch_options(&self, step: i32) -> Option<Options> {
        let play = self.play.as_ref()?;
        let info = play.info();
        let mut options = Options {
            variant: play.variant(),
            setup: play.setup(),
            kinds: play.session().kinds(),
            first: self.options().first,
            strict: self.options().strict,
        };
        let seats: ArrayVec<Seat, MAX_SEATS> = options.seats(info).iter().collect();
        let before = options.kinds;
        for (i, &seat) in seats.iter().enumerate() {
            let from = seats[(i + seats.len() - 1) % seats.len()];
            options.kinds[seat] = before[from];
        }
        if step != 0 {
            let mut moved = false;
            for &seat in &seats {
                let kind = &mut options.kinds[seat];
                if let Some(level) = cpu_level_after(*kind, step) {
                    *kind = level;
                    moved = true;
                }
            }
            if !moved {
                return None;
            }
        }
        Some(options)
    }
}

/// The CPU level `step` places along the new-game screen's list from `kind`, if `kind`
/// is a CPU and that level exists.
fn cpu_level_after(kind: SeatKind, step: i32) -> Option<SeatKind> {
    if !kind.is_cpu() {
        return None;
    }
    let at = SeatKind::ALL.iter().position(|&k| k == kind)? as i32;
    let to = SeatKind::ALL.get(usize::try_from(at + step).ok()?).copied()?;
    to.is_cpu().then_some(to)
}

#[cfg(test)]
mod tests {
    use super::*;
    use chek_ai::Level;

    #[test]
    fn a_cpu_level_steps_along_the_list_and_stops_at_its_ends() {
        let cpu = SeatKind::Cpu;
        assert_eq!(cpu_level_after(cpu(Level::Normal), 1), Some(cpu(Level::Hard)));
        assert_eq!(cpu_level_after(cpu(Level::Hard), 1), Some(cpu(Level::Master)));
        assert_eq!(cpu_level_after(cpu(Level::Master), 1), None);
        assert_eq!(cpu_level_after(cpu(Level::Easy), -1), None, "not down to a person");
        assert_eq!(cpu_level_after(SeatKind::Human, 1), None);
    }
}
