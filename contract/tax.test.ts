import { describe, expect, it } from 'vitest';
import {
  billKind,
  financialYear,
  GSTIN_MESSAGES,
  gstinCheckCharacter,
  gstinProblem,
  gstSplit,
  invoiceNumber,
} from './tax';

describe('gstSplit', () => {
  it('splits a total into taxable + CGST + SGST that add up to it, to the paisa', () => {
    for (let total = 0; total < 200_000; total += 7) {
      const { taxable, cgst, sgst } = gstSplit(total);
      expect(taxable + cgst + sgst).toBe(total);
      expect(cgst).toBe(sgst);
      // round(total × 2.5 / 105), half up.
      expect(cgst).toBe(Math.round((total * 2.5) / 105 + 1e-9));
    }
    // Rs 105.00 → taxable Rs 100.00, CGST Rs 2.50, SGST Rs 2.50.
    expect(gstSplit(10_500)).toEqual({ taxable: 10_000, cgst: 250, sgst: 250 });
  });
});

describe('GSTIN', () => {
  it('computes the check character of a published GSTIN', () => {
    expect(gstinCheckCharacter('27AAPFU0939F1Z')).toBe('V');
  });

  it('accepts a right one for the store’s state and names what is wrong with the others', () => {
    const ts = `36AAPFU0939F1Z${gstinCheckCharacter('36AAPFU0939F1Z')}`;
    expect(gstinProblem(ts, 'Telangana')).toBeNull();
    expect(gstinProblem(ts, 'Andhra Pradesh')).toBe(GSTIN_MESSAGES.state('Andhra Pradesh', '37'));
    expect(gstinProblem(ts.slice(0, 14), 'Telangana')).toBe(GSTIN_MESSAGES.shape);
    expect(gstinProblem(ts.toLowerCase(), 'Telangana')).toBe(GSTIN_MESSAGES.shape);
    const wrong = ts.slice(0, 14) + (ts[14] === 'A' ? 'B' : 'A');
    expect(gstinProblem(wrong, 'Telangana')).toBe(GSTIN_MESSAGES.check);
  });
});

describe('bills and numbers', () => {
  it('picks the bill by GSTIN and scheme', () => {
    expect(billKind({ gstin: null, taxScheme: 'Regular' })).toBe('Bill');
    expect(billKind({ gstin: '36…', taxScheme: 'Regular' })).toBe('Tax Invoice');
    expect(billKind({ gstin: '36…', taxScheme: 'Composition' })).toBe('Bill of Supply');
  });

  it('turns the financial year over on 1 April in India, whatever the UTC date', () => {
    // 31 March 2027 23:59 IST is 18:29 UTC; 1 April 00:00 IST is 31 March 18:30 UTC.
    expect(financialYear(Date.parse('2027-03-31T18:29:59Z'))).toBe('2627');
    expect(financialYear(Date.parse('2027-03-31T18:30:00Z'))).toBe('2728');
    expect(financialYear(Date.parse('2026-11-26T12:00:00Z'))).toBe('2627');
    expect(financialYear(Date.parse('2099-06-01T00:00:00Z'))).toBe('9900');
  });

  it('writes invoice numbers of at most 16 characters', () => {
    expect(invoiceNumber(12, '2627', 45)).toBe('S12/2627/000045');
    expect(invoiceNumber(1234, '2627', 45)).toBe('S1234/2627/00045');
    expect(invoiceNumber(12, '2627', 1_234_567)).toBe('S12/2627/1234567');
    expect(() => invoiceNumber(123456, '2627', 1_234_567)).toThrow();
  });
});
