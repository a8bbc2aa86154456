//! The game's sound cues rendered in software, from the same note data the Playdate's
//! synthesizer plays (`chek_ui::sound`): for listening on the desktop and for checking
//! every cue (`chek sound render`).

use chek_ui::sound::{Cue, Note, Wave};

/// Samples per second.
pub const RATE: u32 = 44_100;
/// The mix's gain: the loudest cue stays well below full scale.
const MASTER: f32 = 0.5;

/// `note`'s loudness at `t` ms from its start: the attack rises, the note holds, the
/// release falls.
fn envelope(note: &Note, t: f32) -> f32 {
    let (attack, held, release) = (note.attack_ms as f32, note.ms as f32, note.release_ms as f32);
    if t < 0.0 {
        0.0
    } else if t < attack {
        t / attack.max(1.0)
    } else if t < held {
        1.0
    } else if t < held + release {
        1.0 - (t - held) / release.max(1.0)
    } else {
        0.0
    }
}

/// A small deterministic noise source (sample-and-hold at the note's rate).
fn noise(step: u64) -> f32 {
    let mut z = step.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ 0x5851_f42d_4c95_7f2d;
    z ^= z >> 29;
    z = z.wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z ^= z >> 32;
    (z as u32 as f32 / u32::MAX as f32) * 2.0 - 1.0
}

/// The wave of `note` at `t` seconds from its start, −1 to 1.
fn wave(note: &Note, t: f32) -> f32 {
    let phase = (t * note.hz).fract();
    match note.wave {
        Wave::Square => {
            if phase < 0.5 {
                1.0
            } else {
                -1.0
            }
        }
        Wave::Triangle => 1.0 - 4.0 * (phase - 0.5).abs(),
        Wave::Sine => (phase * core::f32::consts::TAU).sin(),
        Wave::Noise => noise((t * note.hz) as u64),
    }
}

/// `cue` as samples at [`RATE`], −1 to 1.
pub fn render(cue: Cue) -> Vec<f32> {
    let samples = (cue.length_ms() as u64 * RATE as u64 / 1000) as usize;
    let mut out = vec![0.0f32; samples];
    for note in cue.notes() {
        let start = note.at_ms as usize * RATE as usize / 1000;
        for (i, sample) in out.iter_mut().enumerate().skip(start) {
            let t = (i - start) as f32 / RATE as f32;
            let level = envelope(note, t * 1000.0);
            if level > 0.0 {
                *sample += MASTER * note.volume * level * wave(note, t);
            }
        }
    }
    out
}

/// Writes `cue` as a 16-bit mono WAV file.
///
/// # Errors
/// The file cannot be written.
pub fn write_wav(cue: Cue, path: &std::path::Path) -> Result<(), String> {
    let spec =
        hound::WavSpec { channels: 1, sample_rate: RATE, bits_per_sample: 16, sample_format: hound::SampleFormat::Int };
    let mut writer = hound::WavWriter::create(path, spec).map_err(|e| format!("{}: {e}", path.display()))?;
    for sample in render(cue) {
        let value = (sample.clamp(-1.0, 1.0) * i16::MAX as f32) as i16;
        writer.write_sample(value).map_err(|e| format!("{}: {e}", path.display()))?;
    }
    writer.finalize().map_err(|e| format!("{}: {e}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_cue_sounds_below_full_scale_and_briefly() {
        for cue in Cue::ALL {
            let samples = render(cue);
            let peak = samples.iter().fold(0.0f32, |p, s| p.max(s.abs()));
            assert!(peak > 0.05, "{} is audible: peak {peak}", cue.name());
            let dbfs = 20.0 * peak.log10();
            assert!(dbfs < -1.0, "{} peaks at {dbfs:.1} dBFS", cue.name());
            let seconds = samples.len() as f32 / RATE as f32;
            let limit = if cue == Cue::Jingle { 6.0 } else { 1.5 };
            assert!(seconds < limit, "{} lasts {seconds:.2} s", cue.name());
        }
    }

    #[test]
    fn the_dice_rattle_for_the_roll() {
        // The roll lasts 700 ms; the rattle covers it.
        let ms = Cue::Dice.length_ms();
        assert!((650..=900).contains(&ms), "{ms} ms");
    }
}
