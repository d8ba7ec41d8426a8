import type { Platform } from '../../platform/platform';
import type { NotificationsService } from '../notifications';
import { startDataExportJob, type DataExportJob } from './data-export.job';
import { registerDataExportRoutes } from './data-export.routes';
import { createDataExportService, type DataExportService } from './data-export.service';

export interface DataExportFeature {
  service: DataExportService;
  /** The background job; tests run its rounds themselves. */
  job: DataExportJob;
}

/** "Your data": the account asks, a background job on any node builds the archive, it downloads it. */
export function dataExportFeature(
  platform: Platform,
  { notifications }: { notifications: NotificationsService },
): DataExportFeature {
  const { app, config, db, instance, mail, storage } = platform;
  const job = startDataExportJob({
    db,
    storage,
    notifications,
    mail,
    instanceName: async () => (await instance.current()).name,
    publicUrl: config.publicUrl,
    log: app.log,
  });
  // Before storage and the database close: the build in progress finishes or fails cleanly.
  app.addHook('onClose', async () => job.stop());
  const service = createDataExportService({ db, storage, wake: () => job.wake() });
  platform.apiRoutes((api) => registerDataExportRoutes(api, { dataExport: service }));
  return { service, job };
}
