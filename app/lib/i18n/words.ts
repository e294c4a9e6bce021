import { useStore } from '@nanostores/react';
import { i18n } from './i18n';

/*
 * What the API and the contract say, shown in the reader's language (issue 17): the API
 * keeps the spec's English words (statuses, payment types, cancel reasons, validation and
 * server messages); this one table says each of them in Telugu and Hindi where it is
 * shown. A key is the English text itself, so English needs no table at all: the
 * component's base is empty and the English list (words-english.ts, which the catalog
 * test holds the catalogs to) stays off /login. A key with {placeholders} is a pattern:
 * it matches a message such as "Name is required." ('{field} is required.'), and each
 * matched part is looked up again (the field's label is a phrase of this table too).
 */
const words = i18n('words', {} as Record<string, string>);

type Pattern = { key: string; names: string[]; re: RegExp };
const escape = (s: string) => s.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
const patternsOf = new WeakMap<Record<string, string>, Pattern[]>();

/** The table's keys with {placeholders}, as expressions (once per language's table). */
function patterns(t: Record<string, string>): Pattern[] {
  let found = patternsOf.get(t);
  if (!found) {
    found = Object.keys(t)
      .filter((k) => /\{\w+\}/.test(k))
      .map((key) => ({
        key,
        names: [...key.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!),
        re: new RegExp(`^${escape(key).replace(/\\?\{\w+\\?\}/g, '(.+?)')}$`, 's'),
      }));
    patternsOf.set(t, found);
  }
  return found;
}

/** `text` in the language of `t` (the table's current translations); unknown text as it is. */
export function translateWords(text: string, t: Record<string, string> = words.get()): string {
  const exact = t[text];
  if (exact !== undefined) return exact;
  for (const p of patterns(t)) {
    const m = p.re.exec(text);
    if (!m) continue;
    let out = t[p.key] ?? p.key;
    p.names.forEach((name, i) => {
      const part = m[i + 1]!;
      out = out.replaceAll(`{${name}}`, t[part] ?? part);
    });
    return out;
  }
  return text;
}

/** A translator for what the API says, re-rendering when the language changes. */
export function useWords(): (text: string) => string {
  const t = useStore(words);
  return (text) => translateWords(text, t);
}

const isList = (x: unknown): x is readonly string[] => Array.isArray(x);

/**
 * Contract values (types, Yes/No) as choices: the value as sent, the label in the reader's
 * language. Given a contract's labels by value instead (contract/audit.ts's), the values are
 * its keys and each is shown by its label.
 */
export function wordChoices(
  values: readonly string[] | Readonly<Record<string, string>>,
): { value: string; label: string }[] {
  if (isList(values)) return values.map((value) => ({ value, label: translateWords(value) }));
  return Object.entries(values).map(([value, label]) => ({ value, label: translateWords(label) }));
}
