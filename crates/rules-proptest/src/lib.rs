//! Property tests of `chek-rules`, in `tests/properties.rs`. This crate has no code of
//! its own: it keeps proptest (which needs std) out of the rules crate's dependencies.
#![no_std]
