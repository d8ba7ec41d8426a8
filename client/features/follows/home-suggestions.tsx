import { lazy, Suspense } from 'react';
import type { HomeSuggestionsProps } from '../timelines';

const WhoToFollow = lazy(() => import('./who-to-follow').then((module) => ({ default: module.WhoToFollow })));

/**
 * What the feed page hands the timelines feature for an empty Home: "Who to follow", loaded when
 * an empty Home first shows it. Nothing stands in for it meanwhile: it comes last in the empty
 * Home, so its arrival moves nothing.
 */
export function HomeSuggestions(props: HomeSuggestionsProps) {
  return (
    <Suspense fallback={null}>
      <WhoToFollow {...props} />
    </Suspense>
  );
}
