import { describe, expect, it } from 'vitest';
import { i18n } from './i18n';
import { params } from './params';

const messages = i18n('test/params', {
  saved: params('View “{name}” saved for {who}.'),
  twice: params('{a} and {a}'),
});

describe('params', () => {
  it('puts a value in as it is, replacement patterns and braces included', () => {
    const t = messages.get();
    expect(t.saved({ name: 'Cash $& carry $1', who: '{name}' })).toBe(
      'View “Cash $& carry $1” saved for {name}.',
    );
    expect(t.twice({ a: 7 })).toBe('7 and 7');
  });
});
