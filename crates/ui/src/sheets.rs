//! The input of the boxes over the board — the pause sheet, the share code, the
//! confirmations, game over — and of the records pages.

use alloc::format;
use arrayvec::ArrayVec;

use crate::app::menus::NOTICE_MS;
use crate::app::App;
use crate::catalog::Catalog;
use crate::controls::{menu_choice, Command, Dir};
use crate::info::seat_name;
use crate::play::Play;
use crate::screens::{Effect, Overlay, PauseItem, RulesBack, Screen, TitleItem};

impl<C: Catalog> App<C>
where
    C::Play: Clone + core::fmt::Debug,
{
    /// The pause sheet's items now: a take-back only when there is one.
    pub fn pause_items(&self) -> ArrayVec<PauseItem, 9> {
        let can = self.helps() && self.play.as_ref().is_some_and(|p| p.take_back_seat().is_some());
        let hint = self.hint_offered();
        PauseItem::ALL
            .into_iter()
            .filter(|&i| match i {
                PauseItem::TakeBack => can,
                PauseItem::Hint => hint,
                _ => true,
            })
            .collect()
    }

    /// The overlays on the board: the pause sheet, the share code, the confirmations,
    /// game over.
    pub(crate) fn overlay(&mut self, overlay: Overlay, command: &Command) -> Option<Effect> {
        let (a, b) = (command.a, command.b);
        match overlay {
            Overlay::None => {}
            Overlay::Pause { item } => return self.pause(item, command),
            Overlay::ConfirmEnd => {
                if a {
                    let answer = self.play.as_mut().map(Play::end_by_agreement);
                    if let Some(Err(reason)) = answer {
                        self.board_notice = Some((reason, self.now().wrapping_add(NOTICE_MS)));
                        self.screen = Screen::Play { overlay: Overlay::None };
                        return None;
                    }
                    self.screen = Screen::Play { overlay: Overlay::GAME_OVER };
                    return Some(Effect::Save);
                }
                if b {
                    self.screen = Screen::Play { overlay: Overlay::Pause { item: PauseItem::EndGame } };
                }
            }
            Overlay::ConfirmTakeBack => {
                if a && self.guard_passed() {
                    return self.take_back_now();
                }
                if b {
                    self.screen = Screen::Play { overlay: Overlay::Pause { item: PauseItem::TakeBack } };
                }
            }
            Overlay::Share => {
                if a || b {
                    self.screen = Screen::Play { overlay: Overlay::Pause { item: PauseItem::Share } };
                }
            }
            Overlay::GameOver { item } => return self.game_over(item, command),
        }
        None
    }

    fn pause(&mut self, item: PauseItem, command: &Command) -> Option<Effect> {
        let items = self.pause_items();
        let item = menu_choice(&items, item, PauseItem::Resume, command);
        self.screen = Screen::Play { overlay: Overlay::Pause { item } };
        if command.b {
            self.screen = Screen::Play { overlay: Overlay::None };
        } else if command.a && item == PauseItem::Sound {
            return Some(self.toggle_sound());
        } else if command.a && item == PauseItem::TakeBack {
            return self.take_back_asked();
        } else if command.a && item == PauseItem::Hint {
            self.hint_asked();
        } else if command.a {
            let records = Screen::Records { page: self.game as u8, back: RulesBack::Pause };
            self.screen = match item {
                PauseItem::Resume | PauseItem::TakeBack | PauseItem::Hint => Screen::Play { overlay: Overlay::None },
                PauseItem::Rules => Screen::Rules { page: 0, back: RulesBack::Pause },
                PauseItem::Share => Screen::Play { overlay: Overlay::Share },
                PauseItem::Records => records,
                PauseItem::EndGame => Screen::Play { overlay: Overlay::ConfirmEnd },
                PauseItem::Title => Screen::Title { item: TitleItem::Continue },
                PauseItem::Sound => Screen::Play { overlay: Overlay::Pause { item } },
            };
        }
        None
    }

    /// A take-back was asked for (the pause sheet, the system menu): against the CPU it
    /// happens at once; with people only it asks first.
    pub(crate) fn take_back_asked(&mut self) -> Option<Effect> {
        let play = self.play.as_ref()?;
        play.take_back_seat()?;
        let info = play.info();
        let table = info.setups.get(play.setup()).map(|s| s.seats).unwrap_or_default();
        let kinds = play.session().kinds();
        if table.iter().all(|s| !kinds[s].is_cpu()) {
            self.set_screen(Screen::Play { overlay: Overlay::ConfirmTakeBack });
            return None;
        }
        self.take_back_now()
    }

    /// Takes back and shows the board with a line saying what went.
    fn take_back_now(&mut self) -> Option<Effect> {
        let play = self.play.as_mut()?;
        let seat = play.take_back_seat()?;
        if !play.take_back() {
            return None;
        }
        let name = seat_name(play.info(), seat);
        let line = format!("Taken back: {name}'s move and what came after");
        self.board_notice = Some((line, self.now.wrapping_add(NOTICE_MS)));
        self.set_screen(Screen::Play { overlay: Overlay::None });
        self.stale_pending = true;
        Some(Effect::Save)
    }

    /// The records pages: left and right turn to another game's, A opens its kept
    /// games to review (when it has any), B goes back.
    pub(crate) fn records_page(&self, page: u8, back: RulesBack, command: &Command) -> Screen {
        if command.a && !self.kept_lines(page).is_empty() {
            return Screen::Kept { page, item: 0, back };
        }
        if command.b || command.a {
            return match back {
                RulesBack::Title => Screen::Title { item: TitleItem::Records },
                RulesBack::Pause => Screen::Play { overlay: Overlay::Pause { item: PauseItem::Records } },
            };
        }
        let page = match command.dpad {
            Some(dir @ (Dir::Left | Dir::Right)) => self.next_game(page as usize, dir.step()) as u8,
            _ => page,
        };
        Screen::Records { page, back }
    }
}
