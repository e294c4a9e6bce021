import { CANCELLED_REASONS, ORDER_STATUSES } from '#contract/enums';

/** The status choices of every order form (details, bulk change): the code as text, its words. */
export const STATUS_OPTIONS = ORDER_STATUSES.map((s) => ({ value: String(s.id), label: s.label }));
/** The cancelled reasons as choices. */
export const REASON_OPTIONS = CANCELLED_REASONS.map((r) => ({ value: String(r.id), label: r.label }));
