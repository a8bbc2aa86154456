//! A two-seat game's save: the game's own bytes of the position now (the layout each
//! game has always written), and the journal of decisions since the kept start, whose
//! replay gives back the game exactly — its history, its counts, what the screen showed.
//! A journal that does not replay to the position now (a save from a build with
//! different rules) is set aside: the position now still loads.

use chek_ui::save::{Journal, SaveError, Saved};
use chek_ui::session::Session;

use super::{Board, Duel};

/// The save of `play`.
pub fn saved<B: Board>(play: &Duel<B>) -> Saved {
    let session = &play.session;
    Saved {
        game: B::INFO.save_id,
        variant: B::variant(play.state()) as u8,
        kinds: session.kinds,
        seed: session.seed,
        summary: alloc::string::String::new(),
        bytes: B::write(play.record(), &play.board),
        screen: B::screen(play),
        journal: Some(session.journal(B::write(&session.start().record, &play.board))),
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

/// The game of `journal`: its start, then every decision, each checked. A frame of its
/// own: the start's copies stay off the load's frame on the device's small stack.
#[inline(never)]
fn replay<B: Board>(saved: &Saved, journal: &Journal) -> Option<Duel<B>> {
    let start = Saved { bytes: journal.start.clone(), journal: None, ..saved.clone() };
    let start = B::read(&start).ok()?;
    let Duel { session, board, .. } = start;
    let session = Session::replay(session.into_now(), journal, saved.kinds, saved.seed)?;
    let mut play = Duel { session, board, cpu: None, hint: None };
    (B::SETTLE)(&mut play);
    Some(play)
}
