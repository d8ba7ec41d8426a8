import type { Editor } from '@tiptap/core';
import { useState } from 'react';
import { POST_BODY_MAX_LENGTH } from '../../../common/contracts/limits';
import { useT } from '../../i18n';
import { composerMessages } from './composer.messages';
import { useEditorValue } from './use-editor-value';

/** Below this many characters left the count shows; above it, it only describes the field. */
const VISIBLE_BELOW = 200;
/** Crossing one of these (going down) is announced once, politely; every keystroke would be noise. */
const ANNOUNCE_AT = [200, 100, 50, 20, 10, 0];

export function remainingCharacters(editor: Editor): number {
  return POST_BODY_MAX_LENGTH - editor.storage.characterCount.characters();
}

function bandOf(remaining: number): number | null {
  return ANNOUNCE_AT.findLast((limit) => remaining <= limit) ?? null;
}

export function CharacterCounter({ editor, id }: { editor: Editor; id: string }) {
  const t = useT(composerMessages);
  const remaining = useEditorValue(editor, remainingCharacters, POST_BODY_MAX_LENGTH);
  const [band, setBand] = useState(() => bandOf(remaining));
  /** The count last announced, or null for silence. */
  const [announced, setAnnounced] = useState<number | null>(null);
  const currentBand = bandOf(remaining);
  // Derived during render (React's "adjust state on prop change"), so there is no effect cascade.
  if (currentBand !== band) {
    setBand(currentBand);
    setAnnounced(currentBand === null ? null : remaining);
  }
  const label = t('charactersLeft', { remaining });
  return (
    <>
      <span
        id={id}
        className={`text-sm tabular-nums ${remaining <= 0 ? 'font-semibold text-red-700 dark:text-red-400' : 'text-slate-600 dark:text-slate-400'}`}
      >
        {remaining < VISIBLE_BELOW ? label : <span className="sr-only">{label}</span>}
      </span>
      <span aria-live="polite" className="sr-only">
        {announced === null ? '' : t('charactersLeft', { remaining: announced })}
      </span>
    </>
  );
}
