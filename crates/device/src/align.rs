//! The loads and stores the Cortex-M7 faults on when their address is not a multiple
//! of four, found by decoding the game's own instructions.
//!
//! The emulator (Unicorn 2.1, QEMU 5) lets every unaligned access pass. The M7 allows
//! a plain unaligned `LDR`, `STR`, `LDRH` or `STRH`, but not a multi-word or
//! exclusive or floating-point one (ARMv7-M A3.2.1), whatever `CCR.UNALIGN_TRP` says.
//! Every offset those instructions add to their base register is a multiple of four,
//! so the access is aligned exactly when the base register is.
//!
//! The check runs before each instruction that is executed: the emulator tests an
//! `IT` block's condition before its code hook, so a skipped instruction is not
//! checked.
//!
//! Watching memory instead does not work: a memory hook over RAM makes Unicorn 2.1.5
//! lose unaligned stores (a `memcpy` into the heap came out wrong).

/// A load or store whose address must be word-aligned: its name and the register
/// that holds its base address.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Aligned {
    pub instruction: &'static str,
    pub base: u8,
}

/// The stack pointer's register number.
const SP: u8 = 13;
/// The program counter's: a literal load's base is `Align(PC, 4)`, always aligned.
const PC: u8 = 15;

/// What the Thumb instruction at the start of `code` is, if it must be aligned.
pub fn needs_alignment(code: &[u8]) -> Option<Aligned> {
    let half = |i: usize| code.get(i..i + 2).map(|b| u16::from_le_bytes([b[0], b[1]]));
    let first = half(0)?;
    let aligned = |instruction, base| Some(Aligned { instruction, base });
    if first >> 11 < 0b11101 {
        return match first {
            _ if first & 0xfe00 == 0xb400 => aligned("PUSH", SP),
            _ if first & 0xfe00 == 0xbc00 => aligned("POP", SP),
            _ if first & 0xf800 == 0xc000 => aligned("STM", (first >> 8 & 7) as u8),
            _ if first & 0xf800 == 0xc800 => aligned("LDM", (first >> 8 & 7) as u8),
            _ => None,
        };
    }
    let second = half(2)?;
    let load = first & 0x0010 != 0;
    let rn = (first & 0xf) as u8;
    if rn == PC {
        return None;
    }
    let (op1, op2) = (first >> 7 & 3, first >> 4 & 3);
    match first {
        // Load/store multiple, T2 (op 01 and 10; 00 and 11 are SRS and RFE).
        _ if first & 0xfe40 == 0xe800 && matches!(op1, 1 | 2) => aligned(if load { "LDM" } else { "STM" }, rn),
        // Load/store dual or exclusive, table branch (A5.3.6).
        _ if first & 0xfe40 == 0xe840 => match (op1, op2) {
            (0, 0) => aligned("STREX", rn),
            (0, 1) => aligned("LDREX", rn),
            // The byte and halfword exclusives and TBB/TBH need no word alignment.
            (1, 0 | 1) => None,
            _ => aligned(if load { "LDRD" } else { "STRD" }, rn),
        },
        // Extension register loads and stores (A6.5): coprocessors 10 and 11, not the
        // 64-bit transfers (VMOV, opcode 0010x) nor the undefined 0000x.
        _ if first & 0xfe00 == 0xec00 && second & 0x0e00 == 0x0a00 && !matches!(first >> 5 & 0xf, 0 | 2) => {
            let single = first & 0x0300 == 0x0100 && first & 0x0020 == 0;
            match (single, load) {
                (true, true) => aligned("VLDR", rn),
                (true, false) => aligned("VSTR", rn),
                (false, true) => aligned(if rn == SP && first & 0x0080 != 0 { "VPOP" } else { "VLDM" }, rn),
                (false, false) => aligned(if rn == SP && first & 0x0100 != 0 { "VPUSH" } else { "VSTM" }, rn),
            }
        }
        _ => None,
    }
}

/// For each halfword of `code`, the aligned access that starts there, if any (decoded
/// at every halfword, so literal pools cannot throw the decoding out of step).
pub fn table(code: &[u8]) -> Vec<Option<Aligned>> {
    (0..code.len() / 2).map(|i| needs_alignment(&code[i * 2..])).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kind(code: &[u8]) -> Option<(&'static str, u8)> {
        needs_alignment(code).map(|a| (a.instruction, a.base))
    }

    #[test]
    fn the_accesses_that_must_be_aligned() {
        assert_eq!(kind(&[0xd0, 0xe9, 0x00, 0x12]), Some(("LDRD", 0))); // ldrd r1, r2, [r0]
        assert_eq!(kind(&[0xc3, 0xe9, 0x02, 0x12]), Some(("STRD", 3))); // strd r1, r2, [r3, #8]
        assert_eq!(kind(&[0x06, 0xc8]), Some(("LDM", 0))); // ldmia r0!, {r1, r2}
        assert_eq!(kind(&[0x10, 0xb5]), Some(("PUSH", SP))); // push {r4, lr}
        assert_eq!(kind(&[0x2d, 0xe9, 0xf0, 0x4f]), Some(("STM", SP))); // push.w {r4-r11, lr}
        assert_eq!(kind(&[0x51, 0xe8, 0x00, 0x2f]), Some(("LDREX", 1))); // ldrex r2, [r1]
        assert_eq!(kind(&[0x94, 0xed, 0x00, 0x0a]), Some(("VLDR", 4))); // vldr s0, [r4]
        assert_eq!(kind(&[0x2d, 0xed, 0x02, 0x8b]), Some(("VPUSH", SP))); // vpush {d8}
    }

    #[test]
    fn the_accesses_that_may_be_unaligned() {
        assert_eq!(kind(&[0x01, 0x68]), None); // ldr r1, [r0]
        assert_eq!(kind(&[0xd0, 0xf8, 0x00, 0x10]), None); // ldr.w r1, [r0]
        assert_eq!(kind(&[0x01, 0x88]), None); // ldrh r1, [r0]
        assert_eq!(kind(&[0xdf, 0xe8, 0x00, 0xf0]), None); // tbb [pc, r0]
        assert_eq!(kind(&[0xd0, 0xe8, 0x11, 0xf0]), None); // tbh [r0, r1, lsl #1]
        assert_eq!(kind(&[0xdf, 0xe9, 0x02, 0x01]), None); // ldrd r0, r1, [pc, #8]: aligned PC
        assert_eq!(kind(&[0x41, 0xec, 0x10, 0x0b]), None); // vmov d0, r0, r1
        assert_eq!(kind(&[0x9f, 0xed, 0x01, 0x0a]), None); // vldr s0, [pc, #4]
    }
}
