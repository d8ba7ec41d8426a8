import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';

/**
 * A setting saved the moment it is ticked. The value as ticked is held from that event until the
 * server answers, so a controlled checkbox never flips back while the save starts; a refusal
 * then shows the saved value again. `saved` reads "Saved." once the server has it.
 */
export function useSaveAsTicked<T>(update: UseMutationResult<unknown, Error, T>) {
  const [ticked, setTicked] = useState<T | null>(null);
  const [saved, setSaved] = useState('');
  const choose = (next: T): void => {
    setSaved('');
    setTicked(next);
    update.mutate(next, { onSuccess: () => setSaved('Saved.'), onSettled: () => setTicked(null) });
  };
  return { ticked, saved, choose };
}
