import { useEffect, useRef } from 'react';

/** Calls back when the returned element comes within `margin` of the viewport. */
export function useNearViewport<T extends Element>(onNear: () => void, margin = '600px') {
  const ref = useRef<T>(null);
  const callback = useRef(onNear);
  useEffect(() => {
    callback.current = onNear;
  });
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) callback.current();
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [margin]);
  return ref;
}
