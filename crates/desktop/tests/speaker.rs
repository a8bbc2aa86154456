//! The desktop's speaker: with no audio device it plays silently and says why only when
//! asked; built with the `audio` feature it writes the cue's samples to the device.

use std::process::Command;

fn chek() -> Command {
    Command::new(env!("CARGO_BIN_EXE_chek"))
}

#[test]
fn with_no_device_the_game_is_silent_and_says_why_only_when_verbose() {
    let home = std::env::temp_dir().join(format!("chek-speaker-none-{}", std::process::id()));
    std::fs::create_dir_all(&home).unwrap();
    // An ALSA configuration whose default device cannot be opened.
    std::fs::write(home.join(".asoundrc"), "pcm.!default { type hw card 99 }\n").unwrap();
    let quiet = chek().args(["sound", "play", "tick"]).env("HOME", &home).output().unwrap();
    assert!(quiet.status.success());
    assert_eq!(String::from_utf8_lossy(&quiet.stderr), "", "silent without --verbose");
    let verbose = chek().args(["sound", "play", "tick", "--verbose"]).env("HOME", &home).output().unwrap();
    assert!(verbose.status.success());
    let said = String::from_utf8_lossy(&verbose.stderr);
    assert_eq!(said.lines().count(), 1, "one line: {said}");
    assert!(said.starts_with("sound: silent ("), "{said}");
    let _ = std::fs::remove_dir_all(&home);
}

/// The samples ALSA's file plugin received, as 16-bit words.
#[cfg(feature = "audio")]
fn played(home: &std::path::Path, cue: &str) -> Vec<i16> {
    let out = home.join("out.raw");
    // The device converts whatever the speaker sends to 16-bit mono at 44.1 kHz and
    // writes it to a file.
    let config = format!(
        "pcm.!default {{ type plug slave {{ pcm \"tofile\" format S16_LE rate 44100 channels 1 }} }}\n\
         pcm.tofile {{ type file slave.pcm \"null\" file \"{}\" format \"raw\" }}\n",
        out.display()
    );
    std::fs::write(home.join(".asoundrc"), config).unwrap();
    let _ = std::fs::remove_file(&out);
    let run = chek().args(["sound", "play", cue, "--verbose"]).env("HOME", home).output().unwrap();
    assert!(run.status.success());
    assert_eq!(String::from_utf8_lossy(&run.stderr), "", "the device opened");
    std::fs::read(&out).unwrap().chunks_exact(2).map(|b| i16::from_le_bytes([b[0], b[1]])).collect()
}

#[cfg(feature = "audio")]
#[test]
fn built_with_audio_a_cue_reaches_the_device() {
    let home = std::env::temp_dir().join(format!("chek-speaker-file-{}", std::process::id()));
    std::fs::create_dir_all(&home).unwrap();
    for cue in ["tick", "dice", "jingle"] {
        let samples = played(&home, cue);
        let rendered = chek_desktop::sound::render(chek_ui::sound::Cue::from_name(cue).unwrap());
        let loud = |s: &i16| s.unsigned_abs() > 1000;
        // The device got at least the cue's length of samples, and sound in them as
        // loud as the rendering's.
        assert!(samples.len() >= rendered.len(), "{cue}: {} of {} samples", samples.len(), rendered.len());
        let peak = samples.iter().map(|s| s.unsigned_abs()).max().unwrap_or(0);
        let rendered_peak = rendered.iter().fold(0.0f32, |p, s| p.max(s.abs()));
        let expected = (rendered_peak * i16::MAX as f32) as u16;
        assert!(peak.abs_diff(expected) < expected / 10, "{cue}: peak {peak}, rendered {expected}");
        assert!(samples.iter().filter(|s| loud(s)).count() > rendered.len() / 20, "{cue}: mostly silent");
    }
    let _ = std::fs::remove_dir_all(&home);
}
