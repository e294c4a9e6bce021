import { AUDIT_ACTION_LABELS, AUDIT_ENTITY_LABELS, AUDIT_SORT_COLUMNS, type AuditRow } from '#contract/audit';
import { columnHelperFor, labelCell, listOf, pageQuery } from '../../components/data-table';
import { i18n, wordChoices } from '../../lib/i18n';
import { recordLink } from '../../lib/record-links';

const messages = i18n('audit/list', {
  title: 'Audit trail',
  noun: 'entry',
  search: 'Search by user',
  searchPlaceholder: 'Start of a user’s name',
  when: 'When',
  who: 'Who',
  entity: 'Record',
  action: 'Action',
  changes: 'What changed',
});

/** One page of the trail, as the URL describes it (the route's loader and the table share it). */
export const auditPage = pageQuery('listAudit', 'audit');

const helper = columnHelperFor<AuditRow>();

/** The audit trail (BlueTikAdmin): who changed what, newest first; a row opens the record it names. */
export const useAuditList = listOf(messages, (t, f) => ({
  columns: helper.columns([
    helper.accessor('at', { header: t.when, cell: (c) => f.dateTime(c.getValue()) }),
    helper.accessor('userName', { header: t.who, meta: { wrap: true } }),
    helper.accessor('entity', { header: t.entity, cell: labelCell(AUDIT_ENTITY_LABELS) }),
    helper.accessor('action', { header: t.action, cell: labelCell(AUDIT_ACTION_LABELS) }),
    helper.accessor('changes', { header: t.changes, meta: { wrap: true } }),
  ]),
  queryFor: auditPage,
  sortColumns: AUDIT_SORT_COLUMNS,
  defaultSort: { id: 'at', desc: true },
  rowLink: (row: AuditRow) => recordLink(row.entity, row.entityId),
  rowLinkWord: 'open',
  filters: [
    { key: 'entity', label: t.entity, kind: 'select', options: wordChoices(AUDIT_ENTITY_LABELS) },
    { key: 'action', label: t.action, kind: 'select', options: wordChoices(AUDIT_ACTION_LABELS) },
  ],
}));
