import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { FailureEnvelopeSchema, failFields, failIssues, issueMessages } from './envelope';
import { OrderBulkSchema } from './order-bulk';
import { ORDER_FORM_DEFAULTS, OrderUpdateSchema } from './order-update';
import { RoleUpsertSchema } from './roles';

/* Record 070: a refusal names the fields its messages are about, errorMessages unchanged. */

const issuesOf = (schema: v.GenericSchema, value: unknown) => v.safeParse(schema, value).issues ?? [];

describe('failIssues', () => {
  it('lists every message as before and names each one’s top-level key', () => {
    const issues = issuesOf(RoleUpsertSchema, { id: 'one', name: '', description: '' });
    const envelope = failIssues(issues);
    expect(envelope.errorMessages).toEqual(issueMessages(issues));
    expect(envelope).toEqual({
      isSuccess: false,
      result: {
        fields: { id: ['Invalid id'], name: ['Role is required'], description: ['Description is required'] },
      },
      errorMessages: ['Invalid id', 'Role is required', 'Description is required'],
    });
    expect(v.is(FailureEnvelopeSchema, envelope)).toBe(true);
  });

  it('names the field a whole-object check is forwarded to', () => {
    // A cancellation (status 4) without its reason: the form's defaults leave it at 0.
    const issues = issuesOf(OrderUpdateSchema, {
      ...ORDER_FORM_DEFAULTS,
      id: 1,
      status: 4,
      orderUnAvailableUserItems: '',
      orderItemsPrice: '',
    });
    expect(failIssues(issues).result).toEqual({
      fields: { cancelledreason: ['Please select a cancelled reason'] },
    });
  });

  it('puts an issue without a path on no field: result stays null when none has one', () => {
    const issues = issuesOf(OrderBulkSchema, { ids: [1], status: 4, cancelledreason: 0 });
    expect(issues.length).toBeGreaterThan(0);
    expect(issues.every((i) => !i.path)).toBe(true);
    expect(failIssues(issues)).toEqual({
      isSuccess: false,
      result: null,
      errorMessages: issueMessages(issues),
    });
  });
});

describe('FailureEnvelopeSchema', () => {
  it('refuses a field message errorMessages does not list, and any other result', () => {
    expect(v.is(FailureEnvelopeSchema, failFields(['A'], { name: ['A'] }))).toBe(true);
    expect(v.is(FailureEnvelopeSchema, failFields(['A'], {}))).toBe(true);
    expect(v.is(FailureEnvelopeSchema, failFields(['A'], { name: ['B'] }))).toBe(false);
    expect(v.is(FailureEnvelopeSchema, { isSuccess: false, result: 'x', errorMessages: ['A'] })).toBe(false);
  });
});
