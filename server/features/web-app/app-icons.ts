import sharp from 'sharp';

/** One home-screen icon: its file name under APP_ICONS_PATH, its size and what it is for. */
export interface AppIconSpec {
  file: string;
  size: number;
  /** `maskable`: the platform cuts its own shape out of it, so it is drawn full-bleed. */
  purpose: 'any' | 'maskable' | 'apple-touch';
}

/** Where GET serves the icons (outside the API: browsers fetch them without our header). */
export const APP_ICONS_PATH = '/app-icons/';

/**
 * Android asks for 192 and 512 px (Chrome needs one of at least 144 px to offer installing), a
 * maskable 512 px fills adaptive-icon shapes, and iOS takes a 180 px apple-touch-icon.
 */
export const APP_ICONS: readonly AppIconSpec[] = [
  { file: 'icon-192.png', size: 192, purpose: 'any' },
  { file: 'icon-512.png', size: 512, purpose: 'any' },
  { file: 'maskable-512.png', size: 512, purpose: 'maskable' },
  { file: 'apple-touch-icon.png', size: 180, purpose: 'apple-touch' },
];

/**
 * How much of a maskable icon the image takes: platforms keep only the circle of 80 % of its
 * width, and a square (rounded by a quarter, as the mark is) fits that circle at 60 %.
 */
export const MASKABLE_CONTENT_RATIO = 0.6;
/** SVG is rasterised at this many pixels per unit of its view box before it is resized. */
const SVG_DENSITY = 72 * 16;

export interface IconSource {
  /** An SVG document or a raster image sharp reads. */
  bytes: Buffer;
  /** Fills what the image leaves transparent where the platform wants an opaque icon. */
  background: string;
}

async function render(source: IconSource, spec: AppIconSpec): Promise<Buffer> {
  const image = () => sharp(source.bytes, { density: SVG_DENSITY });
  if (spec.purpose === 'any') {
    return image()
      .resize(spec.size, spec.size, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
      .png()
      .toBuffer();
  }
  // Maskable and Apple icons are opaque: the platform rounds or cuts them itself.
  const inner = spec.purpose === 'maskable' ? Math.round(spec.size * MASKABLE_CONTENT_RATIO) : spec.size;
  const content = await image()
    .resize(inner, inner, { fit: 'contain', background: source.background })
    .png()
    .toBuffer();
  const composed = await sharp({
    create: { width: spec.size, height: spec.size, channels: 3, background: source.background },
  })
    .composite([{ input: content, gravity: 'centre' }])
    .png()
    .toBuffer();
  // Compositing gives the result an alpha channel even over an opaque background.
  return sharp(composed).removeAlpha().png().toBuffer();
}

/** Every icon of APP_ICONS drawn from one source image, by file name. */
export async function renderAppIcons(source: IconSource): Promise<Map<string, Buffer>> {
  const rendered = await Promise.all(
    APP_ICONS.map(async (spec) => [spec.file, await render(source, spec)] as const),
  );
  return new Map(rendered);
}
