import { RotateCcw, RotateCw, ZoomIn, ZoomOut } from 'lucide-react';
import { useId } from 'react';
import { numberFormat, useLocale, useT } from '../../i18n';
import { Button } from '../../ui/button';
import { ASPECT_PRESETS, type AspectPreset, FREE_CROP_MIN_PERCENT, type Rotation } from './crop-math';
import { type CropMessageKey, cropMessages } from './crop.messages';

/** Zoom range of the cropper: 1 shows the whole picture, 3 a third of each side. */
export const MIN_ZOOM = 1;
export const MAX_ZOOM = 3;

export interface CropControlsProps {
  /** Avatars: the box is locked to 1:1, so no aspect choice is offered. */
  isAspectLocked: boolean;
  preset: AspectPreset;
  onPresetChange: (preset: AspectPreset) => void;
  freeSize: { width: number; height: number };
  onFreeSizeChange: (size: { width: number; height: number }) => void;
  zoom: number;
  onZoomChange: (zoom: number) => void;
  rotation: Rotation;
  onRotate: (direction: 1 | -1) => void;
}

const RANGE = 'h-11 w-full accent-primary-600 sm:h-auto';
/** One tap on a zoom button: a quarter of the way from 1× to 2×. */
export const ZOOM_BUTTON_STEP = 0.25;
/** 44 px square on phones, for thumbs. */
const ICON_BUTTON = 'size-11 shrink-0 px-0 sm:size-10';

const clampZoom = (zoom: number) => Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, zoom));

const ASPECT_LABEL_KEY = {
  original: 'aspectOriginal',
  square: 'aspectSquare',
  portrait: 'aspectPortrait',
  wide: 'aspectWide',
  free: 'aspectFree',
} as const satisfies Record<AspectPreset, CropMessageKey>;

/** Native inputs only: radios, ranges and buttons all work by keyboard without extra code. */
export function CropControls(props: CropControlsProps) {
  const id = useId();
  const t = useT(cropMessages);
  const locale = useLocale();
  const { preset, freeSize, onFreeSizeChange } = props;
  const percent = (value: number) =>
    numberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }).format(value / 100);
  return (
    <div className="grid gap-4 text-sm">
      {!props.isAspectLocked && (
        <fieldset>
          <legend className="font-medium">{t('aspectRatioLegend')}</legend>
          <div className="mt-1 flex flex-wrap gap-2">
            {ASPECT_PRESETS.map((option) => (
              <label
                key={option.value}
                className="flex min-h-11 cursor-pointer items-center gap-1.5 rounded-lg border border-slate-300 px-2.5 sm:min-h-0 sm:py-1.5 has-checked:border-primary-600 has-checked:bg-primary-50 dark:border-slate-700 dark:has-checked:bg-primary-950"
              >
                <input
                  type="radio"
                  name={`${id}-aspect`}
                  value={option.value}
                  checked={preset === option.value}
                  onChange={() => props.onPresetChange(option.value)}
                  className="accent-primary-600"
                />
                {t(ASPECT_LABEL_KEY[option.value])}
              </label>
            ))}
          </div>
        </fieldset>
      )}
      {preset === 'free' && !props.isAspectLocked && (
        <div className="grid gap-3 sm:grid-cols-2">
          <label className="grid gap-1">
            <span className="font-medium">{t('cropWidthLabel')}</span>
            <input
              type="range"
              min={FREE_CROP_MIN_PERCENT}
              max={100}
              value={freeSize.width}
              aria-valuetext={percent(freeSize.width)}
              onChange={(event) => onFreeSizeChange({ ...freeSize, width: Number(event.target.value) })}
              className={RANGE}
            />
          </label>
          <label className="grid gap-1">
            <span className="font-medium">{t('cropHeightLabel')}</span>
            <input
              type="range"
              min={FREE_CROP_MIN_PERCENT}
              max={100}
              value={freeSize.height}
              aria-valuetext={percent(freeSize.height)}
              onChange={(event) => onFreeSizeChange({ ...freeSize, height: Number(event.target.value) })}
              className={RANGE}
            />
          </label>
        </div>
      )}
      <div className="flex flex-wrap items-end gap-x-4 gap-y-2">
        <div className="grid min-w-56 flex-1 gap-1">
          <label htmlFor={`${id}-zoom`} className="font-medium">
            {t('zoomLabel')}
          </label>
          <div className="flex items-center gap-1">
            <Button
              variant="ghost"
              aria-label={t('zoomOutLabel')}
              // For touch: the keyboard has the slider's arrow keys, so Tab skips these.
              tabIndex={-1}
              disabled={props.zoom <= MIN_ZOOM}
              onClick={() => props.onZoomChange(clampZoom(props.zoom - ZOOM_BUTTON_STEP))}
              className={ICON_BUTTON}
            >
              <ZoomOut aria-hidden="true" className="size-5" />
            </Button>
            <input
              id={`${id}-zoom`}
              type="range"
              min={MIN_ZOOM}
              max={MAX_ZOOM}
              step={0.05}
              value={props.zoom}
              aria-valuetext={percent(Math.round(props.zoom * 100))}
              onChange={(event) => props.onZoomChange(Number(event.target.value))}
              className={`min-w-0 flex-1 ${RANGE}`}
            />
            <Button
              variant="ghost"
              aria-label={t('zoomInLabel')}
              tabIndex={-1}
              disabled={props.zoom >= MAX_ZOOM}
              onClick={() => props.onZoomChange(clampZoom(props.zoom + ZOOM_BUTTON_STEP))}
              className={ICON_BUTTON}
            >
              <ZoomIn aria-hidden="true" className="size-5" />
            </Button>
          </div>
        </div>
        <div className="flex items-center gap-2">
          <Button variant="secondary" onClick={() => props.onRotate(-1)} className="min-h-11 px-3 sm:min-h-0">
            <RotateCcw aria-hidden="true" className="size-4" /> {t('rotateLeft')}
          </Button>
          <Button variant="secondary" onClick={() => props.onRotate(1)} className="min-h-11 px-3 sm:min-h-0">
            <RotateCw aria-hidden="true" className="size-4" /> {t('rotateRight')}
          </Button>
          <span
            className="whitespace-nowrap text-slate-600 tabular-nums dark:text-slate-400"
            aria-live="polite"
          >
            {t('rotationDegrees', { degrees: props.rotation })}
          </span>
        </div>
      </div>
    </div>
  );
}
