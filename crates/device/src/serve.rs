//! The device's way in to the console: the API's tables laid out in emulated memory
//! with a trap address for every function, and each trap served by turning the
//! registers and emulated memory (AAPCS with hard floats: r0–r3 then the stack,
//! floats in s0–s15) into the console's plain values.

use chek_pdhost::{tables, Console, FRAME_BYTES};
use unicorn_engine::RegisterARM;

use crate::machine::{Emu, Fault, BITMAPS, FRAME, MAX_BITMAPS, STRINGS, TABLES, TRAPS};

/// The tables' bytes (to be placed at `TABLES`) and each trap's name.
pub fn layout() -> (Vec<u8>, Vec<String>) {
    let root = tables::root();
    let mut bytes = vec![0u8; root.entries.len() * 4];
    let mut traps = Vec::new();
    // Breadth first: the root's tables, then the sound's.
    let mut pending: Vec<(usize, String)> =
        root.entries.iter().enumerate().map(|(i, e)| (i * 4, e.name.clone())).collect();
    while let Some((slot, path)) = (!pending.is_empty()).then(|| pending.remove(0)) {
        let Some(table) = tables::of(&path) else {
            continue;
        };
        let at = bytes.len();
        bytes[slot..slot + 4].copy_from_slice(&((TABLES + at as u64) as u32).to_le_bytes());
        bytes.resize(at + table.entries.len() * 4, 0);
        for (i, entry) in table.entries.iter().enumerate() {
            let here = at + i * 4;
            let name = format!("{path}.{}", entry.name);
            if entry.is_table {
                pending.push((here, name));
            } else {
                let trap = (TRAPS + traps.len() as u64 * 2) | 1;
                bytes[here..here + 4].copy_from_slice(&(trap as u32).to_le_bytes());
                traps.push(name);
            }
        }
    }
    (bytes, traps)
}

fn emu(e: unicorn_engine::uc_error) -> Fault {
    Fault::Emulator { error: format!("{e:?}"), pc: String::new() }
}

fn reg(uc: &Emu<'_>, n: i32) -> Result<u32, Fault> {
    Ok(uc.reg_read(RegisterARM::R0 as i32 + n).map_err(emu)? as u32)
}

/// The `n`th float argument.
fn float(uc: &Emu<'_>, n: i32) -> Result<f32, Fault> {
    Ok(f32::from_bits(uc.reg_read(RegisterARM::S0 as i32 + n).map_err(emu)? as u32))
}

/// The `n`th word on the stack (arguments past r3).
fn stacked(uc: &Emu<'_>, n: u64) -> Result<u32, Fault> {
    let sp = uc.reg_read(RegisterARM::SP).map_err(emu)?;
    let mut word = [0u8; 4];
    uc.mem_read(sp + 4 * n, &mut word).map_err(|_| unmapped(uc, "read", sp + 4 * n))?;
    Ok(u32::from_le_bytes(word))
}

fn unmapped(uc: &Emu<'_>, access: &'static str, address: u64) -> Fault {
    let lr = uc.reg_read(RegisterARM::LR).unwrap_or(0);
    Fault::Unmapped { access, address, pc: format!("an API call from {}", uc.get_data().image.describe_caller(lr)) }
}

fn ret(uc: &mut Emu<'_>, value: u32) -> Result<(), Fault> {
    uc.reg_write(RegisterARM::R0, u64::from(value)).map_err(emu)
}

fn ret_float(uc: &mut Emu<'_>, value: f32) -> Result<(), Fault> {
    uc.reg_write(RegisterARM::S0, u64::from(value.to_bits())).map_err(emu)
}

/// A C string from emulated memory (at most 4 KB).
fn text(uc: &Emu<'_>, address: u32) -> Result<String, Fault> {
    let mut out = Vec::new();
    let mut at = u64::from(address);
    loop {
        let mut chunk = [0u8; 64];
        uc.mem_read(at, &mut chunk)
            .or_else(|_| uc.mem_read(at, &mut chunk[..1]))
            .map_err(|_| unmapped(uc, "read", at))?;
        match chunk.iter().position(|&b| b == 0) {
            Some(end) => {
                out.extend_from_slice(&chunk[..end]);
                break;
            }
            None => out.extend_from_slice(&chunk),
        }
        at += 64;
        if out.len() > 4096 {
            return Err(unmapped(uc, "read (a string without its end)", u64::from(address)));
        }
    }
    Ok(String::from_utf8_lossy(&out).into_owned())
}

/// Writes `bytes` at `address` unless it is null.
fn put(uc: &mut Emu<'_>, address: u32, bytes: &[u8]) -> Result<(), Fault> {
    if address == 0 {
        return Ok(());
    }
    uc.mem_write(u64::from(address), bytes).map_err(|_| unmapped(uc, "write", u64::from(address)))
}

fn console<'a>(uc: &'a mut Emu<'_>) -> &'a mut Console {
    &mut uc.get_data_mut().console
}

/// The bitmap `handle`'s address in emulated memory.
fn bitmap_address(handle: u64) -> u64 {
    BITMAPS + (handle - 1) * 0x4000
}

/// Serves the trap of the table entry `name`.
pub fn call(uc: &mut Emu<'_>, name: &str) -> Result<(), Fault> {
    match name {
        // -------------------------------------------------------------- system
        "system.realloc" => {
            let (ptr, size) = (reg(uc, 0)?, reg(uc, 1)?);
            let grant = console(uc).realloc(u64::from(ptr), u64::from(size));
            if let Some((from, len)) = grant.copy {
                let bytes = uc.mem_read_as_vec(from, len as usize).map_err(emu)?;
                uc.mem_write(grant.address, &bytes).map_err(emu)?;
            }
            ret(uc, grant.address as u32)
        }
        "system.logToConsole" => {
            let format = text(uc, reg(uc, 0)?)?;
            // A variadic call: the first argument after the format is in r1.
            let line = if format == "%s" { text(uc, reg(uc, 1)?)? } else { format.clone() };
            console(uc).log_to_console(&format, &line);
            Ok(())
        }
        "system.error" => {
            let line = text(uc, reg(uc, 0)?)?;
            console(uc).error(&line);
            Ok(())
        }
        "system.getCurrentTimeMilliseconds" => {
            let now = console(uc).current_time_ms();
            ret(uc, now)
        }
        "system.getSecondsSinceEpoch" => {
            let out = reg(uc, 0)?;
            let (seconds, millis) = console(uc).seconds_since_epoch();
            put(uc, out, &millis.to_le_bytes())?;
            ret(uc, seconds)
        }
        "system.setUpdateCallback" => {
            let (function, userdata) = (reg(uc, 0)?, reg(uc, 1)?);
            console(uc).set_update_callback(u64::from(function), u64::from(userdata));
            Ok(())
        }
        "system.getButtonState" => {
            let outs = [reg(uc, 0)?, reg(uc, 1)?, reg(uc, 2)?];
            let (h, p, r) = console(uc).button_state();
            // PDButtons is a one-byte enum on the device.
            for (out, value) in outs.into_iter().zip([h, p, r]) {
                put(uc, out, &[value as u8])?;
            }
            Ok(())
        }
        "system.getCrankChange" => {
            let change = console(uc).crank_change();
            ret_float(uc, change)
        }
        "system.getCrankAngle" => {
            let angle = console(uc).crank_angle();
            ret_float(uc, angle)
        }
        "system.isCrankDocked" => {
            let docked = console(uc).is_crank_docked();
            ret(uc, docked as u32)
        }
        "system.getFlipped" => {
            let flipped = console(uc).get_flipped();
            ret(uc, flipped as u32)
        }
        "system.getReduceFlashing" => {
            let on = console(uc).get_reduce_flashing();
            ret(uc, on as u32)
        }
        "system.setAutoLockDisabled" => {
            let disable = reg(uc, 0)? != 0;
            console(uc).set_auto_lock_disabled(disable);
            Ok(())
        }
        "system.addMenuItem" => {
            let title = text(uc, reg(uc, 0)?)?;
            let (function, userdata) = (reg(uc, 1)?, reg(uc, 2)?);
            let handle = console(uc).add_menu_item(&title, u64::from(function), u64::from(userdata));
            ret(uc, handle as u32)
        }
        "system.removeAllMenuItems" => {
            console(uc).remove_all_menu_items();
            Ok(())
        }
        "system.setMenuImage" => {
            let bitmap = u64::from(reg(uc, 0)?);
            sync_bitmaps(uc)?;
            console(uc).set_menu_image(bitmap);
            Ok(())
        }
        // -------------------------------------------------------------- graphics
        "graphics.getFrame" => {
            console(uc).get_frame();
            ret(uc, FRAME as u32)
        }
        "graphics.markUpdatedRows" => {
            let (start, end) = (reg(uc, 0)? as i32, reg(uc, 1)? as i32);
            sync_frame(uc)?;
            console(uc).mark_updated_rows(start, end);
            Ok(())
        }
        "graphics.display" => {
            sync_frame(uc)?;
            console(uc).display();
            Ok(())
        }
        "graphics.newBitmap" => {
            let (width, height) = (reg(uc, 0)? as i32, reg(uc, 1)? as i32);
            let handle = console(uc).new_bitmap(width, height);
            if handle > MAX_BITMAPS {
                return Err(unmapped(uc, "write (more bitmaps than the host maps)", bitmap_address(handle)));
            }
            let white = uc.get_data().console.bitmaps[handle as usize - 1].to_vec();
            uc.mem_write(bitmap_address(handle), &white).map_err(emu)?;
            ret(uc, handle as u32)
        }
        "graphics.freeBitmap" => {
            console(uc).free_bitmap();
            Ok(())
        }
        "graphics.getBitmapData" => {
            let handle = u64::from(reg(uc, 0)?);
            let outs = [reg(uc, 1)?, reg(uc, 2)?, reg(uc, 3)?];
            let (mask, data) = (stacked(uc, 0)?, stacked(uc, 1)?);
            let (w, h, row) = console(uc).bitmap_data(handle);
            for (out, value) in outs.into_iter().zip([w, h, row]) {
                put(uc, out, &value.to_le_bytes())?;
            }
            put(uc, mask, &0u32.to_le_bytes())?;
            put(uc, data, &(bitmap_address(handle) as u32).to_le_bytes())
        }
        // -------------------------------------------------------------- files
        "file.geterr" => {
            console(uc).geterr();
            ret(uc, STRINGS as u32)
        }
        "file.open" => {
            let name = text(uc, reg(uc, 0)?)?;
            let mode = reg(uc, 1)? & 0xff;
            let handle = console(uc).open(&name, mode);
            ret(uc, handle as u32)
        }
        "file.close" => {
            let handle = u64::from(reg(uc, 0)?);
            let result = console(uc).close(handle);
            ret(uc, result as u32)
        }
        "file.read" => {
            let (handle, buf, len) = (u64::from(reg(uc, 0)?), reg(uc, 1)?, reg(uc, 2)?);
            let mut bytes = vec![0u8; len as usize];
            let n = console(uc).read(handle, &mut bytes);
            if n > 0 {
                put(uc, buf, &bytes[..n as usize])?;
            }
            ret(uc, n as u32)
        }
        "file.write" => {
            let (handle, buf, len) = (u64::from(reg(uc, 0)?), reg(uc, 1)?, reg(uc, 2)?);
            let bytes =
                uc.mem_read_as_vec(u64::from(buf), len as usize).map_err(|_| unmapped(uc, "read", u64::from(buf)))?;
            let n = console(uc).write(handle, &bytes);
            ret(uc, n as u32)
        }
        "file.flush" => {
            let handle = u64::from(reg(uc, 0)?);
            let result = console(uc).flush(handle);
            ret(uc, result as u32)
        }
        "file.stat" => {
            let (name, out) = (text(uc, reg(uc, 0)?)?, reg(uc, 1)?);
            match console(uc).stat(&name) {
                Some(found) => {
                    // FileStat: isdir, size, then six date fields, each an int.
                    let mut bytes = [0u8; 32];
                    bytes[..4].copy_from_slice(&u32::from(found.is_dir).to_le_bytes());
                    bytes[4..8].copy_from_slice(&found.size.to_le_bytes());
                    put(uc, out, &bytes)?;
                    ret(uc, 0)
                }
                None => ret(uc, -1i32 as u32),
            }
        }
        "file.rename" => {
            let (from, to) = (text(uc, reg(uc, 0)?)?, text(uc, reg(uc, 1)?)?);
            let result = console(uc).rename(&from, &to);
            ret(uc, result as u32)
        }
        "file.unlink" => {
            let name = text(uc, reg(uc, 0)?)?;
            let result = console(uc).unlink(&name);
            ret(uc, result as u32)
        }
        "file.mkdir" => {
            let name = text(uc, reg(uc, 0)?)?;
            let result = console(uc).mkdir(&name);
            ret(uc, result as u32)
        }
        // -------------------------------------------------------------- sound
        "sound.getCurrentTime" => {
            let now = console(uc).sound_time();
            ret(uc, now)
        }
        "sound.synth.newSynth" => {
            let handle = console(uc).new_synth();
            ret(uc, handle as u32)
        }
        "sound.synth.setWaveform" => {
            let (synth, wave) = (u64::from(reg(uc, 0)?), reg(uc, 1)? & 0xff);
            console(uc).set_waveform(synth, wave);
            Ok(())
        }
        "sound.synth.setAttackTime"
        | "sound.synth.setDecayTime"
        | "sound.synth.setSustainLevel"
        | "sound.synth.setReleaseTime" => {
            console(uc).set_envelope();
            Ok(())
        }
        "sound.synth.playNote" => {
            let (synth, when) = (u64::from(reg(uc, 0)?), reg(uc, 1)?);
            let (hz, volume, seconds) = (float(uc, 0)?, float(uc, 1)?, float(uc, 2)?);
            console(uc).play_note(synth, hz, volume, seconds, when);
            Ok(())
        }
        _ => {
            let lr = uc.reg_read(RegisterARM::LR).unwrap_or(0);
            let from = uc.get_data().image.describe_caller(lr);
            Err(Fault::Unserved(format!("{name} (from {from})")))
        }
    }
}

/// Copies the emulated LCD into the console's frame.
pub fn sync_frame(uc: &mut Emu<'_>) -> Result<(), Fault> {
    let mut frame = [0u8; FRAME_BYTES];
    uc.mem_read(FRAME, &mut frame).map_err(emu)?;
    *uc.get_data_mut().console.frame = frame;
    Ok(())
}

/// Copies the emulated bitmaps into the console's.
pub fn sync_bitmaps(uc: &mut Emu<'_>) -> Result<(), Fault> {
    for i in 0..uc.get_data().console.bitmaps.len() {
        let mut bytes = [0u8; FRAME_BYTES];
        uc.mem_read(bitmap_address(i as u64 + 1), &mut bytes).map_err(emu)?;
        *uc.get_data_mut().console.bitmaps[i] = bytes;
    }
    Ok(())
}
