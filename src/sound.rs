//! The App's sound cues on the Playdate's synthesizer (`sound->synth`). Voices are made
//! once, at launch, and reused: nothing is allocated per cue. Each note goes to a
//! voice that is silent by then (else the one that falls silent first), with its
//! waveform, envelope, pitch, volume and length, scheduled at its start in samples.

use chek_ui::sound::{Cue, Wave};
use crankstart_sys::{PDSynth, PlaydateAPI, SoundWaveform};

/// Voices: enough for the longest cue (the jingle's 12 notes).
const VOICES: usize = 12;
/// The sound engine's samples per second.
const RATE: u32 = 44_100;

/// The synthesizer voices and when each falls silent (in samples).
pub struct Voices {
    voices: [*mut PDSynth; VOICES],
    silent_at: [u32; VOICES],
}

fn samples(ms: u16) -> u32 {
    ms as u32 * (RATE / 1000)
}

const fn waveform(wave: Wave) -> SoundWaveform {
    match wave {
        Wave::Square => SoundWaveform::kWaveformSquare,
        Wave::Triangle => SoundWaveform::kWaveformTriangle,
        Wave::Sine => SoundWaveform::kWaveformSine,
        Wave::Noise => SoundWaveform::kWaveformNoise,
    }
}

impl Voices {
    /// Makes the voices (none where the system has no synthesizer).
    pub fn new(api: *const PlaydateAPI) -> Voices {
        let mut voices = [core::ptr::null_mut(); VOICES];
        // SAFETY: `api` is the system's table; its sound tables live as long as the game.
        unsafe {
            let sound = (*api).sound;
            if !sound.is_null() && !(*sound).synth.is_null() {
                if let Some(new_synth) = (*(*sound).synth).newSynth {
                    for voice in voices.iter_mut() {
                        *voice = new_synth();
                    }
                }
            }
        }
        Voices { voices, silent_at: [0; VOICES] }
    }

    /// Plays `cue` from now.
    pub fn play(&mut self, api: *const PlaydateAPI, cue: Cue) {
        // SAFETY: as in `new`; every voice is a synth the system made, or null (skipped).
        unsafe {
            let sound = (*api).sound;
            if sound.is_null() || (*sound).synth.is_null() {
                return;
            }
            let synth = &*(*sound).synth;
            let now = (*sound).getCurrentTime.map_or(0, |f| f());
            for note in cue.notes() {
                let start = now.wrapping_add(samples(note.at_ms));
                let index = (0..VOICES)
                    .find(|&i| self.silent_at[i].wrapping_sub(now) > u32::MAX / 2 || self.silent_at[i] == now)
                    .unwrap_or_else(|| (0..VOICES).min_by_key(|&i| self.silent_at[i].wrapping_sub(now)).unwrap_or(0));
                let voice = self.voices[index];
                if voice.is_null() {
                    continue;
                }
                if let Some(f) = synth.setWaveform {
                    f(voice, waveform(note.wave));
                }
                if let Some(f) = synth.setAttackTime {
                    f(voice, note.attack_ms as f32 / 1000.0);
                }
                if let Some(f) = synth.setDecayTime {
                    f(voice, 0.0);
                }
                if let Some(f) = synth.setSustainLevel {
                    f(voice, 1.0);
                }
                if let Some(f) = synth.setReleaseTime {
                    f(voice, note.release_ms as f32 / 1000.0);
                }
                if let Some(f) = synth.playNote {
                    f(voice, note.hz, note.volume, note.ms as f32 / 1000.0, start);
                }
                self.silent_at[index] = start.wrapping_add(samples(note.ms) + samples(note.release_ms));
            }
        }
    }
}
