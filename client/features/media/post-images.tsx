import type { PostImage as PostImageData } from '../../../common/contracts/media';
import { useT } from '../../i18n';
import { singleImageMaxWidth, sizesFor } from './image-sources';
import { mediaMessages } from './media.messages';
import { PostImage } from './post-image';

/**
 * A post's images: one alone at its own shape, two to four in a two-column grid. `isPriority`:
 * the post is on the first screen, so its first image is fetched at once (see PostImage).
 */
export function PostImages({
  images,
  isPriority = false,
}: {
  images: readonly PostImageData[];
  isPriority?: boolean;
}) {
  const t = useT(mediaMessages);
  const [first] = images;
  if (!first) return null;
  if (images.length === 1) {
    return (
      <div className="mt-2">
        <PostImage
          image={first}
          sizes={sizesFor(1)}
          style={{ maxWidth: singleImageMaxWidth(first) }}
          isPriority={isPriority}
        />
      </div>
    );
  }
  return (
    <ul
      aria-label={t('postImagesLabel', { count: images.length })}
      className="mt-2 grid grid-cols-2 items-start gap-1.5"
    >
      {images.map((image, index) => (
        <li key={image.id}>
          {/* Width fixed, height capped: the box is known before any byte of the image arrives. */}
          <PostImage
            image={image}
            sizes={sizesFor(images.length)}
            className="max-h-80 w-full"
            isPriority={isPriority && index === 0}
          />
        </li>
      ))}
    </ul>
  );
}
