//! Games shared out to worker threads, each thread taking the next game's index until
//! all are played.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;

/// Plays games `0..games` on `threads` threads (at least one) with `play`, and gives
/// what each returned, in the order they finished.
///
/// # Errors
/// A game's error (the last one to fail); the other games still finish.
pub fn each_game<T: Send>(
    games: u64,
    threads: usize,
    play: impl Fn(u64) -> Result<T, String> + Sync,
) -> Result<Vec<T>, String> {
    let next = AtomicU64::new(0);
    let results = Mutex::new(Vec::new());
    let failure = Mutex::new(None);
    std::thread::scope(|scope| {
        for _ in 0..threads.max(1) {
            scope.spawn(|| loop {
                let index = next.fetch_add(1, Ordering::Relaxed);
                if index >= games {
                    break;
                }
                match play(index) {
                    Ok(result) => results.lock().unwrap_or_else(|e| e.into_inner()).push(result),
                    Err(e) => *failure.lock().unwrap_or_else(|e| e.into_inner()) = Some(e),
                }
            });
        }
    });
    match failure.into_inner().unwrap_or_else(|e| e.into_inner()) {
        Some(e) => Err(e),
        None => Ok(results.into_inner().unwrap_or_else(|e| e.into_inner())),
    }
}
