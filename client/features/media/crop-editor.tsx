import { type CSSProperties, type RefObject, useEffect, useId, useRef, useState } from 'react';
import Cropper, { type Area as CropperArea, type MediaSize, type Point } from 'react-easy-crop';
// The cropper would inject these as an inline <style>, which the CSP (style-src 'self') blocks.
import 'react-easy-crop/react-easy-crop.css';
import { useT } from '../../i18n';
import { Button } from '../../ui/button';
import { DialogActions } from '../../ui/modal-dialog';
import { CropControls, MAX_ZOOM, MIN_ZOOM } from './crop-controls';
import {
  type Area,
  type AspectPreset,
  aspectOf,
  freeCropSize,
  type ImageEdit,
  type Rotation,
  rotatedSize,
  type Size,
  toImageEdit,
  turn,
} from './crop-math';
import { CropPreview } from './crop-preview';
import { cropMessages } from './crop.messages';

export type CropShape = 'rect' | 'round';

/** How far one arrow key moves the picture under the crop box, in screen pixels. */
export const CROP_KEYBOARD_STEP_PX = 8;

export interface CropEditorProps {
  file: File;
  /** An object URL of the file, owned (and revoked) by the caller. */
  imageUrl: string;
  /** 'round': avatars, locked to 1:1 with a round mask. */
  shape: CropShape;
  /** The crop and rotation, and a small picture of the result (null if it could not be drawn). */
  onApply: (edit: ImageEdit, previewUrl: string | null) => void;
  onCancel: () => void;
}

/** The same picture decoded once more, for drawing the live preview on a canvas. */
function useDecodedImage(url: string): HTMLImageElement | null {
  const [image, setImage] = useState<HTMLImageElement | null>(null);
  useEffect(() => {
    const element = new Image();
    element.onload = () => setImage(element);
    element.src = url;
    return () => {
      element.onload = null;
    };
  }, [url]);
  return image;
}

/** The crop frame's tallest: a good part of a desktop window, less than half a phone's screen. */
const FRAME_MAX_HEIGHT = 'min(20rem, 45dvh)';

/**
 * The frame has the displayed picture's proportions, as wide as the dialog allows and no taller
 * than FRAME_MAX_HEIGHT, so the picture fills it. Until the picture is decoded, a fixed height.
 */
function frameStyle(picture: Size | null): CSSProperties {
  if (!picture || picture.width <= 0 || picture.height <= 0) return { height: FRAME_MAX_HEIGHT };
  const ratio = picture.width / picture.height;
  return {
    aspectRatio: `${picture.width} / ${picture.height}`,
    width: `min(100%, calc(${FRAME_MAX_HEIGHT} * ${ratio.toFixed(4)}))`,
  };
}

function sameSize(a: Size | null, b: Size): boolean {
  return a !== null && a.width === b.width && a.height === b.height;
}

/** The cropper (react-easy-crop), its controls and the live preview: loaded as its own chunk. */
export function CropEditor({ file, imageUrl: url, shape, onApply, onCancel }: CropEditorProps) {
  const t = useT(cropMessages);
  const hintId = useId();
  const decoded = useDecodedImage(url);
  const previewCanvas = useRef<HTMLCanvasElement>(null);
  const isRound = shape === 'round';
  const [preset, setPreset] = useState<AspectPreset>(isRound ? 'square' : 'original');
  const [freeSize, setFreeSize] = useState({ width: 100, height: 100 });
  const [position, setPosition] = useState<Point>({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [rotation, setRotation] = useState<Rotation>(0);
  const [natural, setNatural] = useState<Size | null>(null);
  /** The largest box the displayed picture allows (turned, and no bigger than the frame). */
  const [freeBounds, setFreeBounds] = useState<Size | null>(null);
  const frame = useRef<HTMLDivElement>(null);
  const [area, setArea] = useState<Area | null>(null);
  const [hasFailed, setHasFailed] = useState(false);
  const cropArea = useRef<RefObject<HTMLDivElement | null> | null>(null);
  // Keyboard users land on the crop area, where the arrow keys move the picture.
  useEffect(() => {
    if (natural) cropArea.current?.current?.focus({ preventScroll: true });
  }, [natural]);

  const aspect = natural ? (aspectOf(preset, natural, rotation) ?? undefined) : undefined;
  const cropSize =
    preset === 'free' && freeBounds ? freeCropSize(freeBounds, freeSize.width, freeSize.height) : undefined;
  const onArea = (_percentages: CropperArea, pixels: CropperArea) => setArea(pixels);

  if (hasFailed) {
    return (
      <div className="mt-3 flex flex-col gap-4 max-sm:flex-1">
        <p role="alert" className="text-slate-700 dark:text-slate-300">
          {t('cannotShowImage', { name: file.name })}
        </p>
        <DialogActions>
          <Button variant="secondary" onClick={onCancel}>
            {t('cancel')}
          </Button>
          <Button onClick={() => onApply({ rotation: 0 }, null)}>{t('uploadWithoutCropping')}</Button>
        </DialogActions>
      </div>
    );
  }
  const apply = () => {
    if (!natural || !area) return;
    const canvas = previewCanvas.current;
    onApply(
      toImageEdit(area, natural, rotation),
      canvas && canvas.width > 0 ? canvas.toDataURL('image/jpeg', 0.85) : null,
    );
  };
  return (
    <div className="mt-3 flex flex-col gap-4 max-sm:flex-1">
      {/* Phones keep it for screen readers only: the picture gets the room. */}
      <p id={hintId} className="text-sm text-slate-600 max-sm:sr-only dark:text-slate-400">
        {t('cropHint')}
      </p>
      {/* The frame takes the picture's shape (no empty bands beside it), at most FRAME_MAX_HEIGHT tall. */}
      <div
        ref={frame}
        className="relative mx-auto w-full shrink-0 overflow-hidden rounded-xl bg-slate-900"
        style={frameStyle(natural ? rotatedSize(natural, rotation) : null)}
      >
        <Cropper
          image={url}
          crop={position}
          zoom={zoom}
          rotation={rotation}
          aspect={aspect ?? 1}
          cropSize={cropSize}
          cropShape={shape}
          showGrid={!isRound}
          minZoom={MIN_ZOOM}
          maxZoom={MAX_ZOOM}
          keyboardStep={CROP_KEYBOARD_STEP_PX}
          onCropChange={setPosition}
          onZoomChange={setZoom}
          onCropComplete={onArea}
          onCropAreaChange={onArea}
          onMediaLoaded={(size: MediaSize) =>
            setNatural({ width: size.naturalWidth, height: size.naturalHeight })
          }
          setMediaSize={(size: MediaSize) => {
            const turned = rotatedSize(size, rotation);
            const next = {
              width: Math.min(turned.width, frame.current?.clientWidth ?? turned.width),
              height: Math.min(turned.height, frame.current?.clientHeight ?? turned.height),
            };
            setFreeBounds((current) => (sameSize(current, next) ? current : next));
          }}
          mediaProps={{ onError: () => setHasFailed(true) }}
          cropperProps={{ role: 'group', 'aria-label': t('cropAreaLabel'), 'aria-describedby': hintId }}
          setCropperRef={(ref) => {
            cropArea.current = ref;
          }}
          disableAutomaticStylesInjection
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-[1fr_auto]">
        <CropControls
          isAspectLocked={isRound}
          preset={preset}
          onPresetChange={setPreset}
          freeSize={freeSize}
          onFreeSizeChange={setFreeSize}
          zoom={zoom}
          onZoomChange={setZoom}
          rotation={rotation}
          onRotate={(direction) => setRotation((current) => turn(current, direction))}
        />
        <CropPreview
          image={decoded}
          area={area}
          rotation={rotation}
          isRound={isRound}
          canvasRef={previewCanvas}
        />
      </div>
      <DialogActions>
        <Button variant="secondary" onClick={onCancel}>
          {t('cancel')}
        </Button>
        <Button onClick={apply} disabled={!natural || !area}>
          {t('apply')}
        </Button>
      </DialogActions>
    </div>
  );
}
