// The audit module's public face: what other modules, the composition root and the jobs may use.
export { type AuditEntryInput, type AuditRef, listAuditEntries, writeAuditEntries, writeAuditEntry } from './audit.repository.ts';
export { appraiserHistory, submissionTimeline } from './audit.service.ts';
