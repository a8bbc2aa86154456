//! Checkers' saves.
