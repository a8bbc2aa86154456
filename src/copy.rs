//! The device's aligned memory copies, four words a step.
//!
//! Rust moves a game state by calling `__aeabi_memcpy4` or `__aeabi_memcpy8` (the Arm
//! EABI's copies of word-aligned memory). `compiler_builtins` defines both (weakly)
//! with a loop of one word at a time, which the emulated Cortex-M7 showed to be a
//! sixth of the instructions of a Chek decision (`chek-device think` with
//! `CHEK_DEVICE_PROFILE`). These strong definitions move four words with one `ldmia`
//! and one `stmia`. The C library is no help here: nothing in the game calls its
//! `memcpy`, and the SDK links the smaller newlib-nano.
//!
//! Only the device build has them; the Simulator library uses the host's copies.

/// Copies `n` bytes from `src` to `dest`, both 4-byte aligned, not overlapping.
///
/// # Safety
/// As the Arm EABI's `__aeabi_memcpy4`: `dest` and `src` are 4-byte aligned, valid
/// for `n` bytes, and do not overlap.
#[no_mangle]
pub unsafe extern "C" fn __aeabi_memcpy4(dest: *mut u8, src: *const u8, n: usize) {
    // SAFETY: the caller keeps the EABI's contract, which is copy_words's.
    unsafe { copy_words(dest, src, n) }
}

/// Copies `n` bytes from `src` to `dest`, both 8-byte aligned, not overlapping.
///
/// # Safety
/// As the Arm EABI's `__aeabi_memcpy8`: `dest` and `src` are 8-byte aligned, valid
/// for `n` bytes, and do not overlap.
#[no_mangle]
pub unsafe extern "C" fn __aeabi_memcpy8(dest: *mut u8, src: *const u8, n: usize) {
    // SAFETY: 8-byte alignment is 4-byte alignment.
    unsafe { copy_words(dest, src, n) }
}

/// Sixteen bytes a step while they last, then words, then bytes.
///
/// # Safety
/// `dest` and `src` are 4-byte aligned, valid for `n` bytes, and do not overlap.
#[inline(always)]
unsafe fn copy_words(dest: *mut u8, src: *const u8, n: usize) {
    // SAFETY: the loads and stores stay within the `n` bytes the caller vouches for;
    // ldmia and stmia need the word alignment the caller gives.
    unsafe {
        core::arch::asm!(
            "subs {n}, {n}, #16",
            "blo 3f",
            "2:",
            "ldmia {src}!, {{r3, r4, r5, r12}}",
            "stmia {dest}!, {{r3, r4, r5, r12}}",
            "subs {n}, {n}, #16",
            "bhs 2b",
            "3:",
            "adds {n}, {n}, #12",
            "blo 5f",
            "4:",
            "ldr r3, [{src}], #4",
            "str r3, [{dest}], #4",
            "subs {n}, {n}, #4",
            "bhs 4b",
            "5:",
            "adds {n}, {n}, #4",
            "beq 7f",
            "6:",
            "ldrb r3, [{src}], #1",
            "strb r3, [{dest}], #1",
            "subs {n}, {n}, #1",
            "bne 6b",
            "7:",
            dest = inout(reg) dest => _,
            src = inout(reg) src => _,
            n = inout(reg) n => _,
            out("r3") _,
            out("r4") _,
            out("r5") _,
            out("r12") _,
            options(nostack),
        );
    }
}
