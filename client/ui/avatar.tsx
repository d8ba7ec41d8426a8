import type { ImageVariant } from '../../common/contracts/media';
import type { Avatar as AvatarImage } from '../../common/contracts/users';

const HUES = [210, 250, 280, 330, 20, 160, 190];

export type AvatarSize = 'xs' | 'sm' | 'md' | 'lg' | 'xl';

/** Rendered side in CSS pixels: the browser picks the rendition for this and the screen's density. */
const SIDE_PX: Record<AvatarSize, number> = { xs: 20, sm: 32, md: 40, lg: 64, xl: 96 };
const BOX: Record<AvatarSize, string> = {
  /** Beside a name on its line (a quoted post's card). */
  xs: 'size-5 text-[0.5625rem]',
  sm: 'size-8 text-xs',
  md: 'size-10 text-sm',
  lg: 'size-16 text-xl',
  xl: 'size-24 text-3xl',
};

function srcSet(variants: readonly ImageVariant[]): string {
  return variants.map((variant) => `${variant.url} ${variant.width}w`).join(', ');
}

/**
 * The person's picture, or initials on a colour derived from the handle when there is none.
 * Decorative: the name is always written beside it. Lazy and sized, so lists do not shift.
 */
export function Avatar({
  name,
  handle,
  avatar = null,
  size = 'md',
}: {
  name: string;
  handle: string;
  avatar?: AvatarImage | null | undefined;
  size?: AvatarSize;
}) {
  const side = SIDE_PX[size];
  if (avatar && avatar.fallback.length > 0) {
    const smallest = avatar.fallback[0];
    return (
      <picture className={`inline-block shrink-0 overflow-hidden rounded-full ${BOX[size]}`}>
        <source type="image/webp" srcSet={srcSet(avatar.webp)} sizes={`${side}px`} />
        <img
          src={smallest?.url}
          srcSet={srcSet(avatar.fallback)}
          sizes={`${side}px`}
          width={side}
          height={side}
          alt=""
          loading="lazy"
          decoding="async"
          className="size-full object-cover"
        />
      </picture>
    );
  }
  const hue = HUES[[...handle].reduce((sum, ch) => sum + ch.charCodeAt(0), 0) % HUES.length] ?? 210;
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase())
    .join('');
  return (
    <span
      aria-hidden="true"
      className={`inline-flex shrink-0 items-center justify-center rounded-full font-semibold text-white ${BOX[size]}`}
      style={{ backgroundColor: `oklch(0.5 0.13 ${hue})` }}
    >
      {initials || '?'}
    </span>
  );
}
