import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

/**
 * Small files whose headers declare far more pixels than they carry, written byte by byte so
 * each lie sits exactly where a decoder reads it. Each is a few hundred bytes at most.
 */

const u16le = (value: number) => [value & 0xff, (value >> 8) & 0xff];
const u24le = (value: number) => [value & 0xff, (value >> 8) & 0xff, (value >> 16) & 0xff];
const u32be = (value: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(value);
  return [...bytes];
};

interface GifFrame {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * A GIF89a with a two-colour global table and the given frames; each frame's image data is a
 * single pixel (LZW: clear, index 0, end), whatever size its descriptor declares.
 */
function gif(screenWidth: number, screenHeight: number, frames: GifFrame[]): Buffer {
  const bytes = [...Buffer.from('GIF89a', 'latin1'), ...u16le(screenWidth), ...u16le(screenHeight)];
  // Global colour table of 2 entries (flag 0x80, size field 0), background 0, no aspect ratio.
  bytes.push(0x80, 0, 0, 0xff, 0, 0, 0, 0, 0xff);
  for (const frame of frames) {
    // Graphic control extension: 100 ms delay.
    bytes.push(0x21, 0xf9, 4, 0, 10, 0, 0, 0);
    bytes.push(
      0x2c,
      ...u16le(frame.left),
      ...u16le(frame.top),
      ...u16le(frame.width),
      ...u16le(frame.height),
      0,
    );
    // LZW minimum code size 2; one sub-block of 2 bytes (codes 4, 0, 5 at 3 bits); terminator.
    bytes.push(2, 2, 0x44, 0x01, 0);
  }
  bytes.push(0x3b);
  return Buffer.from(bytes);
}

/** Logical screen 65,535 × 65,535 (4.3 gigapixels), one 1 × 1 frame. */
export function gifWithHugeScreen(): Buffer {
  return gif(0xffff, 0xffff, [{ left: 0, top: 0, width: 1, height: 1 }]);
}

/** A 10 × 10 screen whose second frame's descriptor declares 65,535 × 65,535. */
export function gifWithHugeSecondFrame(): Buffer {
  return gif(10, 10, [
    { left: 0, top: 0, width: 10, height: 10 },
    { left: 0, top: 0, width: 0xffff, height: 0xffff },
  ]);
}

/** A 1 × 1 lossless VP8L bitstream (the `VP8L` chunk with its header), as libwebp writes it. */
const VP8L_1X1 = Buffer.from('5650384c0f0000002f000000000710fd8ffe0722a2ff0100', 'hex');

function riffChunk(tag: string, body: Buffer): Buffer {
  const header = Buffer.alloc(8);
  header.write(tag, 0, 'latin1');
  header.writeUInt32LE(body.length, 4);
  return Buffer.concat([header, body, Buffer.alloc(body.length % 2)]);
}

function webp(chunks: Buffer[]): Buffer {
  const body = Buffer.concat([Buffer.from('WEBP', 'latin1'), ...chunks]);
  const header = Buffer.alloc(8);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(body.length, 4);
  return Buffer.concat([header, body]);
}

/** An animation frame at (x, y) declaring width × height, carrying the 1 × 1 bitstream. */
function anmf(x: number, y: number, width: number, height: number): Buffer {
  const header = [
    ...u24le(x / 2),
    ...u24le(y / 2),
    ...u24le(width - 1),
    ...u24le(height - 1),
    ...u24le(100),
    0,
  ];
  return riffChunk('ANMF', Buffer.concat([Buffer.from(header), VP8L_1X1]));
}

function animatedWebp(canvasWidth: number, canvasHeight: number, frames: Buffer[]): Buffer {
  // VP8X with the animation flag and the canvas size; ANIM: transparent background, loop forever.
  const vp8x = riffChunk(
    'VP8X',
    Buffer.from([0x02, 0, 0, 0, ...u24le(canvasWidth - 1), ...u24le(canvasHeight - 1)]),
  );
  return webp([vp8x, riffChunk('ANIM', Buffer.alloc(6)), ...frames]);
}

/** An animated WebP on a 8,000 × 8,000 canvas (64 megapixels) of two 1 × 1 frames. */
export function webpWithHugeCanvas(): Buffer {
  return animatedWebp(8000, 8000, [anmf(0, 0, 1, 1), anmf(0, 0, 1, 1)]);
}

/** A 10 × 10 animated WebP whose first frame declares 16,384 × 16,384. */
export function webpWithHugeFrame(): Buffer {
  return animatedWebp(10, 10, [anmf(0, 0, 16_384, 16_384), anmf(0, 0, 1, 1)]);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const typeAndData = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  return Buffer.concat([
    Buffer.from(u32be(data.length)),
    typeAndData,
    Buffer.from(u32be(crc32(typeAndData))),
  ]);
}

/**
 * A 1 × 1 APNG (8-bit greyscale) whose one animation frame control declares 65,535 × 65,535;
 * the default image is the frame's data.
 */
export function apngWithHugeFrame(): Buffer {
  const ihdr = Buffer.from([...u32be(1), ...u32be(1), 8, 0, 0, 0, 0]);
  const actl = Buffer.from([...u32be(1), ...u32be(0)]);
  // Sequence 0, width, height, x, y, delay 1/10 s, dispose none, blend source.
  const fctl = Buffer.from([
    ...u32be(0),
    ...u32be(0xffff),
    ...u32be(0xffff),
    ...u32be(0),
    ...u32be(0),
    0,
    1,
    0,
    10,
    0,
    0,
  ]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('acTL', actl),
    pngChunk('fcTL', fctl),
    // One scanline: filter byte 0, one black pixel.
    pngChunk('IDAT', deflateSync(Buffer.from([0, 0]))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A baseline JPEG whose frame header declares 20,000 × 20,000 (400 megapixels) with a few
 * bytes of scan: quantisation table, frame header, scan header, end.
 */
export function jpegDeclaringHugeSize(): Buffer {
  const dqt = [0xff, 0xdb, 0, 67, 0, ...new Array<number>(64).fill(1)];
  // SOF0: 8-bit, height, width, one component (id 1, sampling 1×1, table 0).
  const sof = [0xff, 0xc0, 0, 11, 8, 0x4e, 0x20, 0x4e, 0x20, 1, 1, 0x11, 0];
  // SOS: one component (id 1, tables 0/0), spectral 0–63, no approximation.
  const sos = [0xff, 0xda, 0, 8, 1, 1, 0, 0, 63, 0];
  return Buffer.from([0xff, 0xd8, ...dqt, ...sof, ...sos, 0, 0, 0, 0, 0xff, 0xd9]);
}

/**
 * A real 16 × 16 AVIF whose image spatial extent property (`ispe`, the size libheif allocates
 * for) is rewritten to 65,535 × 65,535.
 */
export async function avifDeclaringHugeSize(): Promise<Buffer> {
  const avif = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#00aa00' } })
    .avif()
    .toBuffer();
  const ispe = avif.indexOf('ispe', 0, 'latin1');
  if (ispe < 0) throw new Error('no ispe box in the AVIF');
  // Type (4), version and flags (4), then width and height.
  avif.writeUInt32BE(0xffff, ispe + 8);
  avif.writeUInt32BE(0xffff, ispe + 12);
  return avif;
}
