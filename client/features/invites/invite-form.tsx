import { Copy } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import type { CreateInviteRequest } from '../../../common/contracts/instance';
import { Button } from '../../ui/button';

/** Option values are the choices' indexes: a <select> holds strings, and null has no string. */
const USES: { label: string; value: CreateInviteRequest['maxUses'] }[] = [
  { label: 'Once', value: 1 },
  { label: '5 times', value: 5 },
  { label: '25 times', value: 25 },
  { label: 'No limit', value: null },
];
const EXPIRY: { label: string; value: CreateInviteRequest['expiresInDays'] }[] = [
  { label: '1 day', value: 1 },
  { label: '7 days', value: 7 },
  { label: '30 days', value: 30 },
  { label: 'Never', value: null },
];
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
  const headingId = useId();
  const [uses, setUses] = useState(DEFAULT_USES);
  const [expiry, setExpiry] = useState(DEFAULT_EXPIRY);
  return (
    <form
      aria-labelledby={headingId}
      className="flex flex-col gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        onMake({ maxUses: USES[uses]?.value ?? 1, expiresInDays: EXPIRY[expiry]?.value ?? 7 });
      }}
    >
      <h3 id={headingId} className="font-semibold">
        Make an invite link
      </h3>
      <div className="flex flex-wrap items-end gap-3">
        <Choice label="Can be used" choices={USES} value={uses} onChange={setUses} />
        <Choice label="Expires after" choices={EXPIRY} value={expiry} onChange={setExpiry} />
        <Button type="submit" isBusy={isBusy} className="min-h-11">
          Make invite link
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
  choices: { label: string }[];
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
          <option key={choice.label} value={index}>
            {choice.label}
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
  const inputId = useId();
  const noteId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [copyNote, setCopyNote] = useState('');

  useEffect(() => {
    inputRef.current?.focus();
  }, []);

  const copy = async () => {
    // Emptied first so pressing again reads "Copied." out again.
    setCopyNote('');
    try {
      await navigator.clipboard.writeText(link);
      setCopyNote('Copied.');
    } catch {
      // Refused (permissions, or no clipboard outside HTTPS): selected text can still be copied by hand.
      inputRef.current?.focus();
      inputRef.current?.select();
      setCopyNote('Select the link and copy it.');
    }
  };

  return (
    <div className="flex min-w-0 flex-col gap-2 rounded-lg border border-primary-200 bg-primary-50 p-4 dark:border-primary-800 dark:bg-primary-950">
      <label htmlFor={inputId} className={LABEL_CLASS}>
        New invite link
      </label>
      <input
        ref={inputRef}
        id={inputId}
        type="text"
        readOnly
        value={link}
        aria-describedby={noteId}
        onFocus={(event) => event.currentTarget.select()}
        className={`${CONTROL_CLASS} font-mono text-sm`}
      />
      <p id={noteId} className="text-sm text-slate-700 dark:text-slate-300">
        This link is shown only now. Copy it before you leave this page.
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="secondary" className="min-h-11" onClick={() => void copy()}>
          <Copy aria-hidden="true" className="size-4 shrink-0" />
          Copy link
        </Button>
        <p role="status" className="text-sm font-medium text-slate-800 dark:text-slate-200">
          {copyNote}
        </p>
      </div>
    </div>
  );
}
