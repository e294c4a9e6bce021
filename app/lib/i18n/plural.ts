import { transform, type TranslationJSON } from '@nanostores/i18n';
import { formats } from './format';

/** A message's plural forms: Telugu, Hindi and English need `one` and `other`. */
export type PluralForms = { one: string; other: string };

// One PluralRules per language: making one costs more than the message (a table says dozens).
const rules = new Map<string, Intl.PluralRules>();
function pluralRules(code: string) {
  let made = rules.get(code);
  if (!made) rules.set(code, (made = new Intl.PluralRules(code)));
  return made;
}

/**
 * "{count} orders" by the language's plural rules, the count grouped as the language
 * writes numbers ("10,00,000 orders"); the library's `count` would print 1000000.
 */
export const plural = transform<[number], PluralForms & TranslationJSON, string>((code, forms, n) => {
  const form = pluralRules(code).select(n) === 'one' ? 'one' : 'other';
  return (forms[form] ?? forms.other).replace(/{count}/g, formats(code).count(n));
}) as (forms: PluralForms) => (n: number) => string;
