import { describe, expect, it } from 'vitest';
import { formats } from './format';

describe('money', () => {
  it.each(['en-IN', 'te-IN', 'hi-IN'])('%s: "Rs" and the amount never part at a line break', (code) => {
    // A no-break space: a narrow phone column wrapped "Rs" onto a line of its own.
    expect(formats(code).money(120000.5)).toBe('Rs\u00a01,20,000.50');
    expect(formats(code).money(0)).toBe('Rs\u00a00.00');
  });
});
