import { Archive, CircleAlert, Download, LoaderCircle } from 'lucide-react';
import type { DataExportStatus } from '../../../common/contracts/data-export';
import { userMessageOf } from '../../lib/api-client';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import {
  DATA_EXPORT_DOWNLOAD_URL,
  isInProgress,
  useDataExport,
  useRequestDataExport,
} from './data-export.queries';

const day = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const megabytes = new Intl.NumberFormat(undefined, { maximumFractionDigits: 1 });

/** "840 KB", "12.3 MB": enough to know whether to wait for Wi-Fi. */
export function formatSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${megabytes.format(bytes / (1024 * 1024))} MB`;
}

/** The settings page's "Your data": the archive's state, the button, the download. */
export function YourDataSettings() {
  const status = useDataExport();
  const request = useRequestDataExport();
  // Its own line of fixed height while loading, so nothing below it moves when the state arrives.
  if (status.isPending) return <p className="min-h-10 text-slate-600 dark:text-slate-400">Loading…</p>;
  if (status.isError) return <Alert>{userMessageOf(status.error)}</Alert>;
  const current = status.data;
  const mayRequest = !isInProgress(current) && current.nextRequestAt === null;
  return (
    <div className="flex flex-col gap-4">
      <div role="status" aria-live="polite">
        <StateLine status={current} />
      </div>
      {request.error && <Alert>{userMessageOf(request.error)}</Alert>}
      <div className="flex flex-wrap items-center gap-3">
        {current.state === 'ready' && (
          <a
            href={DATA_EXPORT_DOWNLOAD_URL}
            download
            className="inline-flex items-center justify-center gap-2 rounded-lg bg-primary-600 px-4 py-2.5 text-sm font-semibold text-white hover:bg-primary-700 active:bg-primary-800"
          >
            <Download aria-hidden="true" className="size-4" />
            Download the archive
          </a>
        )}
        <Button
          variant={current.state === 'ready' ? 'secondary' : 'primary'}
          isBusy={request.isPending}
          disabled={!mayRequest}
          onClick={() => request.mutate()}
        >
          <Archive aria-hidden="true" className="size-4" />
          Request an archive
        </Button>
      </div>
      {current.nextRequestAt !== null && !isInProgress(current) && (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          You can ask for a new archive after {dateTime.format(new Date(current.nextRequestAt))}.
        </p>
      )}
    </div>
  );
}

function StateLine({ status }: { status: DataExportStatus }) {
  switch (status.state) {
    case 'none':
      return (
        <p className="text-slate-700 dark:text-slate-300">
          Ask for an archive, and we will tell you when it is ready to download.
        </p>
      );
    case 'pending':
    case 'building':
      return (
        <p className="flex items-center gap-2 text-slate-700 dark:text-slate-300">
          <LoaderCircle
            aria-hidden="true"
            className="size-4 shrink-0 animate-spin motion-reduce:animate-none"
          />
          {status.state === 'pending' ? 'Your archive is waiting its turn…' : 'Your archive is being made…'}{' '}
          We will notify you and send an e-mail when it is ready.
        </p>
      );
    case 'ready':
      return (
        <p className="text-slate-700 dark:text-slate-300">
          Your archive is ready
          {status.sizeBytes !== null && <> ({formatSize(status.sizeBytes)})</>}
          {status.expiresAt !== null && <>. It is kept until {day.format(new Date(status.expiresAt))}</>}.
        </p>
      );
    case 'failed':
      return (
        <p className="flex items-center gap-2 text-red-800 dark:text-red-200">
          <CircleAlert aria-hidden="true" className="size-4 shrink-0" />
          Your archive could not be made. Ask for a new one; if it fails again, tell the admins.
        </p>
      );
  }
}
