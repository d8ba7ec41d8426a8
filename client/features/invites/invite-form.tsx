import { Copy } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import type { CreateInviteRequest } from '../../../common/contracts/instance';
import { useT } from '../../i18n';
import { Button } from '../../ui/button';
import { invitesMessages } from './invites.messages';

/** Option values are the choices' indexes: a <select> holds strings, and null has no string. */
const USES: CreateInviteRequest['maxUses'][] = [1, 5, 25, null];
const EXPIRY: CreateInviteRequest['expiresInDays'][] = [1, 7, 30, null];
const DEFAULT_USES = 0;
const DEFAULT_EXPIRY = 1;

const LABEL_CLASS = 'text-sm font-medium text-slate-800 dark:text-slate-200';
const CONTROL_CLASS =
  'min-h-11 w-full min-w-0 rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 shadow-sm focus:border-primary-500 focus:outline-2 focus:outline-primary-500/40 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100';

/** "Make an invite link": how often it may be used and how long it lasts. */
export function InviteForm({
  isBusy,
  onMake,
}: {
  isBusy: boolean;
  onMake: (input: CreateInviteRequest) => void;
}) {
  const t = useT(invitesMessages);
  const headingId = useId();
  const [uses, setUses] = useState(DEFAULT_USES);
  const [expiry, setExpiry] = useState(DEFAULT_EXPIRY);
  return (
    <form
      aria-labelledby={headingId}
      className="flex flex-col gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        onMake({ maxUses: USES[uses] ?? 1, expiresInDays: EXPIRY[expiry] ?? 7 });
      }}
    >
      <h3 id={headingId} className="font-semibold">
        {t('formHeading')}
      </h3>
      <div className="flex flex-wrap items-end gap-3">
        <Choice
          label={t('usesLabel')}
          choices={USES.map((n) => (n === null ? t('usesNoLimit') : t('usesTimes', { count: n })))}
          value={uses}
          onChange={setUses}
        />
        <Choice
          label={t('expiryLabel')}
          choices={EXPIRY.map((days) =>
            days === null ? t('expiryNever') : t('expiryDays', { count: days }),
          )}
          value={expiry}
          onChange={setExpiry}
        />
        <Button type="submit" isBusy={isBusy} className="min-h-11">
          {t('makeButton')}
        </Button>
      </div>
    </form>
  );
}

function Choice({
  label,
  choices,
  value,
  onChange,
}: {
  label: string;
  choices: string[];
  value: number;
  onChange: (index: number) => void;
}) {
  const id = useId();
  return (
    <div className="flex min-w-32 flex-1 flex-col gap-1.5 sm:flex-none">
      <label htmlFor={id} className={LABEL_CLASS}>
        {label}
      </label>
      <select
        id={id}
        className={CONTROL_CLASS}
        value={value}
        onChange={(event) => onChange(Number(event.target.value))}
      >
        {choices.map((choice, index) => (
          <option key={index} value={index}>
            {choice}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * The link just made. The server keeps only its hash, so this is the one chance to take it: it
 * takes focus (selected, ready to copy) and sits in an input so a phone can select it too.
 */
export function NewInviteLink({ link }: { link: string }) {
  const t = useT(invitesMessages);
  const inputId = useId();
  const noteId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [copyNote, setCopyNote] = useState<'copied' | 'copyByHand' | null>(null);

  useEffect(() => {
    inputRef.current?.focus();
  }, []);

  const copy = async () => {
    // Emptied first so pressing again reads "Copied." out again.
    setCopyNote(null);
    try {
      await navigator.clipboard.writeText(link);
      setCopyNote('copied');
    } catch {
      // Refused (permissions, or no clipboard outside HTTPS): selected text can still be copied by hand.
      inputRef.current?.focus();
      inputRef.current?.select();
      setCopyNote('copyByHand');
    }
  };

  return (
    <div className="flex min-w-0 flex-col gap-2 rounded-lg border border-primary-200 bg-primary-50 p-4 dark:border-primary-800 dark:bg-primary-950">
      <label htmlFor={inputId} className={LABEL_CLASS}>
        {t('newLinkLabel')}
      </label>
      <input
        ref={inputRef}
        id={inputId}
        type="text"
        readOnly
        value={link}
        aria-describedby={noteId}
        onFocus={(event) => event.currentTarget.select()}
        className={`${CONTROL_CLASS} font-mono sm:text-sm`}
      />
      <p id={noteId} className="text-sm text-slate-700 dark:text-slate-300">
        {t('newLinkNote')}
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="secondary" className="min-h-11" onClick={() => void copy()}>
          <Copy aria-hidden="true" className="size-4 shrink-0" />
          {t('copyButton')}
        </Button>
        <p role="status" className="text-sm font-medium text-slate-800 dark:text-slate-200">
          {copyNote && t(copyNote)}
        </p>
      </div>
    </div>
  );
}
