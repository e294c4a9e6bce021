import { CANCELLED_REASONS, ORDER_STATUSES, TIME_PERIODS, YES_NO } from '#contract/enums';
import { useWords } from '../../lib/i18n';

/*
 * The choices of every order form (details, bulk change): the code as text, the contract's
 * words in the reader's language (the words table, app/lib/i18n/words.ts).
 */

/** The status choices. */
export function useStatusOptions() {
  const w = useWords();
  return ORDER_STATUSES.map((s) => ({ value: String(s.id), label: w(s.label) }));
}

/** The cancelled reasons as choices. */
export function useReasonOptions() {
  const w = useWords();
  return CANCELLED_REASONS.map((r) => ({ value: String(r.id), label: w(r.label) }));
}

/** Yes and No (the wire's values), in that order or `reversed`. */
export function useYesNoOptions(reversed = false) {
  const w = useWords();
  const values = reversed ? YES_NO.slice().reverse() : YES_NO;
  return values.map((value) => ({ value, label: w(value) }));
}

/** AM and PM (the wire's values). */
export function useTimePeriodOptions() {
  const w = useWords();
  return TIME_PERIODS.map((value) => ({ value, label: w(value) }));
}
