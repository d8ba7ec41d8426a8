import { isArgumentElement } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../common/contracts/errors';
import type { Catalog } from './compiled-message';
import de from './messages/de/errors.json';
import pt from './messages/pt/errors.json';

const EXPECTED_KEYS: string[] = [...ERROR_CODES, 'http_error', 'unreachable'];

// Typed as written, but the Vitest config hands over the compiled form (compiled-messages-plugin.ts).
const CATALOGUES = { pt, de } as unknown as Record<string, Catalog>;

describe.each(Object.entries(CATALOGUES))('errors.json (%s)', (_locale, catalogue) => {
  it('words every error code, http_error and unreachable, and nothing else', () => {
    const keys = Object.keys(catalogue);
    expect({
      missing: EXPECTED_KEYS.filter((key) => !keys.includes(key)),
      extra: keys.filter((key) => !EXPECTED_KEYS.includes(key)),
    }).toEqual({ missing: [], extra: [] });
    expect(keys).toEqual(EXPECTED_KEYS);
  });

  it('keeps the status argument of http_error', () => {
    const message = catalogue['http_error'];
    expect(Array.isArray(message)).toBe(true);
    const statusArguments = Array.isArray(message)
      ? message.filter((element) => isArgumentElement(element) && element.value === 'status')
      : [];
    expect(statusArguments).toHaveLength(1);
  });
});
