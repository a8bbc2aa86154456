//! The emulated Cortex-M7: memory laid out as for the game, calls into it, the
//! instructions it retires, its stack, and the faults that stop it.

use std::collections::HashMap;
use std::fmt;

use chek_pdhost::Console;
use unicorn_engine::{Arch, ArmCpuModel, HookType, MemType, Mode, Prot, RegisterARM, Unicorn};

use crate::elf::Image;

/// Where the game is loaded (the Playdate's RAM).
pub const IMAGE_BASE: u64 = 0x6000_0000;
/// The heap `realloc` serves (16 MB, after the image).
pub const HEAP_BASE: u64 = 0x6100_0000;
/// The top of the stack.
pub const STACK_TOP: u64 = 0x2002_0000;
/// The stack the game may use: deeper stops the run.
pub const STACK_LIMIT: u64 = 10 * 1024;
/// The stack region mapped (the limit and a margin, so that an overflow is caught
/// by the limit, not by unmapped memory).
const STACK_MAPPED: u64 = 16 * 1024;
/// The API's tables.
pub const TABLES: u64 = 0x1000_0000;
/// The trap addresses: the functions of the tables, a `bx lr` each.
pub const TRAPS: u64 = 0x1001_0000;
const TRAPS_MAPPED: u64 = 0x1_0000;
/// Where a call from the host returns to.
pub const EXIT: u64 = 0x1002_0000;
/// The LCD's frame buffer.
pub const FRAME: u64 = 0x1003_0000;
/// The bitmaps the game makes, 16 KB apart.
pub const BITMAPS: u64 = 0x1004_0000;
/// How many bitmaps fit.
pub const MAX_BITMAPS: u64 = 8;
/// Constant strings the host hands the game.
pub const STRINGS: u64 = 0x1006_0000;
/// The stack's paint, to find its high-water mark.
const PAINT: u8 = 0xa5;

/// What stopped a run.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Fault {
    /// The game called an API function the host does not serve.
    Unserved(String),
    /// A read, write or fetch of memory nothing is mapped at.
    Unmapped { access: &'static str, address: u64, pc: String },
    /// The stack went deeper than its limit.
    StackOverflow { address: u64, pc: String },
    /// An exception: an undefined instruction, a breakpoint, a fault.
    Exception { number: u32, pc: String },
    /// The emulator stopped for another reason.
    Emulator { error: String, pc: String },
    /// The game's code panicked (its panic handler was reached).
    Panic { pc: String },
    /// A load or store that needs a word-aligned address (`LDM`, `STM`, `PUSH`, `POP`,
    /// `LDRD`, `STRD`, `LDREX`, `STREX`, `VLDR`, `VSTR`, `VLDM`, `VSTM`) was given
    /// another (`address`, its base register): the Cortex-M7 takes a usage fault
    /// there, whatever `CCR.UNALIGN_TRP`.
    Unaligned { instruction: &'static str, address: u64, pc: String },
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Fault::Unserved(name) => write!(f, "the game called {name}, which the host does not serve"),
            Fault::Unmapped { access, address, pc } => {
                write!(f, "invalid memory {access} at {address:#010x} in {pc}")
            }
            Fault::StackOverflow { address, pc } => {
                write!(f, "stack deeper than {} KB (at {address:#010x}) in {pc}", STACK_LIMIT / 1024)
            }
            Fault::Exception { number, pc } => write!(f, "exception {number} ({}) in {pc}", exception_name(*number)),
            Fault::Emulator { error, pc } => write!(f, "emulator stopped ({error}) in {pc}"),
            Fault::Panic { pc } => write!(f, "the game panicked in {pc}"),
            Fault::Unaligned { instruction, address, pc } => {
                write!(f, "unaligned {instruction} at {address:#010x} in {pc}")
            }
        }
    }
}

fn exception_name(number: u32) -> &'static str {
    // QEMU's exception numbers for Arm.
    match number {
        1 => "undefined instruction",
        2 => "supervisor call",
        3 => "prefetch abort",
        4 => "data abort",
        7 => "breakpoint",
        8 => "exception exit",
        9 => "kernel trap",
        18 => "coprocessor disabled",
        19 => "invalid state",
        _ => "other",
    }
}

/// What the hooks share: the console the traps are served by, and the counts.
pub struct Machine {
    /// The console (the same code the Simulator library's host runs).
    pub console: Console,
    /// The loaded binary, for names.
    pub image: Image,
    /// Each trap's table entry: `system.realloc`, …
    pub traps: Vec<String>,
    /// Thumb instructions retired in the game's code.
    pub retired: u64,
    /// Instructions of each translated block, by its address.
    pub(crate) blocks: HashMap<u64, u32>,
    /// The aligned-only access at each halfword of the code, if one starts there.
    aligned: Vec<Option<crate::align::Aligned>>,
    /// What stopped the run, if anything did.
    pub fault: Option<Fault>,
    /// The address of the game's panic handler, if it has one.
    panic_handler: Option<u64>,
    /// The entry addresses of the functions whose calls are counted one by one.
    pub watched: std::collections::HashSet<u64>,
    /// The watched call under way: where it returns to, and the count at its entry.
    watching: Option<(u64, u64)>,
    /// The instructions of each watched call since the last look.
    pub spans: Vec<u64>,
    /// Instructions retired in each block, when profiling (`CHEK_DEVICE_PROFILE`).
    pub profile: Option<HashMap<u64, u64>>,
    /// The entries of the memory copies, and each copy's caller: calls and bytes
    /// (when profiling).
    pub copies: (std::collections::HashSet<u64>, HashMap<u64, (u64, u64)>),
    /// The last blocks run, a ring.
    recent: [u64; RECENT],
    recent_at: usize,
}

/// How many of the last blocks run a fault report names.
const RECENT: usize = 64;

impl fmt::Debug for Machine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Machine").field("retired", &self.retired).field("fault", &self.fault).finish_non_exhaustive()
    }
}

/// The emulator, typed.
pub type Emu<'a> = Unicorn<'a, Machine>;

/// The "function+offset" of the program counter.
pub fn pc_of(uc: &Emu<'_>) -> String {
    let pc = uc.reg_read(RegisterARM::PC).unwrap_or(0);
    uc.get_data().image.describe(pc)
}

/// Stops the run with `fault` (the first fault is kept).
pub fn stop(uc: &mut Emu<'_>, fault: Fault) {
    let machine = uc.get_data_mut();
    if machine.fault.is_none() {
        machine.fault = Some(fault);
    }
    let _ = uc.emu_stop();
}

/// Thumb-2 instructions in `bytes`: a halfword starting 0b11101, 0b11110 or
/// 0b11111 begins a 32-bit instruction.
fn thumb_instructions(bytes: &[u8]) -> u32 {
    let mut count = 0;
    let mut at = 0;
    while at + 1 < bytes.len() {
        let half = u16::from_le_bytes([bytes[at], bytes[at + 1]]);
        at += if half >> 11 >= 0b11101 { 4 } else { 2 };
        count += 1;
    }
    count
}

/// Maps `size` bytes at `address`, rounded to the emulator's pages.
fn map(uc: &mut Emu<'_>, address: u64, size: u64, prot: Prot) -> Result<(), String> {
    let size = size.div_ceil(0x1000) * 0x1000;
    uc.mem_map(address, size, prot).map_err(|e| format!("mapping {address:#x}: {e:?}"))
}

/// A Cortex-M7 with the FPU, the image loaded, the stack, heap and host regions
/// mapped, and the hooks that count, trap and fault.
pub fn emulator(machine: Machine, tables: &[u8]) -> Result<Emu<'static>, String> {
    let image_len = machine.image.bytes.len() as u64;
    let code = (machine.image.base, machine.image.code_end);
    let image_bytes = machine.image.bytes.clone();
    let traps = machine.traps.len() as u64;
    let mut uc = Unicorn::new_with_data(Arch::ARM, Mode::THUMB | Mode::MCLASS, machine)
        .map_err(|e| format!("unicorn: {e:?}"))?;
    uc.ctl_set_cpu_model(ArmCpuModel::CORTEX_M7 as i32).map_err(|e| format!("the Cortex-M7 model: {e:?}"))?;
    map(&mut uc, IMAGE_BASE, image_len, Prot::ALL)?;
    uc.mem_write(IMAGE_BASE, &image_bytes).map_err(|e| format!("{e:?}"))?;
    map(&mut uc, HEAP_BASE, chek_pdhost::HEAP_BYTES, Prot::READ | Prot::WRITE)?;
    map(&mut uc, STACK_TOP - STACK_MAPPED, STACK_MAPPED, Prot::READ | Prot::WRITE)?;
    map(&mut uc, TABLES, tables.len() as u64, Prot::READ)?;
    uc.mem_write(TABLES, tables).map_err(|e| format!("{e:?}"))?;
    map(&mut uc, TRAPS, TRAPS_MAPPED, Prot::READ | Prot::EXEC)?;
    // Every trap is `bx lr` (0x4770): the hook serves the call, then it returns.
    let returns: Vec<u8> = (0..TRAPS_MAPPED / 2).flat_map(|_| [0x70, 0x47]).collect();
    uc.mem_write(TRAPS, &returns).map_err(|e| format!("{e:?}"))?;
    map(&mut uc, EXIT, 0x1000, Prot::READ | Prot::EXEC)?;
    uc.mem_write(EXIT, &returns[..0x1000]).map_err(|e| format!("{e:?}"))?;
    map(&mut uc, FRAME, chek_pdhost::FRAME_BYTES as u64, Prot::READ | Prot::WRITE)?;
    map(&mut uc, BITMAPS, MAX_BITMAPS * 0x4000, Prot::READ | Prot::WRITE)?;
    map(&mut uc, STRINGS, 0x1000, Prot::READ)?;
    uc.mem_write(STRINGS, b"host file error\0").map_err(|e| format!("{e:?}"))?;

    // The FPU: CP10 and CP11 fully accessible, as the Playdate's firmware leaves them.
    enable_fpu(&mut uc)?;

    // Count the instructions of every block run in the game's code.
    uc.add_block_hook(code.0, code.1, |uc, address, size| {
        let known = uc.get_data().blocks.get(&address).copied();
        let count = match known {
            Some(count) => count,
            None => {
                let bytes = uc.mem_read_as_vec(address, size as usize).unwrap_or_default();
                let count = thumb_instructions(&bytes);
                uc.get_data_mut().blocks.insert(address, count);
                count
            }
        };
        let inside = uc.get_data().watched.is_empty() || uc.get_data().watching.is_some();
        if inside && uc.get_data().profile.is_some() && uc.get_data().copies.0.contains(&address) {
            let lr = uc.reg_read(RegisterARM::LR).unwrap_or(0);
            let len = uc.reg_read(RegisterARM::R2).unwrap_or(0);
            let entry = uc.get_data_mut().copies.1.entry(lr & !1).or_default();
            entry.0 += 1;
            entry.1 += len;
        }
        let entered = uc.get_data().watching.is_none() && uc.get_data().watched.contains(&address);
        let lr = if entered { uc.reg_read(RegisterARM::LR).unwrap_or(0) } else { 0 };
        let machine = uc.get_data_mut();
        // A watched call runs from its entry until a block starts at its return address.
        if let Some((back, from)) = machine.watching {
            if back == address {
                machine.spans.push(machine.retired - from);
                machine.watching = None;
            }
        }
        if entered && machine.watching.is_none() {
            machine.watching = Some((lr & !1, machine.retired));
        }
        machine.retired += u64::from(count);
        // With calls watched, the profile counts only inside them.
        let counted = machine.watched.is_empty() || machine.watching.is_some();
        if let Some(profile) = machine.profile.as_mut().filter(|_| counted) {
            *profile.entry(address).or_default() += u64::from(count);
        }
        machine.recent[machine.recent_at % RECENT] = address;
        machine.recent_at += 1;
    })
    .map_err(|e| format!("{e:?}"))?;

    if std::env::var_os("CHEK_DEVICE_TRACE").is_some() {
        uc.add_code_hook(1, 0, |uc, address, size| {
            let sp = uc.reg_read(RegisterARM::SP).unwrap_or(0);
            let lr = uc.reg_read(RegisterARM::LR).unwrap_or(0);
            let r0 = uc.reg_read(RegisterARM::R0).unwrap_or(0);
            eprintln!("{address:#x} ({size}) sp={sp:#x} lr={lr:#x} r0={r0:#x}");
        })
        .map_err(|e| format!("{e:?}"))?;
    }

    // The traps.
    uc.add_code_hook(TRAPS, TRAPS + traps * 2, |uc, address, _| {
        let index = ((address - TRAPS) / 2) as usize;
        let name = uc.get_data().traps.get(index).cloned().unwrap_or_default();
        if let Err(fault) = crate::serve::call(uc, &name) {
            stop(uc, fault);
        }
    })
    .map_err(|e| format!("{e:?}"))?;

    // The panic handler, reached: the game panicked.
    if let Some(handler) = uc.get_data().panic_handler {
        uc.add_code_hook(handler & !1, handler & !1, |uc, _, _| {
            let lr = uc.reg_read(RegisterARM::LR).unwrap_or(0);
            let from = uc.get_data().image.describe_caller(lr);
            stop(uc, Fault::Panic { pc: from });
        })
        .map_err(|e| format!("{e:?}"))?;
    }

    // The stack's limit.
    let floor = STACK_TOP - STACK_MAPPED;
    uc.add_mem_hook(
        HookType::MEM_READ | HookType::MEM_WRITE,
        floor,
        STACK_TOP - STACK_LIMIT - 1,
        |uc, _, address, _, _| {
            let pc = pc_of(uc);
            stop(uc, Fault::StackOverflow { address, pc });
            false
        },
    )
    .map_err(|e| format!("{e:?}"))?;

    // Loads and stores that must be word-aligned (see `align`): each one's base
    // register is checked as it runs.
    uc.add_code_hook(code.0, code.1, |uc, address, _| {
        let machine = uc.get_data();
        let Some(Some(aligned)) = machine.aligned.get(((address - machine.image.base) / 2) as usize).copied() else {
            return;
        };
        let register = match aligned.base {
            13 => RegisterARM::SP as i32,
            14 => RegisterARM::LR as i32,
            n => RegisterARM::R0 as i32 + i32::from(n.min(12)),
        };
        let base = uc.reg_read(register).unwrap_or(0);
        if base % 4 != 0 {
            let pc = uc.get_data().image.describe(address);
            stop(uc, Fault::Unaligned { instruction: aligned.instruction, address: base, pc });
        }
    })
    .map_err(|e| format!("{e:?}"))?;

    // Unmapped memory.
    uc.add_mem_hook(HookType::MEM_INVALID, 1, 0, |uc, kind, address, _, _| {
        let access = match kind {
            MemType::READ_UNMAPPED | MemType::READ_PROT => "read",
            MemType::WRITE_UNMAPPED | MemType::WRITE_PROT => "write",
            _ => "fetch",
        };
        let pc = pc_of(uc);
        stop(uc, Fault::Unmapped { access, address, pc });
        false
    })
    .map_err(|e| format!("{e:?}"))?;

    // Exceptions (an undefined instruction, a breakpoint, a usage fault).
    uc.add_intr_hook(|uc, number| {
        let lr = uc.reg_read(RegisterARM::LR).unwrap_or(0);
        let pc = format!("{} (returning to {})", pc_of(uc), uc.get_data().image.describe_caller(lr));
        stop(uc, Fault::Exception { number, pc });
    })
    .map_err(|e| format!("{e:?}"))?;

    Ok(uc)
}

/// Sets CPACR (CP10, CP11: full access) through the system control space, which the
/// emulator's Cortex-M model keeps as a register.
fn enable_fpu(uc: &mut Emu<'_>) -> Result<(), String> {
    // A two-instruction program run once: `vmov.f32 s0, #1.0; bx lr` proves the FPU
    // is usable; the emulator's M-profile model starts with it enabled when the CPU
    // has one.
    let probe = [0xb7, 0xee, 0x00, 0x0a, 0x70, 0x47];
    uc.mem_write(EXIT + 0x100, &probe).map_err(|e| format!("{e:?}"))?;
    uc.reg_write(RegisterARM::SP, STACK_TOP).map_err(|e| format!("{e:?}"))?;
    uc.reg_write(RegisterARM::LR, EXIT | 1).map_err(|e| format!("{e:?}"))?;
    uc.emu_start((EXIT + 0x100) | 1, EXIT, 0, 0).map_err(|e| format!("the FPU probe: {e:?}"))?;
    let s0 = uc.reg_read(RegisterARM::S0).map_err(|e| format!("{e:?}"))? as u32;
    if f32::from_bits(s0) != 1.0 {
        return Err(format!("the emulated Cortex-M7 has no usable FPU (s0 = {s0:#x})"));
    }
    uc.mem_write(EXIT + 0x100, &[0x70, 0x47, 0x70, 0x47, 0x70, 0x47]).map_err(|e| format!("{e:?}"))?;
    Ok(())
}

impl Machine {
    /// Decodes the code again after `patch` wrote over it.
    pub(crate) fn decode_again(&mut self) {
        let code = self.image.bytes.get(..(self.image.code_end - self.image.base) as usize).unwrap_or(&[]);
        self.aligned = crate::align::table(code);
    }

    /// The functions of the last blocks run, oldest first (repeats folded).
    pub fn recent(&self) -> Vec<String> {
        let mut names: Vec<String> = Vec::new();
        for i in 0..RECENT.min(self.recent_at) {
            let address = self.recent[(self.recent_at - RECENT.min(self.recent_at) + i) % RECENT];
            let name = self.image.function_at(address).map_or_else(|| format!("{address:#x}"), |f| f.name.clone());
            if names.last() != Some(&name) {
                names.push(name);
            }
        }
        names
    }

    /// A machine for `image`, served by `console`, with `traps` named.
    pub fn new(console: Console, image: Image, traps: Vec<String>) -> Machine {
        let panic_handler = image.functions.iter().find(|f| f.name.ends_with("rust_begin_unwind")).map(|f| f.start);
        let aligned = crate::align::table(image.bytes.get(..(image.code_end - image.base) as usize).unwrap_or(&[]));
        Machine {
            console,
            image,
            traps,
            retired: 0,
            watched: std::collections::HashSet::new(),
            watching: None,
            copies: Default::default(),
            profile: std::env::var_os("CHEK_DEVICE_PROFILE").map(|_| HashMap::new()),
            spans: Vec::new(),
            blocks: HashMap::new(),
            aligned,
            fault: None,
            panic_handler,
            recent: [0; RECENT],
            recent_at: 0,
        }
    }
}

/// Calls the game's function at `function` with `args` in r0–r3, on a fresh stack,
/// and returns r0 and the stack's depth in bytes.
pub fn call(uc: &mut Emu<'_>, function: u64, args: &[u32]) -> Result<(u32, u64), Fault> {
    let emu = |e| Fault::Emulator { error: format!("{e:?}"), pc: String::new() };
    // Paint the stack to find how deep the call goes.
    let paint = vec![PAINT; STACK_MAPPED as usize];
    uc.mem_write(STACK_TOP - STACK_MAPPED, &paint).map_err(emu)?;
    for (i, &arg) in args.iter().enumerate().take(4) {
        uc.reg_write(RegisterARM::R0 as i32 + i as i32, u64::from(arg)).map_err(emu)?;
    }
    uc.reg_write(RegisterARM::SP, STACK_TOP).map_err(emu)?;
    uc.reg_write(RegisterARM::LR, EXIT | 1).map_err(emu)?;
    uc.get_data_mut().fault = None;
    let result = uc.emu_start(function | 1, EXIT, 0, 0);
    if let Some(fault) = uc.get_data_mut().fault.take() {
        return Err(fault);
    }
    match result {
        // Unicorn reports an undefined instruction as the run's error, not as an
        // exception through the interrupt hook.
        Err(unicorn_engine::uc_error::INSN_INVALID) => return Err(Fault::Exception { number: 1, pc: pc_of(uc) }),
        Err(e) => return Err(Fault::Emulator { error: format!("{e:?}"), pc: pc_of(uc) }),
        Ok(()) => {}
    }
    let mut stack = vec![0u8; STACK_MAPPED as usize];
    uc.mem_read(STACK_TOP - STACK_MAPPED, &mut stack).map_err(emu)?;
    let untouched = stack.iter().take_while(|&&b| b == PAINT).count() as u64;
    let r0 = uc.reg_read(RegisterARM::R0).map_err(emu)? as u32;
    Ok((r0, STACK_MAPPED - untouched))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thumb_widths() {
        // movs r0, #1 (16-bit); bl (32-bit: f000 f800); bx lr (16-bit).
        assert_eq!(thumb_instructions(&[0x01, 0x20, 0x00, 0xf0, 0x00, 0xf8, 0x70, 0x47]), 3);
    }
}
