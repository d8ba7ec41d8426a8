import { useEffect, useState } from 'react';
import { useT } from '../../i18n';
import { Button } from '../../ui/button';
import { DialogActions, ModalDialog } from '../../ui/modal-dialog';
// Type-only: a value import here would pull the cropper into the first page's bundle.
import type * as CropEditorExports from './crop-editor';
import type { CropEditorProps } from './crop-editor';
import { mediaMessages } from './media.messages';

type CropEditorModule = typeof CropEditorExports;

let loading: Promise<CropEditorModule> | null = null;
let loaded: CropEditorModule | null = null;

/**
 * The cropper (react-easy-crop and its styles) is its own chunk, fetched when someone is about to
 * add an image (pointing at or focusing "Add images", dragging a file over the composer) or, at
 * the latest, when the dialog opens.
 */
export function preloadCropEditor(): Promise<CropEditorModule> {
  loading ??= import('./crop-editor').then(
    (module) => (loaded = module),
    (error: unknown) => {
      loading = null; // a later attempt may succeed (e.g. after a flaky network)
      throw error;
    },
  );
  return loading;
}

function useCropEditorModule(): { module: CropEditorModule | null; hasFailed: boolean } {
  const [module, setModule] = useState(loaded);
  const [hasFailed, setHasFailed] = useState(false);
  useEffect(() => {
    if (module) return;
    let isActive = true;
    preloadCropEditor().then(
      (next) => isActive && setModule(next),
      () => isActive && setHasFailed(true),
    );
    return () => {
      isActive = false;
    };
  }, [module]);
  return { module, hasFailed };
}

export interface CropDialogProps extends CropEditorProps {
  title: string;
  /** Changes for each new file, so the editor starts afresh while the dialog stays open. */
  fileKey: string;
}

/** The modal around the crop editor; it opens at once and shows the editor when its chunk is in. */
export function CropDialog({ title, fileKey, ...editor }: CropDialogProps) {
  const t = useT(mediaMessages);
  const { module, hasFailed } = useCropEditorModule();
  let body;
  if (module) body = <module.CropEditor key={fileKey} {...editor} />;
  else if (hasFailed) {
    body = (
      <div className="mt-3 flex flex-col gap-4 max-sm:flex-1">
        <p role="alert" className="text-red-700 dark:text-red-400">
          {t('cropEditorLoadFailed')}
        </p>
        <DialogActions>
          <Button variant="secondary" onClick={editor.onCancel}>
            {t('close')}
          </Button>
        </DialogActions>
      </div>
    );
  } else {
    body = (
      <p role="status" className="mt-3 py-8 text-center text-slate-600 dark:text-slate-400">
        {t('cropEditorOpening')}
      </p>
    );
  }
  return (
    <ModalDialog title={title} onCancel={editor.onCancel} widthClassName="w-[min(46rem,calc(100%-2rem))]">
      {body}
    </ModalDialog>
  );
}
