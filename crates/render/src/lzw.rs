//! GIF's LZW for 8-bit palette indices, quick on the long runs of one colour that a board is made of.
//!
//! The dictionary is the usual hash of (prefix code, pixel) → code. Beside it, for each colour, the codes
//! of the runs of that colour it holds: a run of length L + 1 is only ever made from the run of length L,
//! so inside a run the encoder can jump to the longest known run at once instead of looking up every
//! pixel. A board's frame takes about a third of the time of the `gif` crate's own encoder (weezl), for
//! a stream of about the same size (`docs/measurements/pictures-tiles.md`).

const CLEAR: u16 = 256;
const END: u16 = 257;
const FIRST: u16 = 258;
const MAX_CODE: u16 = 4095;
const TABLE_BITS: u32 = 13;

struct Writer {
    out: Vec<u8>,
    acc: u64,
    n: u32,
}

impl Writer {
    #[inline(always)]
    fn put(&mut self, code: u16, bits: u32) {
        self.acc |= (code as u64) << self.n;
        self.n += bits;
        if self.n >= 32 {
            self.out.extend_from_slice(&(self.acc as u32).to_le_bytes());
            self.acc >>= 32;
            self.n -= 32;
        }
    }
}

/// The dictionary: (prefix code, pixel) → code, open addressing; plus, for each colour, the codes of the
/// runs of it that it holds (a run of length L + 1 is only ever made from the run of length L).
struct Dict {
    keys: Vec<u32>,
    codes: Vec<u16>,
    runs: Vec<Vec<u16>>,
    next: u16,
}

const EMPTY: u32 = u32::MAX;

impl Dict {
    fn new() -> Dict {
        Dict {
            keys: vec![EMPTY; 1 << TABLE_BITS],
            codes: vec![0; 1 << TABLE_BITS],
            runs: (0..256).map(|c| vec![c as u16]).collect(),
            next: FIRST,
        }
    }

    fn clear(&mut self) {
        self.keys.fill(EMPTY);
        for (c, r) in self.runs.iter_mut().enumerate() {
            r.clear();
            r.push(c as u16);
        }
        self.next = FIRST;
    }

    #[inline(always)]
    fn slot(key: u32) -> usize {
        (key.wrapping_mul(0x9E37_79B1) >> (32 - TABLE_BITS)) as usize
    }

    #[inline(always)]
    fn get(&self, prefix: u16, pixel: u8) -> Option<u16> {
        let key = (prefix as u32) << 8 | pixel as u32;
        let mut i = Self::slot(key);
        loop {
            let k = self.keys[i];
            if k == key {
                return Some(self.codes[i]);
            }
            if k == EMPTY {
                return None;
            }
            i = (i + 1) & ((1 << TABLE_BITS) - 1);
        }
    }

    #[inline(always)]
    fn insert(&mut self, prefix: u16, pixel: u8) {
        let key = (prefix as u32) << 8 | pixel as u32;
        let mut i = Self::slot(key);
        while self.keys[i] != EMPTY {
            i = (i + 1) & ((1 << TABLE_BITS) - 1);
        }
        self.keys[i] = key;
        self.codes[i] = self.next;
        self.next += 1;
    }
}

/// How many of `pixels[from..]` equal `c`.
#[inline(always)]
fn run_len(pixels: &[u8], from: usize, c: u8) -> usize {
    let wide = u64::from_ne_bytes([c; 8]);
    let mut k = from;
    while k + 8 <= pixels.len() {
        let x = u64::from_ne_bytes(pixels[k..k + 8].try_into().expect("8 bytes")) ^ wide;
        if x != 0 {
            return k - from + (x.to_le().trailing_zeros() / 8) as usize;
        }
        k += 8;
    }
    while k < pixels.len() && pixels[k] == c {
        k += 1;
    }
    k - from
}

/// The LZW code stream of `pixels` (minimum code size 8) as a GIF image's data starts: the minimum code
/// size, then the codes (the encoder cuts them into sub-blocks).
pub fn encode(pixels: &[u8]) -> Vec<u8> {
    let mut w = Writer {
        out: Vec::with_capacity(pixels.len() / 8 + 16),
        acc: 0,
        n: 0,
    };
    w.out.push(8);
    let mut bits = 9;
    let mut d = Dict::new();
    w.put(CLEAR, bits);
    if pixels.is_empty() {
        w.put(END, bits);
        return finish(w);
    }
    let mut cur = pixels[0] as u16;
    // While the current string is a run of one colour: that colour and the run's length.
    let mut run: Option<(u8, usize)> = Some((pixels[0], 1));
    let mut i = 1;
    while i < pixels.len() {
        let p = pixels[i];
        if let Some((c, len)) = run {
            if c == p {
                // Extend along the runs the dictionary already has, as far as the pixels go.
                let known = d.runs[c as usize].len();
                if len < known {
                    let ahead = run_len(pixels, i, c).min(known - len);
                    let len = len + ahead;
                    cur = d.runs[c as usize][len - 1];
                    run = Some((c, len));
                    i += ahead;
                    continue;
                }
            }
        }
        match d.get(cur, p) {
            Some(code) => {
                cur = code;
                run = None;
                i += 1;
            }
            None => {
                w.put(cur, bits);
                if d.next > MAX_CODE {
                    w.put(CLEAR, bits);
                    d.clear();
                    bits = 9;
                } else {
                    if let Some((c, len)) = run {
                        if c == p && len == d.runs[c as usize].len() {
                            d.runs[c as usize].push(d.next);
                        }
                    }
                    d.insert(cur, p);
                    // The decoder, one code behind, widens when it adds the code that fills this width.
                    if d.next > (1 << bits) && bits < 12 {
                        bits += 1;
                    }
                }
                cur = p as u16;
                run = Some((p, 1));
                i += 1;
            }
        }
    }
    w.put(cur, bits);
    w.put(END, bits);
    finish(w)
}

fn finish(mut w: Writer) -> Vec<u8> {
    while w.n > 0 {
        w.out.push(w.acc as u8);
        w.acc >>= 8;
        w.n = w.n.saturating_sub(8);
    }
    w.out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The pixels back, through a one-frame GIF read by the `gif` crate.
    fn decode(stream: &[u8], width: u16, height: u16) -> Vec<u8> {
        let grey: Vec<u8> = (0..=255u8).flat_map(|v| [v, v, v]).collect();
        let mut gif = gif::Encoder::new(Vec::new(), width, height, &grey).expect("a header");
        let frame = gif::Frame {
            width,
            height,
            buffer: std::borrow::Cow::Borrowed(stream),
            ..gif::Frame::default()
        };
        gif.write_lzw_pre_encoded_frame(&frame).expect("a frame");
        let bytes = gif.into_inner().expect("the GIF");
        let mut options = gif::DecodeOptions::new();
        options.set_color_output(gif::ColorOutput::Indexed);
        let mut decoder = options.read_info(&bytes[..]).expect("a GIF");
        let frame = decoder
            .read_next_frame()
            .expect("decodes")
            .expect("a frame");
        frame.buffer.to_vec()
    }

    #[test]
    fn runs_and_noise_decode_again() {
        // Long runs of a few colours (the fast path), then noise that fills the dictionary and clears it.
        let mut pixels: Vec<u8> = (0..200_000usize)
            .map(|i| [0u8, 0, 0, 7, 7, 200][(i / 97) % 6])
            .collect();
        pixels.extend((0..60_000u32).map(|i| (i.wrapping_mul(2_654_435_761) >> 24) as u8));
        pixels.extend(std::iter::repeat(3).take(5000));
        assert_eq!(pixels.len(), 265_000);
        assert_eq!(decode(&encode(&pixels), 500, 530), pixels);
        assert_eq!(decode(&encode(&pixels[..1]), 1, 1), &pixels[..1]);
    }
}
