import { type RefObject, useEffect } from 'react';
import { useT } from '../../i18n';
import { type Area, type Rotation, rotatedSize, type Size } from './crop-math';
import { cropMessages } from './crop.messages';

/** Longest side of the live preview, in CSS pixels. */
export const PREVIEW_MAX_SIDE = 160;

export interface CropPreviewProps {
  /** The decoded picture, as the browser displays it (EXIF orientation applied). */
  image: HTMLImageElement | null;
  area: Area | null;
  rotation: Rotation;
  isRound: boolean;
  /** The parent reads the finished preview from it (the composer's thumbnail). */
  canvasRef: RefObject<HTMLCanvasElement | null>;
}

/** The size of the preview canvas for a crop of `area`: its shape, at most PREVIEW_MAX_SIDE. */
export function previewSize(area: Size): Size {
  const scale = PREVIEW_MAX_SIDE / Math.max(area.width, area.height, 1);
  return {
    width: Math.max(1, Math.round(area.width * scale)),
    height: Math.max(1, Math.round(area.height * scale)),
  };
}

/**
 * Draws what the server will cut: the image turned by `rotation` about its centre, then the
 * crop taken from the turned image, in the same pixel space the upload sends.
 */
function draw(canvas: HTMLCanvasElement, image: HTMLImageElement, area: Area, rotation: Rotation) {
  const size = previewSize(area);
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext('2d');
  if (!context) return;
  const natural = { width: image.naturalWidth, height: image.naturalHeight };
  const turned = rotatedSize(natural, rotation);
  context.scale(size.width / area.width, size.height / area.height);
  context.translate(-area.x + turned.width / 2, -area.y + turned.height / 2);
  context.rotate((rotation * Math.PI) / 180);
  context.drawImage(image, -natural.width / 2, -natural.height / 2, natural.width, natural.height);
}

export function CropPreview({ image, area, rotation, isRound, canvasRef }: CropPreviewProps) {
  const t = useT(cropMessages);
  useEffect(() => {
    if (canvasRef.current && image && area) draw(canvasRef.current, image, area, rotation);
  }, [canvasRef, image, area, rotation]);
  return (
    <figure className="grid justify-items-center gap-1">
      {/* Shown at the crop's own shape: no box with bands around it. Smaller on phones. */}
      <canvas
        ref={canvasRef}
        role="img"
        aria-label={t('previewLabel')}
        className={`max-h-24 max-w-24 sm:max-h-40 sm:max-w-40 ${isRound ? 'rounded-full' : 'rounded'}`}
      />
      <figcaption className="text-xs text-slate-600 dark:text-slate-400">{t('previewCaption')}</figcaption>
    </figure>
  );
}
