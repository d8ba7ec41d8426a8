import { Archive, CircleAlert, Download, LoaderCircle } from 'lucide-react';
import type { DataExportStatus } from '../../../common/contracts/data-export';
import { currentLocale, numberFormat, translate, useLocale, useT } from '../../i18n';
import { userMessageOf } from '../../lib/api-client';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import {
  DATA_EXPORT_DOWNLOAD_URL,
  isInProgress,
  useDataExport,
  useRequestDataExport,
} from './data-export.queries';
import { dataExportMessages } from './data-export.messages';

/** "840 KB", "12.3 MB": enough to know whether to wait for Wi-Fi. */
export function formatSize(bytes: number): string {
  const t = translate(dataExportMessages);
  if (bytes < 1024 * 1024) return t('sizeKilobytes', { size: Math.max(1, Math.round(bytes / 1024)) });
  return t('sizeMegabytes', {
    size: numberFormat(currentLocale(), { maximumFractionDigits: 1 }).format(bytes / (1024 * 1024)),
  });
}

/** The settings page's "Your data": the archive's state, the button, the download. */
export function YourDataSettings() {
  const t = useT(dataExportMessages);
  const locale = useLocale();
  const status = useDataExport();
  const request = useRequestDataExport();
  // Its own line of fixed height while loading, so nothing below it moves when the state arrives.
  if (status.isPending) return <p className="min-h-10 text-slate-600 dark:text-slate-400">{t('loading')}</p>;
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
            {t('downloadLink')}
          </a>
        )}
        <Button
          variant={current.state === 'ready' ? 'secondary' : 'primary'}
          isBusy={request.isPending}
          disabled={!mayRequest}
          onClick={() => request.mutate()}
        >
          <Archive aria-hidden="true" className="size-4" />
          {t('requestButton')}
        </Button>
      </div>
      {current.nextRequestAt !== null && !isInProgress(current) && (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {t('nextRequestAt', {
            date: new Date(current.nextRequestAt).toLocaleString(locale, {
              dateStyle: 'medium',
              timeStyle: 'short',
            }),
          })}
        </p>
      )}
    </div>
  );
}

function StateLine({ status }: { status: DataExportStatus }) {
  const t = useT(dataExportMessages);
  const locale = useLocale();
  switch (status.state) {
    case 'none':
      return <p className="text-slate-700 dark:text-slate-300">{t('stateNone')}</p>;
    case 'pending':
    case 'building':
      return (
        <p className="flex items-center gap-2 text-slate-700 dark:text-slate-300">
          <LoaderCircle
            aria-hidden="true"
            className="size-4 shrink-0 animate-spin motion-reduce:animate-none"
          />
          {status.state === 'pending' ? t('statePending') : t('stateBuilding')}
        </p>
      );
    case 'ready': {
      const size = status.sizeBytes === null ? null : formatSize(status.sizeBytes);
      const date =
        status.expiresAt === null
          ? null
          : new Date(status.expiresAt).toLocaleDateString(locale, { dateStyle: 'medium' });
      return (
        <p className="text-slate-700 dark:text-slate-300">
          {size === null
            ? date === null
              ? t('stateReady')
              : t('stateReadyUntil', { date })
            : date === null
              ? t('stateReadyWithSize', { size })
              : t('stateReadyWithSizeUntil', { size, date })}
        </p>
      );
    }
    case 'failed':
      return (
        <p className="flex items-center gap-2 text-red-800 dark:text-red-200">
          <CircleAlert aria-hidden="true" className="size-4 shrink-0" />
          {t('stateFailed')}
        </p>
      );
  }
}
