/** The data-export feature's public face: what other features may use of it. */
export type { DataExportFeature } from './data-export.plugin';
export type { DataExportService } from './data-export.service';
export type { DataExportJob } from './data-export.job';
