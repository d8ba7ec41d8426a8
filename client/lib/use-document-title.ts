import { useEffect } from 'react';
import { useInstance } from './instance';

/** The name every title ends with until the instance's own name has arrived. */
const DEFAULT_NAME = 'Tidings';

export function useDocumentTitle(title: string): void {
  const { data: instance } = useInstance();
  const name = instance?.name ?? DEFAULT_NAME;
  useEffect(() => {
    document.title = `${title} · ${name}`;
  }, [title, name]);
}
