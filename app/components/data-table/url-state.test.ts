import { describe, expect, it } from 'vitest';
import { OrderListQuerySchema } from '#contract/lists';
import { rangeText } from './pagination';
import { lenientSearch, listApiQuery } from './url-state';

const validate = (input: unknown) => lenientSearch(OrderListQuerySchema)['~standard'].validate(input).value;

describe('list URL state', () => {
  it('keeps what validates and drops what does not, never throwing', () => {
    expect(
      validate({ page: 'x', status: '1,3', q: ' ab ', to: '2025-01-01', from: '2025-02-01' }),
    ).toMatchObject({
      page: 1,
      pageSize: 25,
      status: [1, 3],
      q: 'ab',
      from: '2025-02-01',
      to: undefined,
    });
    expect(validate('nonsense')).toMatchObject({ page: 1, order: 'asc', q: '' });
  });

  it('sends order only with a sort, so the server keeps its own default order', () => {
    const plain = validate({ page: 2 });
    expect(listApiQuery(plain)).toEqual({ page: 2, pageSize: 25, q: '' });
    expect(listApiQuery(validate({ sort: 'status', order: 'desc', status: [0, 4] }))).toMatchObject({
      sort: 'status',
      order: 'desc',
      status: [0, 4],
    });
  });

  it('describes the range as people read it', () => {
    expect(rangeText(1, 50, 1_234_567)).toBe('1–50 of 12,34,567');
    expect(rangeText(40_000, 25, 1_000_000)).toBe('9,99,976–10,00,000 of 10,00,000');
    expect(rangeText(3, 25, 60)).toBe('51–60 of 60');
    expect(rangeText(1, 25, 0)).toBe('0 of 0');
  });
});
