//! The parts of the Playdate API crankstart 0.1.2 does not wrap: system-menu items,
//! the menu image, and the accessibility settings.

use chek_ui::frame::{HEIGHT, ROW_BYTES};
use chek_ui::{Frame, MenuCommand};
use crankstart_sys::ctypes::{c_int, c_void};
use crankstart_sys::{LCDBitmap, LCDColor, LCDSolidColor, PlaydateAPI};

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
        // SAFETY: as in `reduce_flashing`; each title is NUL-terminated and copied by the
        // system.
        unsafe {
            let system = &*(*api).system;
            if let Some(remove_all) = system.removeAllMenuItems {
                remove_all();
            }
            for (index, command) in items.iter().enumerate() {
                let mut title = [0u8; 32];
                let bytes = command.title().as_bytes();
                let n = bytes.len().min(title.len() - 1);
                title[..n].copy_from_slice(&bytes[..n]);
                if let Some(add) = system.addMenuItem {
                    add(title.as_ptr() as *const _, Some(chosen), index as *mut c_void);
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
