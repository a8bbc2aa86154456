//! The console's heap as the game sees it through `realloc`: a first-fit allocator
//! over an address range, with its bookkeeping outside the memory it hands out, so
//! one allocator serves the Simulator library (addresses in a host buffer) and the
//! emulated device (addresses in emulated RAM). It counts the high-water mark.
//!
//! Written by hand: the allocator crates keep their free lists inside the managed
//! memory, which the emulated device's heap is not (it is only reachable through the
//! emulator).

use std::collections::BTreeMap;

/// What `realloc` did: the block's new address (0 when freed or refused) and, when it
/// moved, the bytes the caller must copy from the old place.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Grant {
    /// The block's address, or 0.
    pub address: u64,
    /// `(from, len)`: copy `len` bytes from `from` to `address`.
    pub copy: Option<(u64, u64)>,
}

/// A heap over `[base, base + size)`.
#[derive(Debug)]
pub struct Heap {
    base: u64,
    size: u64,
    align: u64,
    /// Live blocks: address → size (rounded up to the alignment).
    used: BTreeMap<u64, u64>,
    /// Free runs: address → size, coalesced.
    free: BTreeMap<u64, u64>,
    in_use: u64,
    /// The most bytes in use at once.
    pub high_water: u64,
    /// The highest address ever handed out, past its block's end, from `base`.
    pub extent: u64,
}

impl Heap {
    /// An empty heap of `size` bytes at `base`, handing out blocks aligned to `align`.
    pub fn new(base: u64, size: u64, align: u64) -> Heap {
        let mut free = BTreeMap::new();
        free.insert(base, size);
        Heap { base, size, align, used: BTreeMap::new(), free, in_use: 0, high_water: 0, extent: 0 }
    }

    /// Bytes in use now.
    pub fn in_use(&self) -> u64 {
        self.in_use
    }

    /// The heap's first address.
    pub fn base(&self) -> u64 {
        self.base
    }

    /// The heap's size.
    pub fn size(&self) -> u64 {
        self.size
    }

    /// C's `realloc` as the Playdate defines it: `ptr` 0 allocates, `size` 0 frees.
    /// An address the heap never handed out is refused (`Err` names it).
    pub fn realloc(&mut self, ptr: u64, size: u64) -> Result<Grant, String> {
        if ptr == 0 {
            let address = if size == 0 { 0 } else { self.allocate(size) };
            return Ok(Grant { address, copy: None });
        }
        let Some(&old) = self.used.get(&ptr) else {
            return Err(format!("realloc of {ptr:#x}, which the heap did not hand out (or already freed)"));
        };
        if size == 0 {
            self.release(ptr);
            return Ok(Grant { address: 0, copy: None });
        }
        let wanted = self.round(size);
        if wanted <= old {
            return Ok(Grant { address: ptr, copy: None });
        }
        let address = self.allocate(size);
        if address == 0 {
            return Ok(Grant { address: 0, copy: None });
        }
        self.release(ptr);
        Ok(Grant { address, copy: Some((ptr, old)) })
    }

    fn round(&self, size: u64) -> u64 {
        size.div_ceil(self.align).max(1) * self.align
    }

    fn allocate(&mut self, size: u64) -> u64 {
        let size = self.round(size);
        let Some((&at, &run)) = self.free.iter().find(|(_, &run)| run >= size) else {
            return 0;
        };
        self.free.remove(&at);
        if run > size {
            self.free.insert(at + size, run - size);
        }
        self.used.insert(at, size);
        self.in_use += size;
        self.high_water = self.high_water.max(self.in_use);
        self.extent = self.extent.max(at + size - self.base);
        at
    }

    fn release(&mut self, at: u64) {
        let Some(size) = self.used.remove(&at) else {
            return;
        };
        self.in_use -= size;
        let (mut start, mut len) = (at, size);
        if let Some((&before, &run)) = self.free.range(..at).next_back() {
            if before + run == at {
                self.free.remove(&before);
                start = before;
                len += run;
            }
        }
        if let Some(&after) = self.free.get(&(at + size)) {
            self.free.remove(&(at + size));
            len += after;
        }
        self.free.insert(start, len);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_are_aligned_reused_and_coalesced() {
        let mut heap = Heap::new(0x1000, 0x100, 8);
        let a = heap.realloc(0, 3).unwrap().address;
        let b = heap.realloc(0, 16).unwrap().address;
        assert_eq!((a, b), (0x1000, 0x1008));
        assert_eq!(heap.in_use(), 24);
        heap.realloc(a, 0).unwrap();
        heap.realloc(b, 0).unwrap();
        assert_eq!(heap.in_use(), 0);
        assert_eq!(heap.high_water, 24);
        // The two freed runs are one again: the whole heap fits.
        assert_eq!(heap.realloc(0, 0x100).unwrap().address, 0x1000);
        assert_eq!(heap.realloc(0, 1).unwrap().address, 0, "full: refused with 0");
    }

    #[test]
    fn growing_moves_and_says_what_to_copy() {
        let mut heap = Heap::new(0x1000, 0x100, 8);
        let a = heap.realloc(0, 8).unwrap().address;
        let _b = heap.realloc(0, 8).unwrap().address;
        assert_eq!(heap.realloc(a, 6).unwrap(), Grant { address: a, copy: None }, "shrinking stays");
        let grown = heap.realloc(a, 32).unwrap();
        assert_eq!(grown, Grant { address: 0x1010, copy: Some((a, 8)) });
        assert!(heap.realloc(0x1004, 8).is_err(), "not a block");
        assert!(heap.realloc(a, 8).is_err(), "freed when it moved");
    }
}
