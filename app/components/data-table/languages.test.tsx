import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { BASE_LANGUAGE, showLanguage, translateWords } from '../../lib/i18n';
import { GoToPage } from './go-to-page';
import { Pagination, rangeText } from './pagination';
import { SelectionBar, type Selection } from './selection';

/* The list grid in Telugu and Hindi (issue 17): its words from the catalogs, counts grouped as India writes them. */

const nothing = () => undefined;
const threeSelected: Selection = {
  ids: new Set([1, 2, 3]),
  allMatching: false,
  count: () => 3,
  has: (id) => id <= 3,
  set: nothing,
  toggle: nothing,
  selectAllMatching: nothing,
  clear: nothing,
  replace: nothing,
};

describe('the list grid in Telugu and Hindi', () => {
  afterEach(() => showLanguage(BASE_LANGUAGE, { remember: false }));

  it('says the range in the language, in lakhs', async () => {
    expect(rangeText(1, 50, 1_234_567)).toBe('1–50 of 12,34,567');
    await showLanguage('hi-IN', { remember: false });
    expect(rangeText(1, 50, 1_234_567)).toBe('12,34,567 में से 1–50');
    expect(rangeText(1, 25, 0)).toBe('0 में से 0');
  });

  it('pages in Telugu', async () => {
    await showLanguage('te-IN', { remember: false });
    render(
      <Pagination
        page={2}
        pageSize={25}
        total={120_000}
        pageCount={4_800}
        noun="ఆర్డర్లు"
        busy={false}
        onPage={nothing}
        onPageSize={nothing}
      />,
    );
    expect(screen.getByRole('navigation', { name: 'ఆర్డర్లు పేజీలు' })).toBeInTheDocument();
    expect(screen.getByText('1,20,000లో 26–50')).toBeInTheDocument();
    expect(screen.getByText('పేజీ 2 / 4,800')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'తదుపరి పేజీ' })).toBeInTheDocument();
    expect(screen.getByLabelText('పేజీకి వరుసలు')).toBeInTheDocument();
  });

  it('refuses a page out of range in the reader’s words', async () => {
    await showLanguage('hi-IN', { remember: false });
    render(<GoToPage pageCount={20_000} onPage={nothing} />);
    await userEvent.setup().type(screen.getByLabelText('पेज पर जाएँ'), '99999{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent('1 से 20,000 तक का पेज नंबर डालें।');
  });

  it('counts the selection with the list’s noun (said through the words table, as the table does)', async () => {
    const bar = () => (
      <SelectionBar selection={threeSelected} pageIds={[1, 2, 3]} total={3} noun={translateWords('order')} />
    );
    const { rerender } = render(bar());
    expect(screen.getByRole('status')).toHaveTextContent('3 orders selected');
    await showLanguage('hi-IN', { remember: false });
    rerender(bar());
    expect(screen.getByRole('status')).toHaveTextContent('3 ऑर्डर चयनित');
    expect(screen.getByRole('button', { name: 'चयन हटाएँ' })).toBeInTheDocument();
  });
});
