import { crc32 } from 'node:zlib';
import sharp from 'sharp';

/**
 * Images for upload tests, made with sharp at test time so no binary files are committed.
 * Solid colours keep pixel checks exact after lossy encoding.
 */
type Rgb = readonly [number, number, number];

const RED: Rgb = [255, 0, 0];
const BLUE: Rgb = [0, 0, 255];

function solid(width: number, height: number, [r, g, b]: Rgb) {
  return sharp({ create: { width, height, channels: 3, background: { r, g, b } } });
}

export function jpeg(width = 800, height = 600, colour: Rgb = RED): Promise<Buffer> {
  return solid(width, height, colour).jpeg({ quality: 90 }).toBuffer();
}

export function png(width = 800, height = 600, colour: Rgb = BLUE): Promise<Buffer> {
  return solid(width, height, colour).png().toBuffer();
}

/**
 * Stored 400×200, left half red and right half blue, with EXIF orientation 6 (turn 90°
 * clockwise to show): shown 200×400 with red on top.
 */
export async function jpegWithOrientation6(): Promise<Buffer> {
  const [width, height] = [400, 200];
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      pixels.set(x < width / 2 ? RED : BLUE, (y * width + x) * 3);
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 95 })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

/** A JPEG that says where it was taken, by whom and with what. */
export function jpegWithGps(): Promise<Buffer> {
  return solid(640, 480, RED)
    .jpeg()
    .withExif({
      IFD0: { Make: 'Tidings Test Camera', Artist: 'Ana Example' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '48/1 51/1 24/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '2/1 21/1 3/1',
      },
    })
    .toBuffer();
}

export function cmykJpeg(): Promise<Buffer> {
  return solid(300, 200, [51, 102, 204]).toColourspace('cmyk').jpeg({ quality: 95 }).toBuffer();
}

export function png16Bit(): Promise<Buffer> {
  return solid(300, 200, [51, 102, 204]).toColourspace('rgb16').png().toBuffer();
}

/** Three 120×80 frames: red, green, blue. */
export async function animatedGif(): Promise<Buffer> {
  const colours: Rgb[] = [RED, [0, 255, 0], BLUE];
  const frames = await Promise.all(colours.map((colour) => solid(120, 80, colour).png().toBuffer()));
  return sharp(frames, { join: { animated: true } })
    .gif({ loop: 0, delay: [100, 100, 100] })
    .toBuffer();
}

/** A real 8×8 PNG whose header claims 100,000 × 100,000 pixels, with a valid header checksum. */
export async function pngDeclaringHugeSize(): Promise<Buffer> {
  const bytes = Buffer.from(await png(8, 8));
  // Signature (8) + chunk length (4) + "IHDR" (4), then width and height.
  bytes.writeUInt32BE(100_000, 16);
  bytes.writeUInt32BE(100_000, 20);
  bytes.writeUInt32BE(crc32(bytes.subarray(12, 29)), 29);
  return bytes;
}

/** A GIF header followed by JavaScript: valid script, not a decodable image. */
export function gifJsPolyglot(): Buffer {
  return Buffer.from('GIF89a/*\x01\x00\x01\x00\x00\x00\x00*/=1;alert(document.cookie);//', 'latin1');
}

export function svgWithScript(): Buffer {
  return Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>',
  );
}

/** The average colour of a small square of an encoded image. */
export async function colourAt(image: Buffer, left: number, top: number, size = 8): Promise<Rgb> {
  const { data } = await sharp(image)
    .extract({ left, top, width: size, height: size })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const sums = [0, 0, 0];
  for (let i = 0; i < data.length; i += 3) {
    for (let channel = 0; channel < 3; channel += 1) sums[channel]! += data[i + channel]!;
  }
  const pixels = data.length / 3;
  return [sums[0]! / pixels, sums[1]! / pixels, sums[2]! / pixels].map(Math.round) as unknown as Rgb;
}
