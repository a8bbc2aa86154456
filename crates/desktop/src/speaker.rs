//! The App's sound cues played through the computer's audio output, rendered by the
//! software synth in [`crate::sound`] from the same notes the Playdate plays.
//!
//! Built with the `audio` feature, the speaker opens the default output device with
//! `cpal`; a machine with no device (or a build without the feature) plays silently,
//! and says why in one line when asked to be verbose.

use std::sync::Arc;

use chek_ui::sound::Cue;

/// Where the cues go: an open output device, or nowhere.
#[derive(Debug)]
pub struct Speaker {
    output: Option<output::Output>,
    /// Each cue's samples, rendered once on first use.
    rendered: Vec<Option<Arc<[f32]>>>,
}

impl Speaker {
    /// Opens the default output device; without one the speaker is silent, and with
    /// `verbose` it says why on standard error.
    pub fn open(verbose: bool) -> Speaker {
        let output = match output::Output::open() {
            Ok(output) => Some(output),
            Err(why) => {
                if verbose {
                    eprintln!("sound: silent ({why})");
                }
                None
            }
        };
        Speaker { output, rendered: vec![None; Cue::ALL.len()] }
    }

    /// A speaker that plays nothing (tests, scripted shots).
    pub fn silent() -> Speaker {
        Speaker { output: None, rendered: Vec::new() }
    }

    /// Whether cues reach an output device.
    pub fn is_audible(&self) -> bool {
        self.output.is_some()
    }

    /// Waits until every cue started has finished, or `limit` has passed.
    pub fn wait_quiet(&self, limit: std::time::Duration) {
        let Some(output) = &self.output else { return };
        let start = std::time::Instant::now();
        while output.sounding() && start.elapsed() < limit {
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
    }

    /// Starts `cues`, mixed over whatever is still sounding.
    pub fn play(&mut self, cues: &[Cue]) {
        let Some(output) = &self.output else { return };
        for &cue in cues {
            let Some(index) = Cue::ALL.iter().position(|&c| c == cue) else { continue };
            let samples = self.rendered[index].get_or_insert_with(|| crate::sound::render(cue).into()).clone();
            output.start(samples);
        }
    }
}

/// Sounds being played: each a cue's samples and how far it has got.
#[derive(Debug, Default)]
#[cfg_attr(not(feature = "audio"), allow(dead_code))]
struct Mixer {
    voices: Vec<(Arc<[f32]>, f64)>,
}

#[cfg_attr(not(feature = "audio"), allow(dead_code))]
impl Mixer {
    /// Fills `out` (interleaved, `channels` wide) with the voices' sum, advancing each by
    /// `step` of its samples per frame; finished voices leave.
    fn fill(&mut self, out: &mut [f32], channels: usize, step: f64) {
        for frame in out.chunks_mut(channels.max(1)) {
            let mut sum = 0.0;
            for (samples, at) in &mut self.voices {
                sum += samples.get(*at as usize).copied().unwrap_or(0.0);
                *at += step;
            }
            frame.fill(sum.clamp(-1.0, 1.0));
        }
        self.voices.retain(|(samples, at)| (*at as usize) < samples.len());
    }
}

#[cfg(feature = "audio")]
mod output {
    use std::sync::{Arc, Mutex};

    use cpal::traits::{DeviceTrait, HostTrait, StreamTrait};
    use cpal::{FromSample, SizedSample};

    use super::Mixer;
    use crate::sound::RATE;

    /// The open output stream and the mixer its callback reads.
    pub struct Output {
        mixer: Arc<Mutex<Mixer>>,
        _stream: cpal::Stream,
    }

    impl std::fmt::Debug for Output {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.write_str("Output")
        }
    }

    impl Output {
        /// Opens the default device at its default configuration.
        pub fn open() -> Result<Output, String> {
            #[cfg(target_os = "linux")]
            quiet_alsa();
            let device = cpal::default_host().default_output_device().ok_or("no audio output device")?;
            let supported = device.default_output_config().map_err(|e| format!("audio output: {e}"))?;
            let config: cpal::StreamConfig = supported.config();
            let mixer = Arc::new(Mutex::new(Mixer::default()));
            let stream = match supported.sample_format() {
                cpal::SampleFormat::F32 => stream::<f32>(&device, &config, &mixer),
                cpal::SampleFormat::I16 => stream::<i16>(&device, &config, &mixer),
                cpal::SampleFormat::U16 => stream::<u16>(&device, &config, &mixer),
                cpal::SampleFormat::I32 => stream::<i32>(&device, &config, &mixer),
                other => Err(format!("audio output: samples as {other} are not supported")),
            }?;
            stream.play().map_err(|e| format!("audio output: {e}"))?;
            Ok(Output { mixer, _stream: stream })
        }

        /// Adds a voice.
        pub fn start(&self, samples: Arc<[f32]>) {
            if let Ok(mut mixer) = self.mixer.lock() {
                mixer.voices.push((samples, 0.0));
            }
        }

        /// Whether a voice is still playing.
        pub fn sounding(&self) -> bool {
            self.mixer.lock().is_ok_and(|mixer| !mixer.voices.is_empty())
        }
    }

    /// ALSA prints its own complaints (no card, no configuration) to standard error,
    /// over the game in a terminal; the speaker reports in one line instead.
    #[cfg(target_os = "linux")]
    fn quiet_alsa() {
        unsafe extern "C" fn ignore(
            _file: *const std::ffi::c_char,
            _line: std::ffi::c_int,
            _function: *const std::ffi::c_char,
            _err: std::ffi::c_int,
            _fmt: *const std::ffi::c_char,
            _args: ...
        ) {
        }
        // SAFETY: the handler has ALSA's signature and ignores its arguments.
        unsafe {
            alsa_sys::snd_lib_error_set_handler(Some(ignore));
        }
    }

    /// A stream of `T` samples mixing `mixer`'s voices, resampled to the device's rate.
    fn stream<T: SizedSample + FromSample<f32>>(
        device: &cpal::Device,
        config: &cpal::StreamConfig,
        mixer: &Arc<Mutex<Mixer>>,
    ) -> Result<cpal::Stream, String> {
        let channels = config.channels as usize;
        let step = f64::from(RATE) / f64::from(config.sample_rate.0);
        let mixer = Arc::clone(mixer);
        let mut scratch = Vec::new();
        device
            .build_output_stream(
                config,
                move |out: &mut [T], _| {
                    scratch.clear();
                    scratch.resize(out.len(), 0.0f32);
                    if let Ok(mut mixer) = mixer.lock() {
                        mixer.fill(&mut scratch, channels, step);
                    }
                    for (o, &s) in out.iter_mut().zip(&scratch) {
                        *o = T::from_sample(s);
                    }
                },
                |e| eprintln!("audio output: {e}"),
                None,
            )
            .map_err(|e| format!("audio output: {e}"))
    }
}

#[cfg(not(feature = "audio"))]
mod output {
    use std::sync::Arc;

    /// No output: this build has no audio.
    #[derive(Debug)]
    pub enum Output {}

    impl Output {
        /// Says that the build has no audio.
        pub fn open() -> Result<Output, String> {
            Err("built without the `audio` feature: cargo run --release -p chek-desktop --features audio -- play"
                .into())
        }

        /// Never called: there is no output.
        pub fn start(&self, _samples: Arc<[f32]>) {
            match *self {}
        }

        /// Never called: there is no output.
        pub fn sounding(&self) -> bool {
            match *self {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_mixer_sums_voices_and_lets_finished_ones_go() {
        let mut mixer = Mixer::default();
        mixer.voices.push((vec![0.25; 4].into(), 0.0));
        mixer.voices.push((vec![0.5; 2].into(), 0.0));
        let mut out = [0.0f32; 6];
        // Stereo, one sample per frame: three frames.
        mixer.fill(&mut out, 2, 1.0);
        assert_eq!(out, [0.75, 0.75, 0.75, 0.75, 0.25, 0.25]);
        assert_eq!(mixer.voices.len(), 1, "the short voice has finished");
        let mut out = [0.0f32; 2];
        mixer.fill(&mut out, 1, 1.0);
        assert_eq!(out, [0.25, 0.0]);
        assert!(mixer.voices.is_empty());
    }

    #[test]
    fn the_mix_is_clamped_and_resampled() {
        let mut mixer = Mixer::default();
        mixer.voices.push(((0..8).map(|i| i as f32 * 0.3).collect::<Vec<_>>().into(), 0.0));
        let mut out = [0.0f32; 3];
        // Half the source rate: every other sample.
        mixer.fill(&mut out, 1, 2.0);
        assert_eq!(out, [0.0, 0.6, 1.0]);
    }

    #[test]
    fn a_silent_speaker_takes_cues_and_plays_nothing() {
        let mut speaker = Speaker::silent();
        speaker.play(&Cue::ALL);
        assert!(!speaker.is_audible());
    }
}
