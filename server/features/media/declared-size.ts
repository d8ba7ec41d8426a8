import type { Size } from './image-geometry';

/**
 * Every size an image's own headers declare, read from the bytes without decoding: a GIF's
 * logical screen and each frame's extent, a WebP's canvas, each animation frame and each
 * bitstream header, a PNG's header and each APNG frame, a JPEG's frame headers, a HEIF/AVIF
 * file's image extents (`ispe`). A decoder may size its buffers by any of them, whatever the
 * file really carries, while sharp reports only one; so the pixel limit is checked against
 * all of them before anything is decoded.
 *
 * Unknown formats give an empty list, and a header cut short ends the walk with what was read
 * so far: whether the file is a valid image is the decoder's judgement, not this one's.
 */
export function declaredSizes(input: Buffer): Size[] {
  const sizes: Size[] = [];
  const walk = READERS.find((reader) => reader.matches(input))?.walk;
  try {
    walk?.(input, sizes);
  } catch (err) {
    // Buffer reads past the end throw RangeError: a truncated header.
    if (!(err instanceof RangeError)) throw err;
  }
  return sizes;
}

interface Reader {
  matches: (input: Buffer) => boolean;
  walk: (input: Buffer, into: Size[]) => void;
}

const ascii = (input: Buffer, start: number, length: number) =>
  input.toString('latin1', start, start + length);

const READERS: Reader[] = [
  { matches: (input) => /^GIF8[79]a$/.test(ascii(input, 0, 6)), walk: walkGif },
  {
    matches: (input) =>
      input.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
    walk: walkPng,
  },
  { matches: (input) => input[0] === 0xff && input[1] === 0xd8, walk: walkJpeg },
  { matches: (input) => ascii(input, 0, 4) === 'RIFF' && ascii(input, 8, 4) === 'WEBP', walk: walkWebp },
  { matches: (input) => ascii(input, 4, 4) === 'ftyp', walk: walkIsoBoxes },
];

/** Skips a run of GIF data sub-blocks (length byte, bytes) up to its zero terminator. */
function skipGifSubBlocks(input: Buffer, at: number): number {
  let offset = at;
  for (let length = input.readUInt8(offset); length > 0; length = input.readUInt8(offset))
    offset += length + 1;
  return offset + 1;
}

const gifColourTableBytes = (packed: number) => (packed & 0x80 ? 3 * 2 ** ((packed & 0x07) + 1) : 0);

function walkGif(input: Buffer, into: Size[]): void {
  into.push({ width: input.readUInt16LE(6), height: input.readUInt16LE(8) });
  let offset = 13 + gifColourTableBytes(input.readUInt8(10));
  for (;;) {
    const introducer = input.readUInt8(offset);
    if (introducer === 0x21) {
      // Extension: label, then sub-blocks.
      offset = skipGifSubBlocks(input, offset + 2);
    } else if (introducer === 0x2c) {
      // A frame is drawn at (left, top) on the screen: the screen must reach its far corner.
      const left = input.readUInt16LE(offset + 1);
      const top = input.readUInt16LE(offset + 3);
      into.push({
        width: left + input.readUInt16LE(offset + 5),
        height: top + input.readUInt16LE(offset + 7),
      });
      offset += 10 + gifColourTableBytes(input.readUInt8(offset + 9));
      // LZW minimum code size, then the image data sub-blocks.
      offset = skipGifSubBlocks(input, offset + 1);
    } else {
      return; // Trailer, or bytes no decoder would read as a frame.
    }
  }
}

function walkPng(input: Buffer, into: Size[]): void {
  for (let offset = 8; offset + 8 <= input.length;) {
    const length = input.readUInt32BE(offset);
    const type = ascii(input, offset + 4, 4);
    const data = offset + 8;
    if (type === 'IHDR') into.push({ width: input.readUInt32BE(data), height: input.readUInt32BE(data + 4) });
    if (type === 'fcTL') {
      // Sequence number, width, height, x offset, y offset.
      into.push({
        width: input.readUInt32BE(data + 12) + input.readUInt32BE(data + 4),
        height: input.readUInt32BE(data + 16) + input.readUInt32BE(data + 8),
      });
    }
    if (type === 'IEND') return;
    offset = data + length + 4;
  }
}

/** SOF0–SOF15, except DHT (C4), JPG (C8) and DAC (CC), which share the range. */
const isJpegFrameHeader = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

function walkJpeg(input: Buffer, into: Size[]): void {
  for (let offset = 2; offset < input.length;) {
    if (input.readUInt8(offset) !== 0xff) return;
    const marker = input.readUInt8(offset + 1);
    // Fill bytes, and markers without a length.
    if (marker === 0xff) offset += 1;
    else if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) offset += 2;
    // Start of scan or end of image: every frame header comes before the first scan.
    else if (marker === 0xda || marker === 0xd9) return;
    else {
      if (isJpegFrameHeader(marker))
        into.push({ width: input.readUInt16BE(offset + 7), height: input.readUInt16BE(offset + 5) });
      offset += 2 + input.readUInt16BE(offset + 2);
    }
  }
}

const readUInt24LE = (input: Buffer, at: number) => input.readUIntLE(at, 3);

/** RIFF chunks from `start` to `end`: tag, little-endian length, payload padded to even. */
function walkWebpChunks(input: Buffer, start: number, end: number, into: Size[], inFrame: boolean): void {
  for (let offset = start; offset + 8 <= end;) {
    const tag = ascii(input, offset, 4);
    const length = input.readUInt32LE(offset + 4);
    const data = offset + 8;
    if (tag === 'VP8X') {
      into.push({ width: readUInt24LE(input, data + 4) + 1, height: readUInt24LE(input, data + 7) + 1 });
    } else if (tag === 'ANMF' && !inFrame) {
      // X and Y are stored halved; the frame must fit on the canvas from there.
      const x = readUInt24LE(input, data) * 2;
      const y = readUInt24LE(input, data + 3) * 2;
      into.push({
        width: x + readUInt24LE(input, data + 6) + 1,
        height: y + readUInt24LE(input, data + 9) + 1,
      });
      walkWebpChunks(input, data + 16, Math.min(end, data + length), into, true);
    } else if (tag === 'VP8 ') {
      // Frame tag (3), start code (3), then 14-bit width and height with 2 bits of scale each.
      into.push({
        width: input.readUInt16LE(data + 6) & 0x3fff,
        height: input.readUInt16LE(data + 8) & 0x3fff,
      });
    } else if (tag === 'VP8L') {
      // Signature byte, then 14 bits of width − 1 and 14 bits of height − 1.
      const bits = input.readUInt32LE(data + 1);
      into.push({ width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 });
    }
    offset = data + length + (length % 2);
  }
}

function walkWebp(input: Buffer, into: Size[]): void {
  walkWebpChunks(input, 12, input.length, into, false);
}

/**
 * The ISO-BMFF boxes on the way to the image properties, each with the box it must sit in:
 * `meta` (a full box: 4 bytes of version and flags before its children) → `iprp` → `ipco`.
 */
const ISO_PATH: Record<string, { parent: string; childrenAt: number }> = {
  meta: { parent: '', childrenAt: 4 },
  iprp: { parent: 'meta', childrenAt: 0 },
  ipco: { parent: 'iprp', childrenAt: 0 },
};

function walkIsoBoxes(input: Buffer, into: Size[]): void {
  walkIsoBoxList(input, into, 0, input.length, '');
}

/** HEIF and AVIF: every `ispe` (image spatial extents) property, of every item. */
function walkIsoBoxList(input: Buffer, into: Size[], start: number, end: number, parent: string): void {
  for (let offset = start; offset + 8 <= end;) {
    let size = input.readUInt32BE(offset);
    const type = ascii(input, offset + 4, 4);
    let header = 8;
    if (size === 1) {
      size = Number(input.readBigUInt64BE(offset + 8));
      header = 16;
    } else if (size === 0) {
      size = end - offset;
    }
    if (size < header) return;
    const container = ISO_PATH[type];
    if (container?.parent === parent) {
      const childrenStart = offset + header + container.childrenAt;
      walkIsoBoxList(input, into, childrenStart, Math.min(end, offset + size), type);
    }
    if (type === 'ispe' && parent === 'ipco') {
      // Version and flags, then width and height.
      into.push({
        width: input.readUInt32BE(offset + header + 4),
        height: input.readUInt32BE(offset + header + 8),
      });
    }
    offset += size;
  }
}
