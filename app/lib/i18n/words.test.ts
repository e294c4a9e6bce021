import { describe, expect, it } from 'vitest';
import {
  PAYMENT_TYPE_LABELS,
  ORDER_STATUSES,
  CANCELLED_REASONS,
  STATES,
  COUNTRIES,
  YES_NO,
} from '#contract/enums';
import { CATEGORY_LABELS } from '#contract/categories';
import { ITEM_LABELS } from '#contract/items';
import { VIEW_LABELS, VIEW_SHARE_LABELS } from '#contract/list-views';
import { ORDER_FIELD_LABELS } from '#contract/order-update';
import { staleSaveMessage } from '#contract/versions';
import { USER_LABELS, USER_MESSAGES } from '#contract/users';
import { LOGIN_FAILED_MESSAGE, LOGIN_LOCKED_MESSAGE } from '#contract/auth';
import te from './messages.te-IN.json';
import hi from './messages.hi-IN.json';
import { translateWords } from './words';
import { WORDS } from './words-english';

const telugu = te.words as Record<string, string>;
const hindi = hi.words as Record<string, string>;

describe('the words table: what the API says, in the reader’s language', () => {
  it('says a field’s message with the field’s own name translated', () => {
    expect(translateWords('Name is required.', telugu)).toBe('పేరు తప్పనిసరి.');
    expect(translateWords('Address 1 must be at least 4 characters long.', hindi)).toBe(
      'पता 1 कम से कम 4 अक्षर का होना चाहिए।',
    );
    expect(translateWords('Pincode is required', telugu)).toBe('పిన్‌కోడ్ తప్పనిసరి');
  });

  it('takes the specific message before the general pattern', () => {
    expect(translateWords('Items count must be between 1 and 999.', telugu)).toBe(
      'ఐటమ్‌ల సంఖ్య 1 నుండి 999 మధ్య ఉండాలి.',
    );
    expect(translateWords('Minutes must be between 0 and 59.', telugu)).toBe('నిమిషాలు 0 నుండి 59 మధ్య ఉండాలి.');
    expect(translateWords('Role WebAdmin already exists.', hindi)).toBe('भूमिका WebAdmin पहले से मौजूद है।');
  });

  it('translates a stale save with the record’s name, keeping who and when', () => {
    const message = staleSaveMessage('order', { by: 'Ravi Kumar', at: '2026-11-24T09:35:00Z' });
    const said = translateWords(message, telugu);
    expect(said).toContain('Ravi Kumar');
    expect(said).toContain('ఆర్డర్');
    expect(said).not.toContain('Nothing was saved');
  });

  it('leaves text it does not know as it is, and English as English', () => {
    expect(translateWords('Anil Kumar', telugu)).toBe('Anil Kumar');
    expect(translateWords('Name is required.')).toBe('Name is required.');
  });

  it('holds every label and message the contract exports for the screens', () => {
    const phrases = [
      ...ORDER_STATUSES.map((s) => s.label),
      ...Object.values(PAYMENT_TYPE_LABELS),
      ...CANCELLED_REASONS.map((r) => r.label),
      ...STATES,
      ...COUNTRIES,
      ...YES_NO,
      ...Object.values(CATEGORY_LABELS),
      ...Object.values(ITEM_LABELS),
      ...Object.values(USER_LABELS),
      ...Object.values(ORDER_FIELD_LABELS),
      ...Object.values(VIEW_LABELS),
      ...Object.values(VIEW_SHARE_LABELS),
      ...Object.values(USER_MESSAGES).map((m) => (typeof m === 'string' ? m : null)),
      USER_MESSAGES.unknownRole('WebAdmin'),
      USER_MESSAGES.hasOrders(1),
      USER_MESSAGES.hasOrders(12),
      LOGIN_FAILED_MESSAGE,
      LOGIN_LOCKED_MESSAGE,
    ];
    const all = phrases.filter((p): p is string => p !== null);
    // Each is a phrase of the table, or a message its patterns say.
    expect(all.filter((p) => WORDS[p] === undefined && translateWords(p, telugu) === p)).toEqual([]);
    expect(all.filter((p) => translateWords(p, telugu) === p && !/^[A-Z]+$/.test(p))).toEqual([]);
  });
});
