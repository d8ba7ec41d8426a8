import { useEffect, useRef, useState } from 'react';

/**
 * Calls back when the element given to the returned ref comes within `margin` of the viewport.
 * A callback ref, not a ref object: the element often mounts after the hook's first effect
 * (a list shows a spinner first), and the observer must start when it does.
 */
export function useNearViewport<T extends Element>(onNear: () => void, margin = '600px') {
  const [element, setElement] = useState<T | null>(null);
  const callback = useRef(onNear);
  useEffect(() => {
    callback.current = onNear;
  });
  useEffect(() => {
    if (!element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) callback.current();
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, margin]);
  return setElement;
}
