//! A zlib stream made of pieces compressed ahead of time, for the board PNG ([`super::tiles`]).
//!
//! Deflate lets a stream be cut anywhere if no match reaches back across the cut, and a Huffman code
//! fixed in advance makes the bits of a piece the same wherever it lands. So each row of a tile is
//! compressed once, with matches only to the byte before (runs) and to the same column a row above (inside
//! the same tile), and a board's stream is those bits laid end to end: one dynamic block whose code was
//! built once from the token counts of sample boards ([`Code::train`]).

/// Longest and shortest match deflate can express.
const MAX_MATCH: usize = 258;
const MIN_MATCH: usize = 3;

/// One token of the parse: a literal palette index, or a match of `len` bytes `dist` back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Token {
    Literal(u8),
    Match { len: u16, dist: u16 },
}

/// How many bytes from `a` on equal those from `b` on, at most `max`.
#[inline(always)]
fn match_len(data: &[u8], a: usize, b: usize, max: usize) -> usize {
    let mut k = 0;
    while k + 8 <= max {
        let x = u64::from_le_bytes(data[a + k..a + k + 8].try_into().expect("8 bytes"));
        let y = u64::from_le_bytes(data[b + k..b + k + 8].try_into().expect("8 bytes"));
        if x != y {
            return k + ((x ^ y).trailing_zeros() / 8) as usize;
        }
        k += 8;
    }
    while k < max && data[a + k] == data[b + k] {
        k += 1;
    }
    k
}

/// The tokens of row `row` of a tile `width` bytes wide (`data` holds its rows one after another). Matches
/// reach the byte before in the same row, or the same column of the row above when `above` is set;
/// `row_distance` is how far back that is in the whole picture's stream.
pub fn parse_row(
    data: &[u8],
    width: usize,
    row: usize,
    above: bool,
    row_distance: usize,
    mut emit: impl FnMut(Token),
) {
    let start = row * width;
    let end = start + width;
    let mut i = start;
    while i < end {
        let max = (end - i).min(MAX_MATCH);
        let (mut len, mut dist) = (0, 0);
        if i > start {
            len = match_len(data, i, i - 1, max);
            dist = 1;
        }
        if above && len < max {
            let l = match_len(data, i, i - width, max);
            if l > len {
                len = l;
                dist = row_distance;
            }
        }
        if len >= MIN_MATCH {
            emit(Token::Match {
                len: len as u16,
                dist: dist as u16,
            });
            i += len;
        } else {
            emit(Token::Literal(data[i]));
            i += 1;
        }
    }
}

const LENGTH_BASE: [u16; 29] = [
    3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131,
    163, 195, 227, 258,
];
const LENGTH_EXTRA: [u8; 29] = [
    0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
];
const DISTANCE_BASE: [u16; 30] = [
    1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537,
    2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577,
];

/// A length's symbol (257…285), the number of its extra bits, and their value.
fn length_code(len: usize) -> (usize, u32, u64) {
    let code = if len == MAX_MATCH {
        28
    } else {
        LENGTH_BASE.partition_point(|&b| b as usize <= len) - 1
    };
    (
        257 + code,
        LENGTH_EXTRA[code] as u32,
        (len - LENGTH_BASE[code] as usize) as u64,
    )
}

/// A distance's symbol (0…29), the number of its extra bits, and their value.
fn distance_code(dist: usize) -> (usize, u32, u64) {
    let code = DISTANCE_BASE.partition_point(|&b| b as usize <= dist) - 1;
    let extra = if code < 2 { 0 } else { (code as u32 - 2) / 2 };
    (code, extra, (dist - DISTANCE_BASE[code] as usize) as u64)
}

/// Symbol counts, to train a [`Code`] on.
pub struct Counts {
    literal: Vec<u32>,
    distance: Vec<u32>,
}

impl Default for Counts {
    fn default() -> Self {
        Counts {
            literal: vec![0; 286],
            distance: vec![0; 30],
        }
    }
}

impl Counts {
    pub fn add(&mut self, token: Token) {
        match token {
            Token::Literal(b) => self.literal[b as usize] += 1,
            Token::Match { len, dist } => {
                self.literal[length_code(len as usize).0] += 1;
                self.distance[distance_code(dist as usize).0] += 1;
            }
        }
    }
}

/// Code lengths of at most `limit` bits for the symbols counted in `freqs` (every count above zero).
fn code_lengths(freqs: &[u32], limit: usize) -> Vec<u8> {
    let mut used: Vec<usize> = (0..freqs.len()).filter(|&s| freqs[s] > 0).collect();
    let mut lengths = vec![0u8; freqs.len()];
    if used.len() < 2 {
        used.iter().for_each(|&s| lengths[s] = 1);
        return lengths;
    }
    // Huffman's construction with two queues: the leaves sorted by count, and the merged nodes, which
    // come out in order of weight.
    used.sort_by_key(|&s| freqs[s]);
    let m = used.len();
    let mut weight: Vec<u64> = used.iter().map(|&s| freqs[s] as u64).collect();
    let mut parent = vec![0usize; 2 * m - 1];
    let (mut leaf, mut node) = (0, m);
    for next in m..2 * m - 1 {
        let mut pick = |weight: &[u64]| {
            if leaf < m && (node >= next || weight[leaf] <= weight[node]) {
                leaf += 1;
                leaf - 1
            } else {
                node += 1;
                node - 1
            }
        };
        let a = pick(&weight);
        let b = pick(&weight);
        weight.push(weight[a] + weight[b]);
        parent[a] = next;
        parent[b] = next;
    }
    let mut depth = vec![0usize; 2 * m - 1];
    for v in (0..2 * m - 2).rev() {
        depth[v] = depth[parent[v]] + 1;
    }
    // Codes per length, those past the limit folded into it, then lengthen short codes until the lengths
    // fit a prefix code again (Kraft's sum back to one).
    let mut count = vec![0u64; limit + 1];
    for &d in &depth[..m] {
        count[d.min(limit)] += 1;
    }
    let mut total: u64 = (1..=limit).map(|l| count[l] << (limit - l)).sum();
    while total > 1 << limit {
        count[limit] -= 1;
        if let Some(l) = (1..limit).rev().find(|&l| count[l] > 0) {
            count[l] -= 1;
            count[l + 1] += 2;
        }
        total -= 1;
    }
    // The most frequent symbols (last in `used`) take the shortest codes.
    let mut by_count = used.iter().rev();
    for (l, &c) in count.iter().enumerate().skip(1) {
        for _ in 0..c {
            lengths[*by_count.next().expect("as many codes as symbols")] = l as u8;
        }
    }
    lengths
}

/// Canonical codes for `lengths`, bit-reversed for deflate's least-significant-bit-first order.
fn canonical(lengths: &[u8]) -> Vec<u16> {
    let mut count = [0u16; 16];
    lengths.iter().for_each(|&l| count[l as usize] += 1);
    count[0] = 0;
    let mut next = [0u16; 16];
    let mut code = 0u16;
    for bits in 1..16 {
        code = (code + count[bits - 1]) << 1;
        next[bits] = code;
    }
    lengths
        .iter()
        .map(|&l| {
            if l == 0 {
                return 0;
            }
            let c = next[l as usize];
            next[l as usize] += 1;
            c.reverse_bits() >> (16 - l)
        })
        .collect()
}

/// Bits, least significant first, as deflate packs them.
#[derive(Clone, Debug, Default)]
pub struct Bits {
    words: Vec<u64>,
    acc: u64,
    n: u32,
}

impl Bits {
    /// Appends the low `bits` bits of `value` (the rest must be zero), up to 64.
    #[inline(always)]
    pub fn put(&mut self, value: u64, bits: u32) {
        if bits == 0 {
            return;
        }
        self.acc |= value << self.n;
        if self.n + bits >= 64 {
            self.words.push(self.acc);
            self.acc = if self.n == 0 {
                0
            } else {
                value >> (64 - self.n)
            };
            self.n = self.n + bits - 64;
        } else {
            self.n += bits;
        }
    }

    /// The number of bits written.
    pub fn bit_len(&self) -> usize {
        self.words.len() * 64 + self.n as usize
    }

    /// Appends bits `start..start + len` of `other`, where `start` is a multiple of 64.
    pub fn append(&mut self, other: &Bits, start: usize, len: usize) {
        let (mut word, mut left) = (start / 64, len);
        while left > 0 {
            let value = if word < other.words.len() {
                other.words[word]
            } else {
                other.acc
            };
            let take = left.min(64);
            let value = if take == 64 {
                value
            } else {
                value & ((1u64 << take) - 1)
            };
            self.put(value, take as u32);
            left -= take;
            word += 1;
        }
    }

    /// Pads to a multiple of 64 bits, so that the next piece starts on a word.
    pub fn align(&mut self) {
        if self.n > 0 {
            self.words.push(self.acc);
            self.acc = 0;
            self.n = 0;
        }
    }

    /// The bytes, the last one padded with zero bits.
    pub fn into_bytes(self) -> Vec<u8> {
        let mut out: Vec<u8> = Vec::with_capacity(self.words.len() * 8 + 8);
        for w in &self.words {
            out.extend_from_slice(&w.to_le_bytes());
        }
        let tail = self.n.div_ceil(8) as usize;
        out.extend_from_slice(&self.acc.to_le_bytes()[..tail]);
        out
    }
}

/// The Huffman code every board stream uses, and its block header.
pub struct Code {
    literal: Vec<(u16, u8)>,
    distance: Vec<(u16, u8)>,
    header: Bits,
}

impl Code {
    /// A code for symbols counted like `counts`; every symbol gets a code, so any picture can be written.
    pub fn train(counts: &Counts) -> Code {
        let smooth = |f: &[u32]| {
            f.iter()
                .map(|&c| c.saturating_mul(4) + 1)
                .collect::<Vec<_>>()
        };
        let mut literal_freq = smooth(&counts.literal);
        literal_freq[256] = 1;
        let literal_len = code_lengths(&literal_freq, 15);
        let distance_len = code_lengths(&smooth(&counts.distance), 15);
        let header = block_header(&literal_len, &distance_len);
        let pair = |lengths: &[u8]| {
            canonical(lengths)
                .into_iter()
                .zip(lengths.iter().copied())
                .collect::<Vec<_>>()
        };
        Code {
            literal: pair(&literal_len),
            distance: pair(&distance_len),
            header,
        }
    }

    #[inline(always)]
    pub fn write(&self, bits: &mut Bits, token: Token) {
        match token {
            Token::Literal(b) => {
                let (code, len) = self.literal[b as usize];
                bits.put(code as u64, len as u32);
            }
            Token::Match { len, dist } => {
                let (s, extra, value) = length_code(len as usize);
                let (code, n) = self.literal[s];
                bits.put(code as u64, n as u32);
                bits.put(value, extra);
                let (d, extra, value) = distance_code(dist as usize);
                let (code, n) = self.distance[d];
                bits.put(code as u64, n as u32);
                bits.put(value, extra);
            }
        }
    }

    /// A whole zlib stream: header, the block's `body` (tokens written with this code), end of block,
    /// and the Adler-32 of the uncompressed bytes.
    pub fn zlib(&self, body: &Bits, adler: u32) -> Vec<u8> {
        let mut bits = Bits::default();
        // zlib's header: deflate with a 32 KiB window, "fastest" (the check bits make 0x7801 a multiple of 31).
        bits.put(0x0178, 16);
        bits.append(&self.header, 0, self.header.bit_len());
        bits.append(body, 0, body.bit_len());
        let (code, len) = self.literal[256];
        bits.put(code as u64, len as u32);
        let mut out = bits.into_bytes();
        out.extend_from_slice(&adler.to_be_bytes());
        out
    }
}

/// The header of a final dynamic-Huffman block with these code lengths.
fn block_header(literal: &[u8], distance: &[u8]) -> Bits {
    let hlit = 257.max(literal.iter().rposition(|&l| l > 0).map_or(0, |p| p + 1));
    let hdist = 1.max(distance.iter().rposition(|&l| l > 0).map_or(0, |p| p + 1));
    let all: Vec<u8> = literal[..hlit]
        .iter()
        .chain(&distance[..hdist])
        .copied()
        .collect();
    // The lengths themselves, run-length coded: 16 repeats the previous length 3–6 times, 17 and 18
    // write 3–10 and 11–138 zeros.
    let mut runs: Vec<(u8, u8)> = Vec::new();
    let mut i = 0;
    while i < all.len() {
        let l = all[i];
        let run = all[i..].iter().take_while(|&&x| x == l).count();
        let mut left = run;
        if l == 0 {
            while left >= 11 {
                let r = left.min(138);
                runs.push((18, (r - 11) as u8));
                left -= r;
            }
            if left >= 3 {
                runs.push((17, (left - 3) as u8));
                left = 0;
            }
        } else {
            runs.push((l, 0));
            left -= 1;
            while left >= 3 {
                let r = left.min(6);
                runs.push((16, (r - 3) as u8));
                left -= r;
            }
        }
        runs.extend(std::iter::repeat((l, 0)).take(left));
        i += run;
    }
    let mut freq = vec![0u32; 19];
    runs.iter().for_each(|&(s, _)| freq[s as usize] += 1);
    let cl_len = code_lengths(&freq, 7);
    let cl_code = canonical(&cl_len);
    const ORDER: [usize; 19] = [
        16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15,
    ];
    let hclen = 4.max(
        ORDER
            .iter()
            .rposition(|&s| cl_len[s] > 0)
            .map_or(0, |p| p + 1),
    );
    let mut bits = Bits::default();
    bits.put(1, 1); // the final block
    bits.put(2, 2); // with dynamic Huffman codes
    bits.put((hlit - 257) as u64, 5);
    bits.put((hdist - 1) as u64, 5);
    bits.put((hclen - 4) as u64, 4);
    for &s in &ORDER[..hclen] {
        bits.put(cl_len[s] as u64, 3);
    }
    for &(s, extra) in &runs {
        bits.put(cl_code[s as usize] as u64, cl_len[s as usize] as u32);
        let extra_bits = match s {
            16 => 2,
            17 => 3,
            18 => 7,
            _ => 0,
        };
        bits.put(extra as u64, extra_bits);
    }
    bits
}

/// An 8-bit indexed PNG around a zlib stream of its rows.
pub fn png(width: u32, height: u32, palette: &[u8], zlib: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(zlib.len() + palette.len() + 64);
    out.extend_from_slice(b"\x89PNG\r\n\x1a\n");
    let mut header = [0u8; 13];
    header[..4].copy_from_slice(&width.to_be_bytes());
    header[4..8].copy_from_slice(&height.to_be_bytes());
    // 8 bits a pixel, palette colour, deflate, adaptive filtering (the rows say "none"), no interlace.
    header[8..].copy_from_slice(&[8, 3, 0, 0, 0]);
    chunk(&mut out, b"IHDR", &header);
    chunk(&mut out, b"PLTE", palette);
    chunk(&mut out, b"IDAT", zlib);
    chunk(&mut out, b"IEND", &[]);
    out
}

fn chunk(out: &mut Vec<u8>, kind: &[u8; 4], data: &[u8]) {
    out.extend_from_slice(&(data.len() as u32).to_be_bytes());
    let start = out.len();
    out.extend_from_slice(kind);
    out.extend_from_slice(data);
    let crc = crc32fast::hash(&out[start..]);
    out.extend_from_slice(&crc.to_be_bytes());
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Rows parsed as the board's tiles are, laid end to end in a PNG, decode again (with the `png` crate).
    #[test]
    fn rows_laid_end_to_end_decode_to_the_data() {
        let (width, rows) = (41, 30);
        let data: Vec<u8> = (0..width * rows)
            .map(|i| {
                let (x, y) = (i % width, i / width);
                if x == 0 {
                    0 // each PNG row starts with its filter type: none
                } else if (x / 7 + y / 5) % 3 == 0 {
                    (x * y % 251) as u8
                } else {
                    (y / 4) as u8
                }
            })
            .collect();
        let mut counts = Counts::default();
        for r in 0..rows {
            parse_row(&data, width, r, r > 0, width, |t| counts.add(t));
        }
        let code = Code::train(&counts);
        let mut body = Bits::default();
        for r in 0..rows {
            let mut row = Bits::default();
            parse_row(&data, width, r, r > 0, width, |t| code.write(&mut row, t));
            body.append(&row, 0, row.bit_len());
        }
        let grey: Vec<u8> = (0..=255u8).flat_map(|v| [v, v, v]).collect();
        let zlib = code.zlib(&body, simd_adler32::adler32(&data.as_slice()));
        let file = png(width as u32 - 1, rows as u32, &grey, &zlib);
        let mut reader = ::png::Decoder::new(std::io::Cursor::new(file))
            .read_info()
            .expect("a PNG header");
        let mut pixels = vec![0; reader.output_buffer_size().expect("a size")];
        reader.next_frame(&mut pixels).expect("the PNG decodes");
        let rows_without_filter: Vec<u8> = data
            .chunks_exact(width)
            .flat_map(|r| r[1..].to_vec())
            .collect();
        assert_eq!(pixels, rows_without_filter);
    }

    #[test]
    fn code_lengths_respect_the_limit_and_form_a_prefix_code() {
        let freqs: Vec<u32> = (0..286).map(|i| 1 + (1u32 << (i % 30).min(28))).collect();
        let lengths = code_lengths(&freqs, 15);
        assert!(lengths.iter().all(|&l| (1..=15).contains(&l)));
        let kraft: f64 = lengths.iter().map(|&l| 0.5f64.powi(l as i32)).sum();
        assert!((kraft - 1.0).abs() < 1e-9, "Kraft sum {kraft}");
    }
}
