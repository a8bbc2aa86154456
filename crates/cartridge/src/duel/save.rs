//! A two-seat game's save: the game's own bytes of the position now (the layout each
//! game has always written), and the journal of decisions since the kept start, whose
//! replay gives back the game exactly — its history, its counts, what the screen showed.
//! A journal that does not replay to the position now (a save from a build with
//! different rules) is set aside: the position now still loads.

use alloc::string::ToString;
use alloc::vec::Vec;

use chek_engine::Notation;
use chek_ui::history::History;
use chek_ui::records::MAX_FIGURES;
use chek_ui::save::{Journal, JournalStep, SaveError, Saved};

use super::{step, Board, Duel, Figures};

/// The save of `play`.
pub fn saved<B: Board>(play: &Duel<B>) -> Saved {
    let start = Duel::<B>::new((*play.start).clone(), play.kinds, play.seed);
    let steps = play
        .history
        .entries()
        .iter()
        .map(|e| JournalStep { seat: e.seat, turn_start: e.turn_start, text: e.step.to_string() })
        .collect();
    Saved {
        game: B::INFO.save_id,
        variant: B::variant(play.state()) as u8,
        kinds: play.kinds,
        seed: play.seed,
        summary: alloc::string::String::new(),
        bytes: B::write(play),
        screen: B::screen(play),
        journal: Some(Journal {
            start: B::write(&start),
            folded: play.history.folded(),
            folded_turns: play.history.folded_turns(),
            took_back: play.history.took_back(),
            counters: play.start_figures.iter().flatten().copied().collect(),
            steps,
        }),
    }
}

/// The game a save holds: replayed from its journal when it has one that gives the
/// position now, else the position now without its history.
///
/// # Errors
/// What is wrong with the position now.
// A frame of its own, off the cartridge's load on the device's small stack.
#[inline(never)]
pub fn load<B: Board>(saved: &Saved) -> Result<Duel<B>, SaveError> {
    let now = B::read(saved)?;
    let mut play = match saved.journal.as_ref().and_then(|journal| replay::<B>(saved, journal)) {
        Some(mut play) if play.state() == now.state() => {
            play.board = now.board;
            play
        }
        _ => now,
    };
    B::restore_screen(&mut play, &saved.screen);
    Ok(play)
}

/// The game of `journal`: its start, then every decision, each checked.
fn replay<B: Board>(saved: &Saved, journal: &Journal) -> Option<Duel<B>> {
    let start = Saved { bytes: journal.start.clone(), journal: None, ..saved.clone() };
    let start = B::read(&start).ok()?;
    let mut play = Duel::<B>::new(*start.game, saved.kinds, saved.seed);
    let mut figures = Figures::default();
    for (i, value) in journal.counters.iter().take(figures.len() * MAX_FIGURES).enumerate() {
        figures[i / MAX_FIGURES][i % MAX_FIGURES] = *value;
    }
    play.start_figures = figures;
    play.figures = figures;
    let mut entries = Vec::with_capacity(journal.steps.len());
    for s in &journal.steps {
        let seat = play.seat_to_move()?;
        let turn_start = B::turn_starts(play.state());
        let mv = play.state().parse_action(&s.text).ok()?;
        if seat != s.seat || turn_start != s.turn_start || step::<B>(&mut play.game, &mut play.figures, mv).is_err() {
            return None;
        }
        entries.push(chek_ui::history::Entry { step: mv, seat, turn_start });
    }
    if entries.len() > History::<super::Move<B>>::LIMIT + 1 {
        return None;
    }
    play.history = History::restored(entries, journal.folded, journal.folded_turns, journal.took_back);
    B::settle(&mut play);
    Some(play)
}
