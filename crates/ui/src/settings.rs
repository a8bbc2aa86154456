//! The settings the App keeps in `settings.bin`: the sound, the game last played,
//! where each game's lesson stopped, each game's last variant and setup on the
//! new-game screen, and the code being entered.

use arrayvec::ArrayVec;

use crate::app::App;
use crate::catalog::Catalog;

/// The settings' format: version 2 adds the last game played (its save id), version 3
/// the code being entered, version 4 where each game's lesson stopped, version 5 each
/// game's variant and setup, version 6 whether each game is strict (no take-backs, no
/// hints).
const SETTINGS_VERSION: u8 = 6;

impl<C: Catalog> App<C>
where
    C::Play: Clone + core::fmt::Debug,
{
    /// The settings' bytes for the shell to keep (`settings.bin`): a version, whether
    /// the sound is on, the game last played (its save id), which the title opens on,
    /// where each game's lesson stopped (a count, then a save id and a step each, for
    /// the games whose lesson has begun), each game's variant, setup and strictness (a
    /// count, then a save id, a variant, a setup and 0 or 1 each), and the code being
    /// entered
    /// ([`crate::screens::CodeEntry::to_bytes`]).
    pub fn settings(&self) -> ArrayVec<u8, { crate::store::MAX_SETTINGS_BYTES }> {
        let mut bytes = ArrayVec::new();
        let _ = bytes.try_extend_from_slice(&[SETTINGS_VERSION, self.sound_on as u8, self.game().save_id]);
        let begun: ArrayVec<(u8, u8), 8> = C::games()
            .iter()
            .zip(&self.lesson_at)
            .filter(|(_, &at)| at > 0)
            .map(|(info, &at)| (info.save_id, at))
            .take(8)
            .collect();
        let _ = bytes.try_push(begun.len() as u8);
        for (id, at) in begun {
            let _ = bytes.try_extend_from_slice(&[id, at]);
        }
        let chosen: ArrayVec<[u8; 4], 8> = C::games()
            .iter()
            .zip(&self.options)
            .map(|(info, o)| [info.save_id, o.variant as u8, o.setup as u8, o.strict as u8])
            .take(8)
            .collect();
        let _ = bytes.try_push(chosen.len() as u8);
        for entry in chosen {
            let _ = bytes.try_extend_from_slice(&entry);
        }
        let _ = bytes.try_extend_from_slice(&self.code_entry.to_bytes());
        bytes
    }

    /// Takes saved settings (version 1 had the sound alone, version 2 no code entry,
    /// version 3 no lessons, version 4 no variants and setups, version 5 no strictness). Bytes of another version or length are ignored (the
    /// defaults stay): settings are never worth refusing to start over.
    pub fn apply_settings(&mut self, bytes: &[u8]) {
        match bytes {
            [1, sound] => self.sound_on = *sound != 0,
            [version @ (2..=SETTINGS_VERSION), sound, game, rest @ ..] => {
                self.sound_on = *sound != 0;
                if let Some(i) = C::games().iter().position(|info| info.save_id == *game) {
                    self.game = i;
                }
                let entry = match version {
                    4 => self.apply_lessons(rest),
                    5 => self.apply_lessons(rest).and_then(|rest| self.apply_options(rest, 3)),
                    6 => self.apply_lessons(rest).and_then(|rest| self.apply_options(rest, 4)),
                    _ => Some(rest),
                };
                if *version >= 3 {
                    if let Some(entry) = entry.and_then(crate::screens::CodeEntry::from_bytes) {
                        self.code_entry = entry;
                    }
                }
            }
            _ => {}
        }
    }

    /// Takes each game's variant and setup from the settings (an index past the game's
    /// list is ignored); returns the bytes after them (`None` if they are cut short).
    fn apply_options<'b>(&mut self, bytes: &'b [u8], width: usize) -> Option<&'b [u8]> {
        let (&count, rest) = bytes.split_first()?;
        let (entries, rest) = rest.split_at_checked(width * count as usize)?;
        for entry in entries.chunks_exact(width) {
            if let [id, variant, setup, ..] = *entry {
                let Some(i) = C::games().iter().position(|info| info.save_id == id) else {
                    continue;
                };
                let info = C::games()[i];
                if let Some(options) = self.options.get_mut(i) {
                    if (variant as usize) < info.variants.len() {
                        options.variant = variant as usize;
                    }
                    if (setup as usize) < info.setups.len() {
                        options.setup = setup as usize;
                        crate::app::menus::fit_first(options, info);
                    }
                    options.strict = entry.get(3) == Some(&1);
                }
            }
        }
        Some(rest)
    }

    /// Takes where each game's lesson stopped from the settings; returns the bytes
    /// after them (`None` if they are cut short).
    fn apply_lessons<'b>(&mut self, bytes: &'b [u8]) -> Option<&'b [u8]> {
        let (&count, rest) = bytes.split_first()?;
        let (pairs, rest) = rest.split_at_checked(2 * count as usize)?;
        for pair in pairs.chunks_exact(2) {
            if let [id, at] = *pair {
                if let Some(i) = C::games().iter().position(|info| info.save_id == id) {
                    let steps = C::games()[i].lesson.len();
                    if let Some(slot) = self.lesson_at.get_mut(i) {
                        *slot = if (at as usize) < steps { at } else { 0 };
                    }
                }
            }
        }
        Some(rest)
    }
}
