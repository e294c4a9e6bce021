import * as v from 'valibot';
import { queryInt } from './lists';
import { IdSchema, MAX_ID, payloadObject, requiredText } from './rules';

/*
 * An order's life (issue 16): its audit trail as gethistory answers it, paged, and the
 * internal notes staff leave on it. A note is an entry of the trail itself (action
 * 'note'), so the timeline is one ordered read; removing one adds a 'note-remove' entry
 * and the note's text is no longer answered (record 053).
 */

/** The trail's page size when the caller names none, and the most one page may hold. */
export const HISTORY_PAGE_MAX = 100;

/** gethistory query: entries after `after` (an entry id; none: from the first), `limit` of them. */
export const OrderHistoryQuerySchema = v.object({
  after: queryInt(1, MAX_ID, 'After must be a history entry id.'),
  limit: queryInt(1, HISTORY_PAGE_MAX, `Limit must be a whole number from 1 to ${HISTORY_PAGE_MAX}.`),
});
/** gethistory query. */
export type OrderHistoryQuery = v.InferOutput<typeof OrderHistoryQuerySchema>;

/** The actions an order's trail holds. */
export type OrderHistoryAction = 'create' | 'update' | 'remove' | 'note' | 'note-remove' | 'take';

/** One entry of an order's audit trail (gethistory). */
export const OrderHistoryEntrySchema = v.object({
  id: v.number(),
  /** ISO-8601 instant (UTC). */
  at: v.string(),
  /** Who wrote it (null if that user is gone). */
  userId: v.nullable(v.number()),
  userName: v.string(),
  /** 'create' | 'update' | 'note' | 'note-remove' | 'take' (see OrderHistoryAction). */
  action: v.string(),
  /**
   * For updates { field: [before, after] }; for a creation the order's values; for a note
   * { text } (text null once removed, with removedBy and removedAt); for a note's removal
   * { noteId }.
   */
  changes: v.record(v.string(), v.unknown()),
});
/** One entry of an order's trail. */
export type OrderHistoryEntry = v.InferOutput<typeof OrderHistoryEntrySchema>;
/** An order's audit trail (one page of it), oldest first. */
export const OrderHistorySchema = v.array(OrderHistoryEntrySchema);
/** An order's audit trail. */
export type OrderHistory = v.InferOutput<typeof OrderHistorySchema>;

/** The longest note (issue 16). */
export const ORDER_NOTE_MAX = 500;
/** The note form's field as labelled. */
export const ORDER_NOTE_LABELS = { text: 'Note' } as const;

/** addnote payload: the order and the note's text (trimmed, 1–500 characters). */
export const OrderNoteAddSchema = payloadObject({
  orderId: IdSchema,
  text: requiredText(ORDER_NOTE_LABELS.text, 1, ORDER_NOTE_MAX),
});
/** The note form's values. */
export type OrderNoteAddInput = v.InferInput<typeof OrderNoteAddSchema>;

/** removenote path: the note's entry id. */
export const NOTE_NOT_FOUND_MESSAGE = 'Note not found';
