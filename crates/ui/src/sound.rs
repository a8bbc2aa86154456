//! The game's sound cues as data: each a few notes (a waveform, a pitch, when it starts,
//! how long it lasts, how loud, and its envelope), no samples. The App says which cues
//! a frame plays ([`crate::App::cues`]); the Playdate plays them on its synthesizer,
//! the desktop renders the same notes in software.

use arrayvec::ArrayVec;

/// A note's waveform.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Wave {
    /// A square wave: bright, for clicks and beeps.
    Square,
    /// A triangle wave: soft.
    Triangle,
    /// A sine wave: pure.
    Sine,
    /// White noise: dice, thumps.
    Noise,
}

/// One note of a cue.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Note {
    /// Its waveform.
    pub wave: Wave,
    /// Its pitch in hertz (for noise, how often the noise changes value).
    pub hz: f32,
    /// When it starts, from the cue's start, in milliseconds.
    pub at_ms: u16,
    /// How long it is held, in milliseconds (the release follows).
    pub ms: u16,
    /// Its loudness, 0 to 1.
    pub volume: f32,
    /// Attack: milliseconds to full volume.
    pub attack_ms: u16,
    /// Release: milliseconds from full volume to silence after it is let go.
    pub release_ms: u16,
}

const fn note(wave: Wave, hz: f32, at_ms: u16, ms: u16, volume: f32) -> Note {
    Note { wave, hz, at_ms, ms, volume, attack_ms: 2, release_ms: 30 }
}

const fn soft(wave: Wave, hz: f32, at_ms: u16, ms: u16, volume: f32) -> Note {
    Note { wave, hz, at_ms, ms, volume, attack_ms: 10, release_ms: 120 }
}

use Wave::{Noise, Sine, Square, Triangle};

// Pitches (equal temperament, A4 = 440 Hz).
const C4: f32 = 261.63;
const E4: f32 = 329.63;
const G4: f32 = 392.00;
const A4: f32 = 440.00;
const C5: f32 = 523.25;
const D5: f32 = 587.33;
const E5: f32 = 659.25;
const G5: f32 = 783.99;
const A5: f32 = 880.00;
const C6: f32 = 1046.50;
const E3: f32 = 164.81;
const G3: f32 = 196.00;
const C3: f32 = 130.81;

/// A sound cue: what happened, as the player hears it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Cue {
    /// A crank step.
    Tick,
    /// The hand or a cursor moved.
    Move,
    /// A piece picked up.
    Pick,
    /// A piece put down: a move played.
    Place,
    /// Backing out: a piece put back, a screen left.
    Cancel,
    /// A press that does nothing here.
    Deny,
    /// The dice rolling (as long as they roll).
    Dice,
    /// A conflict won, from the mover's side.
    Win,
    /// A conflict lost, from the mover's side.
    Lose,
    /// A piece taken off the board.
    Capture,
    /// Control held after a won defence or attack: a chain may go on.
    Chain,
    /// A new seat's turn.
    Turn,
    /// The game is over.
    Over,
    /// A menu choice changed or confirmed.
    Menu,
    /// The title's jingle.
    Jingle,
    /// Checkers: a jump (each landing of a capture).
    Jump,
    /// Checkers: a man crowned.
    Crown,
    /// Chak: the side to move is in check.
    Check,
    /// Chak: a piece takes its + form (across the river, or a pawn on the last rank).
    Promote,
}

impl Cue {
    /// Every cue.
    pub const ALL: [Cue; 19] = [
        Cue::Tick,
        Cue::Move,
        Cue::Pick,
        Cue::Place,
        Cue::Cancel,
        Cue::Deny,
        Cue::Dice,
        Cue::Win,
        Cue::Lose,
        Cue::Capture,
        Cue::Chain,
        Cue::Turn,
        Cue::Over,
        Cue::Menu,
        Cue::Jingle,
        Cue::Jump,
        Cue::Crown,
        Cue::Check,
        Cue::Promote,
    ];

    /// Its name, as the tools write it.
    pub const fn name(self) -> &'static str {
        match self {
            Cue::Tick => "tick",
            Cue::Move => "move",
            Cue::Pick => "pick",
            Cue::Place => "place",
            Cue::Cancel => "cancel",
            Cue::Deny => "deny",
            Cue::Dice => "dice",
            Cue::Win => "win",
            Cue::Lose => "lose",
            Cue::Capture => "capture",
            Cue::Chain => "chain",
            Cue::Turn => "turn",
            Cue::Over => "over",
            Cue::Menu => "menu",
            Cue::Jingle => "jingle",
            Cue::Jump => "jump",
            Cue::Crown => "crown",
            Cue::Check => "check",
            Cue::Promote => "promote",
        }
    }

    /// The cue named `name`.
    pub fn from_name(name: &str) -> Option<Cue> {
        Cue::ALL.into_iter().find(|c| c.name() == name)
    }

    /// Its notes.
    pub const fn notes(self) -> &'static [Note] {
        match self {
            Cue::Tick => &const { [note(Square, 2000.0, 0, 6, 0.18)] },
            Cue::Move => &const { [note(Triangle, 880.0, 0, 18, 0.30)] },
            Cue::Pick => &const { [note(Square, E5, 0, 30, 0.22), note(Square, A5, 30, 40, 0.22)] },
            Cue::Place => &const { [note(Noise, 3000.0, 0, 20, 0.30), note(Triangle, G3, 0, 60, 0.45)] },
            Cue::Cancel => &const { [note(Square, A5, 0, 30, 0.20), note(Square, E5, 30, 40, 0.20)] },
            Cue::Deny => &const { [note(Square, 110.0, 0, 90, 0.25)] },
            // The dice rattle for the roll's 700 ms: short noise bursts slowing down.
            Cue::Dice => &DICE,
            Cue::Win => {
                &const { [note(Square, C5, 0, 70, 0.25), note(Square, E5, 70, 70, 0.25), note(Square, G5, 140, 160, 0.25)] }
            }
            Cue::Lose => {
                &const {
                    [
                        note(Triangle, G4, 0, 100, 0.45),
                        note(Triangle, E4, 100, 100, 0.45),
                        note(Triangle, C4, 200, 240, 0.45),
                    ]
                }
            }
            Cue::Capture => &const { [note(Noise, 800.0, 0, 60, 0.40), note(Sine, C3, 0, 140, 0.60)] },
            Cue::Chain => &const { [note(Square, G5, 0, 50, 0.20), note(Square, C6, 60, 90, 0.20)] },
            Cue::Turn => &const { [soft(Sine, A4, 0, 80, 0.35), soft(Sine, E5, 80, 120, 0.35)] },
            Cue::Over => {
                &const {
                    [
                        note(Square, C5, 0, 120, 0.22),
                        note(Square, E5, 120, 120, 0.22),
                        note(Square, G5, 240, 120, 0.22),
                        soft(Triangle, C6, 360, 500, 0.40),
                    ]
                }
            }
            Cue::Menu => &const { [note(Square, 1320.0, 0, 12, 0.15)] },
            Cue::Jingle => &JINGLE,
            Cue::Jump => &const { [note(Triangle, C5, 0, 40, 0.40), note(Noise, 2500.0, 30, 20, 0.25)] },
            Cue::Crown => {
                &const { [soft(Sine, E5, 0, 90, 0.35), soft(Sine, A5, 90, 90, 0.35), soft(Sine, E5 * 2.0, 180, 200, 0.35)] }
            }
            Cue::Check => &const { [note(Square, A5, 0, 70, 0.22), note(Square, A5, 110, 70, 0.22)] },
            Cue::Promote => {
                &const { [soft(Triangle, G4, 0, 80, 0.40), soft(Triangle, D5, 80, 80, 0.40), soft(Sine, G5, 160, 160, 0.35)] }
            }
        }
    }

    /// How long it sounds, release included, in milliseconds.
    pub fn length_ms(self) -> u32 {
        self.notes().iter().map(|n| n.at_ms as u32 + n.ms as u32 + n.release_ms as u32).max().unwrap_or(0)
    }
}

const DICE: [Note; 8] = [
    note(Noise, 4000.0, 0, 25, 0.35),
    note(Noise, 3500.0, 60, 25, 0.35),
    note(Noise, 4200.0, 130, 25, 0.35),
    note(Noise, 3000.0, 210, 25, 0.35),
    note(Noise, 3800.0, 300, 25, 0.35),
    note(Noise, 3300.0, 400, 25, 0.35),
    note(Noise, 3600.0, 510, 25, 0.35),
    note(Noise, 2800.0, 630, 40, 0.40),
];

/// An original four-bar figure: up a C major arpeggio, a turn, and home.
const JINGLE: [Note; 12] = [
    note(Square, C5, 0, 110, 0.20),
    note(Square, E5, 125, 110, 0.20),
    note(Square, G5, 250, 110, 0.20),
    note(Square, C6, 375, 220, 0.20),
    soft(Triangle, C3, 0, 600, 0.40),
    note(Square, A5, 625, 110, 0.20),
    note(Square, G5, 750, 110, 0.20),
    note(Square, E5, 875, 110, 0.20),
    soft(Triangle, G3, 625, 480, 0.40),
    note(Square, D5, 1000, 110, 0.20),
    note(Square, C5, 1125, 450, 0.22),
    soft(Triangle, E3, 1125, 450, 0.40),
];

/// The cues of one frame.
pub type Cues = ArrayVec<Cue, 8>;

/// Adding to a frame's [`Cues`].
pub trait AddCue {
    /// Adds `cue`; past the list's eight it is dropped (no frame makes so many).
    fn add(&mut self, cue: Cue);
}

impl AddCue for Cues {
    fn add(&mut self, cue: Cue) {
        let _ = self.try_push(cue);
    }
}

/// The cue of a frame that changed only a selection: a move when it `changed`, a press
/// of A or B that did nothing denied, else none.
pub fn selection(changed: bool, command: &crate::Command) -> Option<Cue> {
    if changed {
        Some(Cue::Move)
    } else if command.a || command.b {
        Some(Cue::Deny)
    } else {
        None
    }
}
