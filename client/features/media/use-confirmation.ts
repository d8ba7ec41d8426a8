import { useCallback, useState } from 'react';

/**
 * A question asked with a dialog and awaited like a function call: `ask()` resolves with the
 * answer once the dialog (shown while `isOpen`) is settled.
 */
export function useConfirmation() {
  const [resolve, setResolve] = useState<((answer: boolean) => void) | null>(null);
  const ask = useCallback(() => new Promise<boolean>((done) => setResolve(() => done)), []);
  const settle = (answer: boolean) => {
    resolve?.(answer);
    setResolve(null);
  };
  return { ask, isOpen: resolve !== null, settle };
}
