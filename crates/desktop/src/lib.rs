//! Chek on the desktop: the window, the terminal, the scripted screenshots, and the
//! project's tools. The binary is `chek`.
// ALSA reports through a C variadic callback; the `audio` build silences it.
#![cfg_attr(all(feature = "audio", target_os = "linux"), feature(c_variadic))]
#![deny(missing_docs, missing_debug_implementations)]

pub mod arena;
pub mod balance;
pub mod codes;
pub mod dice;
pub mod driver;
pub mod frames;
pub mod image;
pub mod mcts;
pub mod play;
pub mod script;
pub mod soak;
pub mod sound;
pub mod speaker;
pub mod sprt;
pub mod store;
pub mod tools;
pub mod tty;
pub mod tune;
pub mod window;
pub mod workers;
