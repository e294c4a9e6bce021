import { table } from '../harness/results';

/** A script a cold visit loaded: its path and its encoded (gzip) body size. */
export interface ScriptLoad {
  file: string;
  encoded: number;
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const sum = (scripts: ScriptLoad[]) => scripts.reduce((s, x) => s + x.encoded, 0);

/**
 * /login in each language (issue 17): its JavaScript on a cold visit with the device's
 * language stored, the language's catalog chunk, and what it adds over English. The goal:
 * a language adds no more than its catalog (record 066 compares English with the build
 * before the languages came).
 */
export async function loginLanguagesTable(
  visit: (language: string) => Promise<{ scripts: ScriptLoad[] }>,
): Promise<string> {
  const english = await visit('en-IN');
  const base = sum(english.scripts);
  const rows: (string | number)[][] = [['en-IN', english.scripts.length, kb(base), '—', '—', '—']];
  for (const language of ['te-IN', 'hi-IN']) {
    const { scripts } = await visit(language);
    const all = sum(scripts);
    const catalog = sum(scripts.filter((s) => /(^|\/)catalog-/.test(s.file)));
    rows.push([
      language,
      scripts.length,
      kb(all),
      kb(catalog),
      kb(all - base),
      all - base <= catalog ? 'yes' : 'NO',
    ]);
  }
  return table(
    [
      '/login in',
      'scripts',
      'JS gzip KB',
      'its catalog KB',
      'over English KB',
      'adds no more than its catalog',
    ],
    rows,
  );
}
