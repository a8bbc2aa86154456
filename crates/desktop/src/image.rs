//! Frames as PNG files and as pixels for a window.

use std::path::Path;

use chek_ui::frame::{Frame, HEIGHT, WIDTH};

/// Encodes `frame` as a 1-bit greyscale PNG, 400×240 (a set bit is white, as on the
/// Playdate).
pub fn png_bytes(frame: &Frame) -> Result<Vec<u8>, String> {
    png_region(frame, WIDTH, HEIGHT)
}

/// Encodes the top-left `width`×`height` pixels of `frame` as a 1-bit greyscale PNG.
pub fn png_region(frame: &Frame, width: usize, height: usize) -> Result<Vec<u8>, String> {
    let (width, height) = (width.min(WIDTH), height.min(HEIGHT));
    let mut out = Vec::new();
    {
        let mut encoder = png::Encoder::new(&mut out, width as u32, height as u32);
        encoder.set_color(png::ColorType::Grayscale);
        encoder.set_depth(png::BitDepth::One);
        let mut writer = encoder.write_header().map_err(|e| e.to_string())?;
        let row_bytes = width.div_ceil(8);
        let data: Vec<u8> = (0..height)
            .flat_map(|y| {
                let mut row = frame.row(y)[..row_bytes].to_vec();
                // Bits past the width stay white.
                if width % 8 != 0 {
                    if let Some(last) = row.last_mut() {
                        *last |= 0xff >> (width % 8);
                    }
                }
                row
            })
            .collect();
        writer.write_image_data(&data).map_err(|e| e.to_string())?;
    }
    Ok(out)
}

/// Writes `frame` to `path` as a PNG.
pub fn write_png(frame: &Frame, path: &Path) -> Result<(), String> {
    std::fs::write(path, png_bytes(frame)?).map_err(|e| format!("{}: {e}", path.display()))
}

/// The launcher images, drawn by the game's own renderer: (file name, PNG bytes).
pub fn launcher_images() -> Result<Vec<(&'static str, Vec<u8>)>, String> {
    let mut frame = Frame::new();
    chek_cartridge::art::draw_card(&mut frame);
    let card = png_region(&frame, 350, 155)?;
    chek_cartridge::art::draw_icon(&mut frame);
    let icon = png_region(&frame, 32, 32)?;
    chek_cartridge::art::draw_icon_pressed(&mut frame);
    let pressed = png_region(&frame, 32, 32)?;
    chek_cartridge::art::draw_launch_image(&mut frame);
    let launch = png_bytes(&frame)?;
    Ok(vec![("card.png", card), ("icon.png", icon), ("icon-pressed.png", pressed), ("launchImage.png", launch)])
}

/// Reads a 400×240 PNG back into black pixels (true = black), for comparing.
pub fn read_png_pixels(path: &Path) -> Result<Vec<bool>, String> {
    let file = std::fs::File::open(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut decoder = png::Decoder::new(file);
    decoder.set_transformations(png::Transformations::EXPAND);
    let mut reader = decoder.read_info().map_err(|e| e.to_string())?;
    let mut buf = vec![0; reader.output_buffer_size()];
    let info = reader.next_frame(&mut buf).map_err(|e| e.to_string())?;
    if (info.width, info.height) != (WIDTH as u32, HEIGHT as u32) {
        return Err(format!("{}: {}×{}, expected 400×240", path.display(), info.width, info.height));
    }
    let channels = info.color_type.samples();
    Ok(buf[..info.buffer_size()].chunks(channels).map(|px| px[0] < 128).collect())
}

/// The frame's pixels, true = black.
pub fn pixels(frame: &Frame) -> Vec<bool> {
    (0..HEIGHT).flat_map(|y| (0..WIDTH).map(move |x| (y, x))).map(|(y, x)| frame.is_black(x, y)).collect()
}

/// The frame scaled `scale` times as 0RGB pixels for a window (black ink on a pale
/// paper, like the Playdate's screen).
pub fn to_argb(frame: &Frame, scale: usize, out: &mut Vec<u32>) {
    const INK: u32 = 0x0031_2f28;
    const PAPER: u32 = 0x00b1_aea7;
    let width = WIDTH * scale;
    out.clear();
    out.resize(width * HEIGHT * scale, PAPER);
    for y in 0..HEIGHT {
        let row = frame.row(y);
        for x in 0..WIDTH {
            if row[x / 8] & (0x80 >> (x % 8)) == 0 {
                for dy in 0..scale {
                    let start = (y * scale + dy) * width + x * scale;
                    out[start..start + scale].fill(INK);
                }
            }
        }
    }
}
