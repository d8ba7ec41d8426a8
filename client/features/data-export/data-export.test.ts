import { describe, expect, it } from 'vitest';
import type { DataExportStatus } from '../../../common/contracts/data-export';
import { DATA_EXPORT_DOWNLOAD_URL, isInProgress } from './data-export.queries';
import { formatSize } from './your-data-settings';

const status = (state: DataExportStatus['state']): DataExportStatus => ({
  state,
  requestedAt: null,
  readyAt: null,
  sizeBytes: null,
  expiresAt: null,
  nextRequestAt: null,
});

describe('the "Your data" section', () => {
  it('asks again only while the archive is on its way', () => {
    expect(isInProgress(status('pending'))).toBe(true);
    expect(isInProgress(status('building'))).toBe(true);
    for (const state of ['none', 'ready', 'failed'] as const) expect(isInProgress(status(state))).toBe(false);
    expect(isInProgress(undefined)).toBe(false);
  });

  it('downloads from the route table’s address', () => {
    expect(DATA_EXPORT_DOWNLOAD_URL).toBe('/api/v1/me/data-export/download');
  });

  it('gives sizes in KB below a megabyte, in MB above', () => {
    expect(formatSize(200)).toBe('1 KB');
    expect(formatSize(840 * 1024)).toBe('840 KB');
    expect(formatSize(12.34 * 1024 * 1024)).toMatch(/^12[.,]3 MB$/);
  });
});
