import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { showLanguage } from '../../../lib/i18n';
import { renderApp, signInAs } from '../../../test/render-app';

/*
 * The day report in Telugu and Hindi (issue 17): its words, days and amounts in the
 * reader's language; the CSV stays English (data for a spreadsheet).
 */

// Each test starts past nanostores' 1 s unmount delay: switching language while the last
// test's messages are still mounted re-renders nothing when a mounted component has no entry
// in the new language's catalog (@nanostores/i18n keeps waiting for it), and ends in English.
beforeEach(() => new Promise((resolve) => setTimeout(resolve, 1100)));
afterEach(() => showLanguage('en-IN', { remember: false }));

describe('the day report in another language', () => {
  it('reads in Telugu and still exports an English CSV', async () => {
    let saved: Blob | undefined;
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      saved = blob as Blob;
      return 'blob:report';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    await showLanguage('te-IN', { remember: false });
    signInAs('WebAdmin');
    const { user } = await renderApp('/reports/day');
    const figures = await screen.findByRole('region', { name: 'గణాంకాలు' });
    expect(within(figures).getAllByRole('columnheader')[1]).toHaveTextContent('ఈ రోజు26 నవం, 2026');
    const sales = within(figures).getByRole('row', { name: /^డెలివరీ అయిన అమ్మకాలు/ });
    expect(within(sales).getAllByRole('cell')[0]).toHaveTextContent('Rs 4,000.00');
    await user.click(screen.getByRole('button', { name: 'CSV డౌన్‌లోడ్' }));
    const lines = (await saved!.text()).replace(/^\uFEFF/, '').split('\r\n');
    expect(lines).toContain('Delivered sales,4000,3000,2000');
    expect(lines).toContain('Item,Quantity,Amount');
  });

  it('reads in Hindi', async () => {
    await showLanguage('hi-IN', { remember: false });
    signInAs('WebAdmin');
    await renderApp('/reports/day');
    const figures = await screen.findByRole('region', { name: 'आँकड़े' });
    const rate = within(figures).getByRole('row', { name: /^रद्द होने की दर/ });
    expect(within(rate).getAllByRole('cell')[0]).toHaveTextContent('20%');
    expect(screen.getByRole('region', { name: 'क्या बिका' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'दिन की रिपोर्ट' })).toBeInTheDocument();
  });
});
