import { type CSSProperties, useMemo, useState } from 'react';
import type { PostImage as PostImageData } from '../../../common/contracts/media';
import { useNearViewport } from '../../lib/use-near-viewport';
import { aspectRatioOf, defaultSourceOf, srcSetOf } from './image-sources';
import { placeholderUrl } from './placeholder';

/** How close an animated image may come to the viewport before it mounts and starts playing. */
export const ANIMATED_MOUNT_MARGIN = '400px';

export interface PostImageProps {
  image: PostImageData;
  sizes: string;
  /** Sizing of the box (set through the CSSOM, which the CSP allows, not as an attribute). */
  style?: CSSProperties;
  className?: string;
  /**
   * Likely the largest thing on the first screen (the post page's post, a feed's first posts):
   * fetched at once and first, instead of when layout finds it near the viewport.
   */
  isPriority?: boolean;
}

/**
 * One image in a box of its own shape, so nothing moves when it arrives: the ThumbHash
 * placeholder fills the box until the picture has loaded. WebP where the browser takes it, the
 * fallback otherwise; the browser fetches it only near the viewport (loading="lazy"). Animated
 * images, the heavy kind, are not even in the page until they come near.
 */
export function PostImage({ image, sizes, style, className = '', isPriority = false }: PostImageProps) {
  const [isLoaded, setIsLoaded] = useState(false);
  const isAnimated = image.fallbackType === 'image/gif';
  const [isNear, setIsNear] = useState(!isAnimated);
  const observe = useNearViewport<HTMLDivElement>(() => setIsNear(true), ANIMATED_MOUNT_MARGIN);
  const placeholder = useMemo(() => placeholderUrl(image.placeholder), [image.placeholder]);
  const boxStyle: CSSProperties = {
    aspectRatio: aspectRatioOf(image),
    ...(placeholder && !isLoaded ? { backgroundImage: `url("${placeholder}")` } : {}),
    ...style,
  };
  const waitingLabel = !isNear && image.alt ? { role: 'img', 'aria-label': image.alt } : {};
  return (
    <div
      ref={isAnimated ? observe : undefined}
      {...waitingLabel}
      className={`relative overflow-hidden rounded-xl bg-slate-100 bg-cover bg-center dark:bg-slate-800 ${className}`}
      style={boxStyle}
      data-image-id={image.id}
    >
      {isNear && (
        <picture>
          <source type="image/webp" srcSet={srcSetOf(image.webp)} sizes={sizes} />
          <img
            src={defaultSourceOf(image.fallback) ?? undefined}
            srcSet={srcSetOf(image.fallback)}
            sizes={sizes}
            width={image.width}
            height={image.height}
            alt={image.alt}
            loading={isPriority ? 'eager' : 'lazy'}
            fetchPriority={isPriority ? 'high' : 'auto'}
            decoding="async"
            onLoad={() => setIsLoaded(true)}
            className="absolute inset-0 size-full object-cover"
          />
        </picture>
      )}
    </div>
  );
}
