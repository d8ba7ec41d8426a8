/** Why a fetch produced no document. Expected failures are values, not exceptions. */
export type FetchFailureCode =
  | 'invalid_url'
  | 'forbidden_address'
  | 'timeout'
  | 'too_many_redirects'
  | 'bad_redirect'
  | 'upstream_status'
  | 'too_large'
  | 'unsupported_content'
  | 'fetch_failed';

export interface FetchFailure {
  ok: false;
  code: FetchFailureCode;
  /** The origin's HTTP status, for upstream_status only (logged, never shown). */
  status?: number;
}

export function fetchFailure(code: FetchFailureCode, status?: number): FetchFailure {
  return status === undefined ? { ok: false, code } : { ok: false, code, status };
}
