import type { FastifyInstance } from 'fastify';
import { routes } from '../../../common/api/routes';
import { defineRoute } from '../../http/route-table';
import { requireUser } from '../auth';
import type { DataExportService } from './data-export.service';

export function registerDataExportRoutes(
  api: FastifyInstance,
  { dataExport }: { dataExport: DataExportService },
): void {
  defineRoute(api, routes['dataExport.status'], async (request) => ({
    export: await dataExport.status(requireUser(request).id),
  }));

  defineRoute(api, routes['dataExport.request'], async (request, _reply, input) => {
    input.body();
    const status = await dataExport.request(requireUser(request).id);
    request.log.info('data export asked for');
    return { export: status };
  });

  // A plain link downloads it, and a link cannot carry X-Requested-With; the session still must.
  defineRoute(
    api,
    routes['dataExport.download'],
    { config: { readableWithoutHeader: true } },
    async (request) => dataExport.download(requireUser(request).id),
  );
}
