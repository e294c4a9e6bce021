import { expect, type Page } from '@playwright/test';

/*
 * The XSS spec's kit (e2e/xss.spec.ts): the payload corpus, and the watchers that prove
 * nothing ran and every payload shows as text.
 */

/** The corpus: what each payload tries. Lengths matter: fields take 30, 40 or 100 characters. */
export const PAYLOADS = [
  '<script>__xss=1</script>',
  '<img src=x onerror=__xss=1>',
  '"><svg onload=__xss=1>',
  "'><img src=x onerror=alert(1)>",
  'javascript:__xss=1',
  "{{constructor.constructor('__xss=1')()}}",
  '</textarea><script>__xss=1</script>',
  '${__xss=1}',
  '＜script＞__xss=1＜/script＞', // fullwidth angle brackets
  '<scr\u200bipt>__xss=1</scr\u200bipt>', // zero-width space inside the tag name
  '\u202e<b onmouseover=__xss=1>x</b>', // right-to-left override first
  'a\u2028<svg/onload=__xss=1>', // line separator
  '&lt;script&gt;__xss=1&lt;/script&gt;',
  '%3Cscript%3E__xss=1%3C/script%3E',
  '<a href="javascript:__xss=1">x</a>',
  '<style>@import"//x"</style>',
  '<iframe srcdoc="<script>__xss=1</script>">',
  'data:text/html,<script>__xss=1</script>',
  '<details open ontoggle=__xss=1>',
  '<math><mtext><table><mglyph><style><img src=x onerror=__xss=1>',
] as const;
/** Refused on purpose by validation (PostgreSQL can't store NUL, so no text may hold one). */
export const NUL_PAYLOAD = '<scr\u0000ipt>__xss=1</script>';

export const fitting = (max: number, min = 4) => PAYLOADS.filter((p) => p.length <= max && p.length >= min);
export const pickFor = (max: number, i: number) => {
  const list = fitting(max);
  return list[i % list.length]!;
};

export interface Watch {
  dialogs: string[];
  csp: string[];
  errors: string[];
}

export async function watch(page: Page): Promise<Watch> {
  const w: Watch = { dialogs: [], csp: [], errors: [] };
  page.on('dialog', (d) => {
    w.dialogs.push(`${d.type()}: ${d.message()}`);
    void d.dismiss();
  });
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) w.csp.push(m.text());
  });
  page.on('pageerror', (e) => w.errors.push(e.message));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const list = ((window as unknown as { __csp?: string[] }).__csp ??= []);
      list.push(`${e.effectiveDirective} blocked ${e.blockedURI || '(inline)'}`);
    });
  });
  return w;
}

/** Nothing ran: no global set by a payload, no dialog. */
export async function expectNoScriptRan(page: Page, w: Watch, where: string) {
  const flag = await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss);
  expect(flag, `window.__xss set on ${where}`).toBeUndefined();
  expect(w.dialogs, `dialogs on ${where}`).toEqual([]);
  const blocked = await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? []);
  w.csp.push(...blocked.map((b) => `${where}: ${b}`));
}

/** Every text shows literally in the page (textContent keeps zero-width and bidi characters). */
export async function expectLiteral(page: Page, texts: readonly string[], where: string) {
  await expect
    .poll(
      async () => {
        const content = await page.evaluate(() => document.body.textContent ?? '');
        return texts.filter((t) => !content.includes(t));
      },
      { message: `texts missing on ${where}` },
    )
    .toEqual([]);
}

/** A toast (role status) holding `text` exactly as saved. */
export async function expectToast(page: Page, text: string) {
  await expect
    .poll(
      () =>
        page.evaluate(() =>
          [...document.querySelectorAll('[role="status"], [role="alert"], li[data-state]')].map(
            (n) => n.textContent ?? '',
          ),
        ),
      { message: `a toast with ${JSON.stringify(text)}` },
    )
    .toContainEqual(expect.stringContaining(text));
}
