//! The parts of the Playdate API crankstart 0.1.2 does not wrap, or wraps unsafely:
//! system-menu items, the menu image, the accessibility settings and logging.

use chek_ui::frame::{HEIGHT, ROW_BYTES};
use chek_ui::{Frame, MenuCommand};
use crankstart_sys::ctypes::{c_int, c_void};
use crankstart_sys::{LCDBitmap, LCDColor, LCDSolidColor, PlaydateAPI};

/// Writes `text` to the console log as text: through `"%s"`, so a `%` in it is not
/// read as a format (crankstart's `log_to_console` passes the text as the format).
pub fn log(api: *const PlaydateAPI, text: &str) {
    let Ok(text) = alloc::ffi::CString::new(text) else { return };
    // SAFETY: as in `reduce_flashing`; both strings are NUL-terminated and outlive the
    // call, and "%s" takes exactly the one argument given.
    unsafe {
        if let Some(log) = (*(*api).system).logToConsole {
            log(c"%s".as_ptr(), text.as_ptr());
        }
    }
}

/// Keeps the console from locking (`true`) or lets it lock again.
pub fn set_auto_lock_disabled(api: *const PlaydateAPI, disabled: bool) {
    // SAFETY: as in `reduce_flashing`; the function takes one int.
    unsafe {
        if let Some(set) = (*(*api).system).setAutoLockDisabled {
            set(disabled as c_int);
        }
    }
}

/// The system's "reduce flashing" setting.
pub fn reduce_flashing(api: *const PlaydateAPI) -> bool {
    // SAFETY: `api` is the table the system passed to `eventHandler`; its tables live
    // as long as the game. The function takes no arguments.
    unsafe { (*(*api).system).getReduceFlashing.map_or(0, |f| f()) != 0 }
}

/// The game's system-menu items and the bitmap shown behind the menu.
pub struct Menu {
    image: *mut LCDBitmap,
    items: &'static [MenuCommand],
}

impl Menu {
    /// No items yet.
    pub fn new() -> Menu {
        Menu { image: core::ptr::null_mut(), items: &[] }
    }

    /// The items shown, in menu order (an item's userdata is its index here).
    pub fn items(&self) -> &'static [MenuCommand] {
        self.items
    }

    /// Shows `items` (when they differ from those shown); `chosen` gets an item's
    /// index as its userdata.
    pub fn show(&mut self, api: *const PlaydateAPI, items: &'static [MenuCommand], chosen: extern "C" fn(*mut c_void)) {
        if items == self.items {
            return;
        }
        // SAFETY: as in `reduce_flashing`; each title is a static NUL-terminated string,
        // so it outlives the item whether or not the system copies it.
        unsafe {
            let system = &*(*api).system;
            if let Some(remove_all) = system.removeAllMenuItems {
                remove_all();
            }
            for (index, command) in items.iter().enumerate() {
                if let Some(add) = system.addMenuItem {
                    add(command.c_title().as_ptr(), Some(chosen), index as *mut c_void);
                }
            }
        }
        self.items = items;
    }

    /// Shows `frame` behind the system menu (its left 200 pixels stay visible).
    pub fn set_image(&mut self, api: *const PlaydateAPI, frame: &Frame) {
        // SAFETY: as in `reduce_flashing`. The bitmap is ours until freed; its data has
        // `height` rows of `rowbytes` bytes.
        unsafe {
            let graphics = &*(*api).graphics;
            let system = &*(*api).system;
            let (Some(new_bitmap), Some(get_data), Some(set_menu_image)) =
                (graphics.newBitmap, graphics.getBitmapData, system.setMenuImage)
            else {
                return;
            };
            if self.image.is_null() {
                self.image = new_bitmap(400, HEIGHT as c_int, LCDSolidColor::kColorWhite as LCDColor);
            }
            if self.image.is_null() {
                return;
            }
            let (mut width, mut height, mut rowbytes) = (0, 0, 0);
            let mut mask = core::ptr::null_mut();
            let mut data = core::ptr::null_mut();
            get_data(self.image, &mut width, &mut height, &mut rowbytes, &mut mask, &mut data);
            if data.is_null() || rowbytes <= 0 {
                return;
            }
            let copy = (rowbytes as usize).min(ROW_BYTES);
            for y in 0..(height.max(0) as usize).min(HEIGHT) {
                let target = core::slice::from_raw_parts_mut(data.add(y * rowbytes as usize), copy);
                target.copy_from_slice(&frame.row(y)[..copy]);
            }
            set_menu_image(self.image, 0);
        }
    }
}
