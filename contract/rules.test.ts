import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  digitsNumber,
  LONE_SURROGATE_MESSAGE,
  optionalText,
  payloadObject,
  requiredText,
  rupees,
  UpsertIdSchema,
} from './rules';

/*
 * The small fixes made to rules.ts while completing the contract: a blank box gets
 * one message, an upsert id is digits only, and missing payload keys say what a blank
 * field says.
 */

/** What a caller sees: each field's messages, by dot path. */
function errors(schema: v.GenericSchema, input: unknown): Record<string, string[]> {
  const r = v.safeParse(schema, input);
  const out: Record<string, string[]> = {};
  for (const issue of r.issues ?? []) (out[v.getDotPath(issue) ?? ''] ??= []).push(issue.message);
  return out;
}

describe('a blank box gets only its "required" message', () => {
  it('requiredText', () => {
    expect(errors(requiredText('Name', 4, 100), '  ')).toEqual({ '': ['Name is required'] });
    expect(errors(requiredText('Name', 4, 100), 'abc')).toEqual({
      '': ['Name must be at least 4 characters long.'],
    });
  });

  it('digitsNumber and rupees', () => {
    const digits = digitsNumber({ max: 10, maxMessage: 'Too big', requiredMessage: 'Needed' });
    expect(errors(digits, '')).toEqual({ '': ['Needed'] });
    expect(errors(digits, 'x')).toEqual({ '': ['Only numbers are allowed.'] });
    const money = rupees({ max: 10, maxMessage: 'Too big', requiredMessage: 'Needed' });
    expect(errors(money, null)).toEqual({ '': ['Needed'] });
    expect(v.parse(money, '9.99')).toBe(999);
  });
});

describe('UpsertIdSchema', () => {
  it('creates on empty, updates on digits, refuses anything else', () => {
    expect(v.parse(UpsertIdSchema, '')).toBe(0);
    expect(v.parse(UpsertIdSchema, undefined)).toBe(0);
    expect(v.parse(UpsertIdSchema, ' 12 ')).toBe(12);
    for (const bad of ['0x10', '1e3', '-1', '1.5', 'abc']) {
      expect(errors(UpsertIdSchema, bad)).toEqual({ '': ['Invalid id'] });
    }
  });
});

describe('payloadObject', () => {
  const Schema = payloadObject({
    name: requiredText('Name', 4, 100),
    price: rupees({ max: 10, maxMessage: 'Too big', requiredMessage: 'Price is required' }),
    id: UpsertIdSchema,
  });

  it("answers a missing key with the field's own message", () => {
    expect(errors(Schema, {})).toEqual({ name: ['Name is required'], price: ['Price is required'] });
  });

  it('answers a body that is not an object plainly', () => {
    expect(errors(Schema, 'text')).toEqual({ '': ['The request body must be a JSON object.'] });
  });
});

describe('text that no database can store as sent', () => {
  it('refuses half a surrogate pair, keeps whole ones (emoji)', () => {
    for (const schema of [requiredText('Name', 1, 50), optionalText('Name', 1, 50)]) {
      expect(v.safeParse(schema, 'ab\uD800').issues?.[0]?.message).toBe(LONE_SURROGATE_MESSAGE);
      expect(v.safeParse(schema, '\uDFFFab').issues?.[0]?.message).toBe(LONE_SURROGATE_MESSAGE);
      expect(v.parse(schema, 'ab 😀 👩‍👩‍👧')).toBe('ab 😀 👩‍👩‍👧');
    }
  });
});
