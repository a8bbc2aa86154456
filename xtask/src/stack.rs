//! The device build's worst-case stack per entry point: each function's frame size
//! from the compiler (`-Z emit-stack-sizes`, the `.stack_sizes` sections) and the call
//! graph from the call relocations of the device staticlib's objects (every function
//! sits in a section of its own). The deepest path from each entry point the system
//! calls is its worst case. Calls through pointers (the Playdate API table, trait
//! objects such as `core::fmt`'s writers) are not followed but reported; nor are the
//! calls of a panic (the game stops there). Recursion in our own code fails the check.

use std::collections::HashMap;
use std::path::Path;

use object::read::archive::ArchiveFile;
use object::{Object, ObjectSection, ObjectSymbol, RelocationFlags, RelocationTarget, SectionIndex, SymbolKind};

/// R_ARM_THM_CALL (bl) and R_ARM_THM_JUMP24 (b.w, a tail call).
const CALLS: [u32; 2] = [10, 30];
/// R_ARM_ABS32, the address in a `.stack_sizes` entry.
const ABS32: u32 = 2;

/// One function of the device build.
#[derive(Debug, Default)]
struct Function {
    frame: u64,
    calls: Vec<String>,
    /// Whether its code holds a `blx rN` (a call through a pointer).
    indirect: bool,
}

/// The functions of every object in the archive at `lib`, by symbol name.
fn functions(lib: &Path) -> Result<HashMap<String, Function>, String> {
    let data = std::fs::read(lib).map_err(|e| format!("{}: {e}", lib.display()))?;
    let archive = ArchiveFile::parse(&*data).map_err(|e| format!("{}: {e}", lib.display()))?;
    let mut all: HashMap<String, Function> = HashMap::new();
    for member in archive.members() {
        let member = member.map_err(|e| e.to_string())?;
        let Ok(bytes) = member.data(&*data) else { continue };
        let Ok(file) = object::File::parse(bytes) else { continue };
        // The function defined in each section, and each symbol's section.
        let mut name_of_section: HashMap<SectionIndex, String> = HashMap::new();
        for symbol in file.symbols() {
            if symbol.kind() == SymbolKind::Text && symbol.size() > 0 {
                if let (Some(index), Ok(name)) = (symbol.section_index(), symbol.name()) {
                    name_of_section.entry(index).or_insert_with(|| name.to_string());
                }
            }
        }
        let target_name = |target: RelocationTarget| -> Option<String> {
            match target {
                RelocationTarget::Symbol(index) => {
                    let symbol = file.symbol_by_index(index).ok()?;
                    match symbol.section_index() {
                        // A section symbol: the function of that section.
                        Some(section) if symbol.kind() == SymbolKind::Section => name_of_section.get(&section).cloned(),
                        _ => symbol.name().ok().map(str::to_string),
                    }
                }
                RelocationTarget::Section(section) => name_of_section.get(&section).cloned(),
                _ => None,
            }
        };
        for section in file.sections() {
            let elf_type = |flags: RelocationFlags| match flags {
                RelocationFlags::Elf { r_type } => r_type,
                _ => 0,
            };
            if section.name() == Ok(".stack_sizes") {
                let contents = section.data().map_err(|e| e.to_string())?;
                for (offset, relocation) in section.relocations() {
                    if elf_type(relocation.flags()) != ABS32 {
                        continue;
                    }
                    let Some(name) = target_name(relocation.target()) else { continue };
                    let frame = uleb128(contents.get(offset as usize + 4..).unwrap_or(&[]));
                    all.entry(name).or_default().frame = frame;
                }
                continue;
            }
            let Some(name) = name_of_section.get(&section.index()).cloned() else { continue };
            let code = section.data().unwrap_or(&[]);
            let indirect = code.chunks_exact(2).any(|h| u16::from_le_bytes([h[0], h[1]]) & 0xff87 == 0x4780);
            let calls: Vec<String> = section
                .relocations()
                .filter(|(_, r)| CALLS.contains(&elf_type(r.flags())))
                .filter_map(|(_, r)| target_name(r.target()))
                .collect();
            let function = all.entry(name).or_default();
            function.calls.extend(calls);
            function.indirect |= indirect;
        }
    }
    Ok(all)
}

fn uleb128(bytes: &[u8]) -> u64 {
    let mut value = 0u64;
    for (i, &byte) in bytes.iter().take(10).enumerate() {
        value |= u64::from(byte & 0x7f) << (7 * i);
        if byte & 0x80 == 0 {
            break;
        }
    }
    value
}

/// The deepest path from a function: its bytes and the path.
#[derive(Clone, Debug)]
pub struct Deepest {
    /// Bytes of stack: the frames along the path.
    pub bytes: u64,
    /// The functions, from the entry point down.
    pub functions: Vec<String>,
    /// Whether a function on some path from here calls through a pointer.
    pub indirect: bool,
}

/// Whether `name` starts a panic (the game stops there): its calls are not counted.
fn panics(name: &str) -> bool {
    let name = format!("{:#}", rustc_demangle::demangle(name));
    name.contains("panic")
        || name.ends_with("_fail")
        || name.ends_with("expect_failed")
        || name.ends_with("unwrap_failed")
        || name.ends_with("handle_error")
        || name.contains("rust_begin_unwind")
        || name.contains("alloc_error")
}

/// The deepest path from `name`, found without recursion (an explicit stack). A call
/// back into a function already on the path (recursion) is not followed; the
/// functions it happens in are added to `cycles`.
fn deepest(all: &HashMap<String, Function>, name: &str, cycles: &mut Vec<String>) -> Result<Deepest, String> {
    let mut done: HashMap<String, Deepest> = HashMap::new();
    let mut on_path: Vec<(String, usize)> = vec![(name.to_string(), 0)];
    while let Some((current, next)) = on_path.last().cloned() {
        let function = all.get(&current).filter(|_| !panics(&current));
        let calls = function.map_or(&[][..], |f| &f.calls[..]);
        if let Some(callee) = calls.get(next) {
            if let Some(top) = on_path.last_mut() {
                top.1 += 1;
            }
            if done.contains_key(callee) {
                continue;
            }
            if on_path.iter().any(|(n, _)| n == callee) {
                if !cycles.contains(callee) {
                    cycles.push(callee.clone());
                }
                continue;
            }
            on_path.push((callee.clone(), 0));
            continue;
        }
        on_path.pop();
        let frame = function.map_or(0, |f| f.frame);
        let below = calls.iter().filter_map(|c| done.get(c)).max_by_key(|p| p.bytes).cloned();
        let indirect =
            function.is_some_and(|f| f.indirect) || calls.iter().any(|c| done.get(c).is_some_and(|p| p.indirect));
        let mut functions = vec![current.clone()];
        let bytes = frame + below.as_ref().map_or(0, |p| p.bytes);
        if let Some(below) = below {
            functions.extend(below.functions);
        }
        done.insert(current, Deepest { bytes, functions, indirect });
    }
    done.remove(name).ok_or_else(|| format!("no function {name}"))
}

/// The entry points the system calls: the event handler, the update callback and
/// the menu callback (found by their mangled names' endings).
fn entries(all: &HashMap<String, Function>) -> Vec<(&'static str, String)> {
    let find = |label: &'static str, matches: &dyn Fn(&str) -> bool| {
        all.keys().filter(|n| matches(n)).min().map(|n| (label, n.clone()))
    };
    [
        find("eventHandler (init, lock, terminate, pause)", &|n| n == "eventHandler"),
        find("update callback (every frame)", &|n| n.starts_with("_RNvCs") && n.ends_with("_4chek6update")),
        find("system menu callback", &|n| n.starts_with("_RNvCs") && n.ends_with("_4chek11menu_chosen")),
    ]
    .into_iter()
    .flatten()
    .collect()
}

/// Prints the worst case per entry point and fails over `budget` bytes.
///
/// # Errors
/// The archive cannot be read, an entry point is missing, a path recurses, or a path
/// is over the budget.
pub fn report(lib: &Path, budget: u64) -> Result<(), String> {
    let all = functions(lib)?;
    let sized = all.values().filter(|f| f.frame > 0).count();
    if sized == 0 {
        return Err("no .stack_sizes in the build (was it built with -Z emit-stack-sizes?)".to_string());
    }
    // CHEK_STACK_SHOW=name lists the frame of every function whose name holds it.
    if let Ok(filter) = std::env::var("CHEK_STACK_SHOW") {
        for (name, f) in &all {
            let d = format!("{:#}", rustc_demangle::demangle(name));
            if d.contains(&filter) {
                println!("FRAME {:>6} {d}", f.frame);
            }
        }
    }
    let entries = entries(&all);
    if entries.len() < 3 {
        return Err(format!("entry points not found: {:?}", entries.iter().map(|e| e.0).collect::<Vec<_>>()));
    }
    let mut over = Vec::new();
    let mut cycles = Vec::new();
    for (label, name) in entries {
        let path = deepest(&all, &name, &mut cycles)?;
        println!("{label}: {} bytes{}", path.bytes, if path.indirect { " (+ calls through pointers)" } else { "" });
        for function in &path.functions {
            let frame = all.get(function).map_or(0, |f| f.frame);
            println!("  {frame:>6}  {:#}", rustc_demangle::demangle(function));
        }
        if path.bytes > budget {
            over.push(format!("{label}: {} bytes", path.bytes));
        }
    }
    // Recursion in core's panic path (a panic ends the game) is core's; in our code
    // it is an error.
    for cycle in &cycles {
        let name = format!("{:#}", rustc_demangle::demangle(cycle));
        println!("recursion, not counted: {name}");
        if name.contains("chek") {
            over.push(format!("recursion through {name}"));
        }
    }
    if over.is_empty() {
        Ok(())
    } else {
        Err(format!("over the {budget} byte stack budget: {}", over.join("; ")))
    }
}
