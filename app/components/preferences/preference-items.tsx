import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Check, Languages, SunMoon } from 'lucide-react';
import { LANGUAGE_CODES, LANGUAGE_NAMES, locale, useT, isLanguageCode } from '../../lib/i18n';
import { preferenceMessages } from './messages';
import { setTheme, THEMES, useTheme, type Theme } from '../../lib/theme';
import { MENU_ITEM as itemClass } from '../ui/menu-item';
import { useChooseLanguage } from './choose-language';

const GROUP_LABEL = 'flex items-center gap-2 px-2 pt-2 pb-1 text-xs font-semibold text-zinc-600';

/** The profile menu's language and theme choices (issue 17): radio items, one checked each. */
export function PreferenceItems() {
  const t = useT(preferenceMessages);
  const current = useT(locale);
  const theme = useTheme();
  const choose = useChooseLanguage();
  const check = (on: boolean) => (
    <Check aria-hidden="true" className={`ml-auto size-4 text-accent-700 ${on ? '' : 'invisible'}`} />
  );
  return (
    <>
      <DropdownMenu.Label className={GROUP_LABEL}>
        <Languages aria-hidden="true" className="size-4" />
        {t.language}
      </DropdownMenu.Label>
      <DropdownMenu.RadioGroup
        value={current}
        onValueChange={(code) => {
          if (isLanguageCode(code)) void choose(code);
        }}
      >
        {LANGUAGE_CODES.map((code) => (
          <DropdownMenu.RadioItem key={code} value={code} lang={code} className={itemClass}>
            {LANGUAGE_NAMES[code]}
            {check(current === code)}
          </DropdownMenu.RadioItem>
        ))}
      </DropdownMenu.RadioGroup>
      <DropdownMenu.Label className={GROUP_LABEL}>
        <SunMoon aria-hidden="true" className="size-4" />
        {t.theme}
      </DropdownMenu.Label>
      <DropdownMenu.RadioGroup value={theme} onValueChange={(x) => setTheme(x as Theme)}>
        {THEMES.map((x) => (
          <DropdownMenu.RadioItem key={x} value={x} className={itemClass}>
            {t[x]}
            {check(theme === x)}
          </DropdownMenu.RadioItem>
        ))}
      </DropdownMenu.RadioGroup>
    </>
  );
}
