//! Faults stop the run and say where: each test breaks the device binary in one
//! known way (a patched instruction, as a bug would leave one) and checks that the
//! runner stops with the right fault, naming the function it happened in.

mod common;

use chek_device::machine::TRAPS;
use chek_device::{Device, Fault};
use chek_pdhost::{button, event};

/// The device build at its title screen.
fn booted(name: &str) -> Device {
    let mut device = Device::load(&chek_device::built_elf(), &common::data_dir(name)).expect("loads");
    assert_eq!(device.event(event::INIT), Ok(0));
    for _ in 0..3 {
        device.idle().expect("the title runs");
    }
    device
}

/// The start of the function whose demangled name is `name`.
fn function(device: &Device, name: &str) -> u64 {
    device.image().functions.iter().find(|f| f.name == name).unwrap_or_else(|| panic!("{name} in the binary")).start
}

/// `call <target>` as Thumb code at `at`: `ldr r3, [pc, #4]; blx r3`, the address
/// after them (a nop first where `at` is not word aligned).
fn call_to(at: u64, target: u64) -> Vec<u8> {
    let mut code: Vec<u8> = if at % 4 == 2 { vec![0x00, 0xbf] } else { vec![] };
    // ldr r3, [pc, #4]; blx r3; b . ; nop; .word target
    code.extend([0x01, 0x4b, 0x98, 0x47, 0xfe, 0xe7, 0x00, 0xbf]);
    code.extend(((target | 1) as u32).to_le_bytes());
    code
}

/// Patches `code` at the start of `name` and runs a frame with a press (so that the
/// screen is drawn): the fault it stops with.
fn broken(test: &str, name: &str, code: impl FnOnce(&Device, u64) -> Vec<u8>) -> Fault {
    let mut device = booted(test);
    let at = function(&device, name);
    let bytes = code(&device, at);
    device.patch(at, &bytes).unwrap();
    let fault = device.frame(button::DOWN, button::DOWN, 0, 0.0).expect_err("the broken binary stops");
    println!("{test}: {fault}");
    fault
}

const UPDATE: &str = "chek::update";
const DRAW: &str = "<chek_ui::app::App<chek_cartridge::Cartridge>>::draw";

#[test]
fn an_undefined_instruction_is_an_exception_in_its_function() {
    let fault = broken("undefined", DRAW, |_, _| vec![0x00, 0xde]); // udf #0
    let Fault::Exception { number: 1, pc } = &fault else { panic!("an undefined instruction: {fault:?}") };
    assert!(pc.starts_with(&format!("{DRAW}+0x0 ")), "{pc}");
    assert!(fault.to_string().contains("undefined instruction"), "{fault}");
}

#[test]
fn a_null_pointer_read_names_the_address_and_the_function() {
    // movs r0, #0; ldr r0, [r0]
    let fault = broken("null", UPDATE, |_, _| vec![0x00, 0x20, 0x00, 0x68]);
    let Fault::Unmapped { access: "read", address: 0, pc } = &fault else { panic!("a read of 0: {fault:?}") };
    assert!(pc.starts_with(&format!("{UPDATE}+0x2 ")), "{pc}");
}

#[test]
fn a_write_to_read_only_memory_is_refused() {
    // A wild pointer into the API's read-only tables: movs r0, #1; lsls r0, r0, #28
    // (0x1000_0000); str r0, [r0]
    let fault = broken("wild-write", UPDATE, |_, _| vec![0x01, 0x20, 0x00, 0x07, 0x00, 0x60]);
    let Fault::Unmapped { access: "write", address: 0x1000_0000, .. } = &fault else {
        panic!("a write to the read-only tables: {fault:?}")
    };
}

#[test]
fn a_stack_deeper_than_10_kb_stops_the_run() {
    // push {r0-r7}; b <the push>: 32 bytes a turn, for ever.
    let fault = broken("overflow", UPDATE, |_, _| vec![0xff, 0xb4, 0xfd, 0xe7]);
    let Fault::StackOverflow { address, pc } = &fault else { panic!("a stack overflow: {fault:?}") };
    let limit = chek_device::machine::STACK_TOP - chek_device::machine::STACK_LIMIT;
    assert!((limit - 32..limit).contains(address), "just past the limit: {address:#x}");
    assert!(pc.starts_with(UPDATE), "{pc}");
}

#[test]
fn an_api_function_the_host_does_not_serve_is_named() {
    let (_, traps) = chek_device::serve::layout();
    let index = traps.iter().position(|n| n == "graphics.drawEllipse").expect("the table has drawEllipse");
    let fault = broken("unserved", UPDATE, |_, at| call_to(at, TRAPS + 2 * index as u64));
    let Fault::Unserved(name) = &fault else { panic!("an unserved call: {fault:?}") };
    assert!(name.starts_with("graphics.drawEllipse (from chek::update+"), "{name}");
}

#[test]
fn an_unaligned_ldrd_is_a_fault_though_the_emulator_allows_it() {
    let fault = broken("unaligned", UPDATE, |_, at| {
        let mut code: Vec<u8> = if at % 4 == 2 { vec![0x00, 0xbf] } else { vec![] };
        // ldr r0, [pc, #4]; ldrd r1, r2, [r0]; b . ; .word IMAGE_BASE + 2
        code.extend([0x01, 0x48, 0xd0, 0xe9, 0x00, 0x12, 0xfe, 0xe7]);
        code.extend(((chek_device::machine::HEAP_BASE + 2) as u32).to_le_bytes());
        code
    });
    let Fault::Unaligned { instruction, address, pc } = &fault else { panic!("an unaligned LDRD: {fault:?}") };
    assert_eq!((*instruction, *address), ("LDRD", chek_device::machine::HEAP_BASE + 2));
    assert!(pc.starts_with(&format!("{UPDATE}+0x")), "{pc}");
}

#[test]
fn an_unaligned_ldrd_its_it_block_skips_is_no_fault() {
    // Patched into the end of update's frame: `cmp r0, r0` sets Z, so `ldrdne` is
    // skipped, as the compiler's conditional copies are; update then returns.
    let mut device = booted("skipped");
    let at = function(&device, UPDATE);
    let mut code: Vec<u8> = if at % 4 == 2 { vec![0x00, 0xbf] } else { vec![] };
    // ldr r0, [pc, #8]; cmp r0, r0; it ne; ldrdne r1, r2, [r0]; movs r0, #0; bx lr; .word
    code.extend([0x02, 0x48, 0x80, 0x42, 0x18, 0xbf, 0xd0, 0xe9, 0x00, 0x12, 0x00, 0x20, 0x70, 0x47]);
    code.extend(((chek_device::machine::HEAP_BASE + 2) as u32).to_le_bytes());
    device.patch(at, &code).unwrap();
    device.frame(button::DOWN, button::DOWN, 0, 0.0).expect("a skipped LDRD is not run");
}

#[test]
fn a_panic_is_caught_at_the_panic_handler() {
    let fault = broken("panic", UPDATE, |device, at| call_to(at, function(device, "core::panicking::panic")));
    let Fault::Panic { pc } = &fault else { panic!("a panic: {fault:?}") };
    assert!(pc.contains("core::panicking"), "{pc}");
}

#[test]
fn the_unbroken_binary_runs_the_same_frame() {
    let mut device = booted("unbroken");
    assert!(device.frame(button::DOWN, button::DOWN, 0, 0.0).is_ok());
}
