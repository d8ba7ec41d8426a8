import type { ImageVariant, PostImage } from '../../../common/contracts/media';

/** Tallest a lone image is shown, in CSS pixels; wider ones shrink to keep their shape. */
export const SINGLE_IMAGE_MAX_HEIGHT_PX = 512;

/** A `srcset` value: each rendition with its width descriptor. */
export function srcSetOf(variants: readonly ImageVariant[]): string {
  return variants.map((variant) => `${variant.url} ${variant.width}w`).join(', ');
}

/**
 * The `src` for browsers that ignore srcset: the narrowest rendition at least `target` wide,
 * else the widest there is.
 */
export function defaultSourceOf(variants: readonly ImageVariant[], target = 640): string | null {
  const sorted = [...variants].sort((a, b) => a.width - b.width);
  return (sorted.find((variant) => variant.width >= target) ?? sorted.at(-1))?.url ?? null;
}

/**
 * The `sizes` hint: the feed column is at most 42rem wide, less the avatar and padding, and a
 * grid cell is half of that. Below the breakpoint the column is the viewport.
 */
export function sizesFor(count: number): string {
  return count === 1 ? '(min-width: 42rem) 35rem, 100vw' : '(min-width: 42rem) 17rem, 50vw';
}

/** The CSS aspect-ratio of an image's box, from its stored pixel size. */
export function aspectRatioOf(image: Pick<PostImage, 'width' | 'height'>): string {
  return `${Math.max(1, image.width)} / ${Math.max(1, image.height)}`;
}

/** Widest a lone image may be so that its height stays within SINGLE_IMAGE_MAX_HEIGHT_PX. */
export function singleImageMaxWidth(image: Pick<PostImage, 'width' | 'height'>): string {
  const ratio = Math.max(1, image.width) / Math.max(1, image.height);
  return `${Math.round(SINGLE_IMAGE_MAX_HEIGHT_PX * ratio)}px`;
}
