/**
 * The user-admin feature's public face: the staff's list of accounts (search, filter, roles,
 * suspensions, forced password resets) and the audit log of what staff did.
 */
export { AdminUserList } from './admin-user-list';
export { AuditLog } from './audit-log';
export { type AccountSearch, adminUserFilterOf, UserSearch } from './user-search';
