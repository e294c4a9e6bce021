import { LANGUAGE_CODES, LANGUAGE_NAMES, locale, useT } from '../../lib/i18n';
import { preferenceMessages } from './messages';
import { useChooseLanguage } from './choose-language';

/**
 * The sign-in screen's language choice (issue 17): three radio buttons, each language
 * named in itself, so a reader finds theirs whatever is on screen.
 */
export function LanguageSwitch() {
  const t = useT(preferenceMessages);
  const current = useT(locale);
  const choose = useChooseLanguage();
  return (
    <fieldset className="flex items-center justify-center gap-1">
      <legend className="sr-only">{t.language}</legend>
      {LANGUAGE_CODES.map((code) => (
        <label
          key={code}
          lang={code}
          className="cursor-pointer rounded-full border border-transparent px-3 py-1 text-sm text-zinc-700 has-checked:border-accent-200 has-checked:bg-accent-50 has-checked:font-medium has-checked:text-accent-800 has-focus-visible:outline-2 has-focus-visible:outline-accent-600 hover:bg-zinc-100"
        >
          <input
            type="radio"
            name="language"
            value={code}
            checked={current === code}
            onChange={() => void choose(code)}
            className="sr-only"
          />
          {LANGUAGE_NAMES[code]}
        </label>
      ))}
    </fieldset>
  );
}
