import { list } from '../endpoint';
import { store } from '../store';

/** The audit trail, newest first, as stored (the server filters, searches and sorts it). */
export const auditHandlers = [list('listAudit', () => [...store.audit.values()].reverse())];
