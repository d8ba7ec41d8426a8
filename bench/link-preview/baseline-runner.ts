import { baselinePreview, routeGlobalFetchToLoopback, silenceBaselineWarnings } from './baseline';
import { NO_FIELDS } from './corpus-score';
import { serveRun } from './fetch-runner';

/** link-preview-js 4.0.4 through the same origin, for the baseline figures. */
serveRun(async (request) => {
  await routeGlobalFetchToLoopback(request.originPort);
  silenceBaselineWarnings();
  return async (url) => {
    const result = await baselinePreview(url);
    return result.ok ? { ok: true, fields: result.fields } : { ok: false, fields: NO_FIELDS };
  };
});
