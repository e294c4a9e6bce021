import { strings, transform, type params as LibraryParams } from '@nanostores/i18n';

/**
 * `{name}` placeholders filled in, typed as the library's `params`. Each value goes in as
 * it is, in one pass: the library's own reads "$&" or "$1" in a value (a customer's or a
 * view's name) as a replacement pattern, and would fill a `{placeholder}` written inside
 * an earlier value.
 */
export const params = transform((_code, translation: string, values: Record<string, string | number>) =>
  strings(translation, (text) =>
    text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole)),
  ),
) as unknown as typeof LibraryParams;
