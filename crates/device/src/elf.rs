//! The device binary: its loadable image, relocated to where the emulator loads it
//! (as the Playdate's loader does with the relocations `pdc` keeps), and its
//! symbols, to name the function at an address.

use std::path::Path;

use object::elf::{R_ARM_ABS32, R_ARM_TARGET1, SHF_ALLOC};
use object::{Object, ObjectSection, ObjectSegment, ObjectSymbol, RelocationFlags, SectionFlags, SymbolKind};

/// A function of the binary: where it starts, how long it is, its demangled name.
#[derive(Clone, Debug)]
pub struct Function {
    /// Its first address (relocated, without the Thumb bit).
    pub start: u64,
    /// Its size in bytes.
    pub size: u64,
    /// Its demangled name.
    pub name: String,
}

/// The loaded image.
#[derive(Debug)]
pub struct Image {
    /// Where it is loaded.
    pub base: u64,
    /// The bytes from `base`: code, data, and zeroes for bss.
    pub bytes: Vec<u8>,
    /// The end of the code (`.text` with the read-only data).
    pub code_end: u64,
    /// Functions by start address.
    pub functions: Vec<Function>,
    /// Every symbol by name (relocated addresses, Thumb bit as the ELF has it).
    symbols: Vec<(String, u64)>,
}

impl Image {
    /// Loads the ELF at `path` for `base`, applying its absolute relocations.
    ///
    /// # Errors
    /// An unreadable file, an ELF without relocations (linked without
    /// `--emit-relocs`), or a relocation the loader does not know.
    pub fn load(path: &Path, base: u64) -> Result<Image, String> {
        let data = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
        let file = object::File::parse(&*data).map_err(|e| format!("{}: {e}", path.display()))?;
        let mut end = 0;
        for segment in file.segments() {
            end = end.max(segment.address() + segment.size());
        }
        let mut bytes = vec![0u8; end as usize];
        for segment in file.segments() {
            let content = segment.data().map_err(|e| e.to_string())?;
            let at = segment.address() as usize;
            bytes[at..at + content.len()].copy_from_slice(content);
        }
        let mut relocated = 0;
        for section in file.sections() {
            let SectionFlags::Elf { sh_flags } = section.flags() else {
                continue;
            };
            if sh_flags & u64::from(SHF_ALLOC) == 0 {
                continue;
            }
            for (offset, relocation) in section.relocations() {
                let RelocationFlags::Elf { r_type } = relocation.flags() else {
                    continue;
                };
                match r_type {
                    R_ARM_ABS32 | R_ARM_TARGET1 => {
                        let at = offset as usize;
                        let word = bytes
                            .get(at..at + 4)
                            .ok_or_else(|| format!("a relocation at {offset:#x}, outside the image"))?;
                        let value = u32::from_le_bytes(word.try_into().unwrap_or_default());
                        let moved = value.wrapping_add(base as u32);
                        bytes[at..at + 4].copy_from_slice(&moved.to_le_bytes());
                        relocated += 1;
                    }
                    // Absolute MOVW/MOVT pairs would need patching too; the
                    // position-independent build has none.
                    43..=50 => return Err(format!("{}: an absolute MOVW/MOVT relocation at {offset:#x} (type {r_type}): build with -Crelocation-model=pic", path.display())),
                    // PC-relative: the same wherever the image is.
                    _ => {}
                }
            }
        }
        if relocated == 0 {
            return Err(format!("{}: no relocations: link with --emit-relocs", path.display()));
        }
        let code_end = file
            .section_by_name(".text")
            .map(|s| s.address() + s.size())
            .ok_or_else(|| format!("{}: no .text", path.display()))?;
        let mut functions: Vec<Function> = file
            .symbols()
            .filter(|s| s.kind() == SymbolKind::Text && s.size() > 0)
            .map(|s| Function {
                start: base + (s.address() & !1),
                size: s.size(),
                name: s.name().map(|n| format!("{:#}", rustc_demangle::demangle(n))).unwrap_or_default(),
            })
            .collect();
        functions.sort_by_key(|f| f.start);
        let symbols = file.symbols().filter_map(|s| Some((s.name().ok()?.to_string(), base + s.address()))).collect();
        Ok(Image { base, bytes, code_end: base + code_end, functions, symbols })
    }

    /// The address of the symbol `name` (a function's with its Thumb bit).
    pub fn symbol(&self, name: &str) -> Option<u64> {
        self.symbols.iter().find(|(n, _)| n == name).map(|&(_, a)| a)
    }

    /// The function containing `address`.
    pub fn function_at(&self, address: u64) -> Option<&Function> {
        let address = address & !1;
        let i = self.functions.partition_point(|f| f.start <= address);
        let f = self.functions.get(i.checked_sub(1)?)?;
        (address < f.start + f.size).then_some(f)
    }

    /// "name+0x12" for `address`, or the bare address.
    pub fn describe(&self, address: u64) -> String {
        match self.function_at(address) {
            Some(f) => format!("{}+{:#x} ({:#010x})", f.name, (address & !1) - f.start, address),
            None => format!("{address:#010x}"),
        }
    }

    /// "name+0x12" for the call that returns to `lr`: the instruction before it (a
    /// call that never returns may be a function's last, so `lr` alone can name the
    /// next function).
    pub fn describe_caller(&self, lr: u64) -> String {
        self.describe((lr & !1).saturating_sub(2))
    }

    /// The first function whose name contains `part`.
    pub fn function_named(&self, part: &str) -> Option<&Function> {
        self.functions.iter().find(|f| f.name.contains(part))
    }
}
