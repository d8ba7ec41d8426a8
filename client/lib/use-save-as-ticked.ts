import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import { useT } from '../i18n';
import { libMessages } from './lib.messages';

/**
 * A setting saved the moment it is ticked. The value as ticked is held from that event until the
 * server answers, so a controlled checkbox never flips back while the save starts; a refusal
 * then shows the saved value again. `saved` reads "Saved." once the server has it.
 */
export function useSaveAsTicked<T>(update: UseMutationResult<unknown, Error, T>) {
  const t = useT(libMessages);
  const [ticked, setTicked] = useState<T | null>(null);
  const [isSaved, setIsSaved] = useState(false);
  const choose = (next: T): void => {
    setIsSaved(false);
    setTicked(next);
    update.mutate(next, { onSuccess: () => setIsSaved(true), onSettled: () => setTicked(null) });
  };
  return { ticked, saved: isSaved ? t('saved') : '', choose };
}
