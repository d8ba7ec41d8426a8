/** The audit feature's public face: recording what the staff did. */
export type { AuditActor, AuditRecord, AuditService } from './audit.service';
export { createAuditService } from './audit.service';
