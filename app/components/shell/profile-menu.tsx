import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Link } from '@tanstack/react-router';
import { Bell, Check, ChevronDown, KeyRound, LogOut, UserPen, Volume2 } from 'lucide-react';
import { setAlertPref, useAlertPref } from '../../lib/alert-prefs';
import { notify } from '../../lib/events';
import { i18n, params, useT } from '../../lib/i18n';
import { PreferenceItems } from '../preferences/preference-items';
import { MENU_ITEM as itemClass } from '../ui/menu-item';

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts.at(-1)?.[0] ?? '') : '')).toUpperCase() || '?';
}

const messages = i18n('shell/profile-menu', {
  trigger: params('{name}, Profile menu'),
  editProfile: 'Edit Profile',
  changePassword: 'Change Password',
  logOut: 'Log Out',
  sound: 'Sound for new orders',
  desktop: 'Desktop notifications',
  blocked: 'Notifications are blocked for this site: allow them in the browser’s site settings.',
});

/** The top-right profile menu (spec §2): who is signed in, and their own-account actions. */
export function ProfileMenu({ name, email }: { name: string; email: string }) {
  const t = useT(messages);
  return (
    // Non-modal: a modal menu locks scrolling by injecting a <style> tag, which the CSP forbids.
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        // The visible name leads the accessible name (label in name), then what the button is.
        aria-label={t.trigger({ name })}
        className="flex items-center gap-2 rounded-full py-1 pr-2 pl-1 text-sm font-medium text-zinc-800 hover:bg-zinc-100 data-[state=open]:bg-zinc-100"
      >
        <span
          translate="no"
          aria-hidden="true"
          className="flex size-8 items-center justify-center rounded-full bg-accent-600 text-xs font-semibold text-white"
        >
          {initials(name)}
        </span>
        <span className="hidden max-w-40 truncate sm:inline">{name}</span>
        <ChevronDown aria-hidden="true" className="size-4 text-zinc-500" />
      </DropdownMenu.Trigger>
      {/* No portal: the open menu stays inside the banner landmark. */}
      <DropdownMenu.Content
        align="end"
        sideOffset={8}
        className="z-40 w-64 rounded-lg border border-zinc-200 bg-white p-1.5 shadow-lg"
      >
        <DropdownMenu.Label className="px-2 py-2">
          <span className="block truncate font-semibold text-zinc-900">{name}</span>
          <span className="block truncate text-zinc-600">{email}</span>
        </DropdownMenu.Label>
        <DropdownMenu.Separator className="my-1 h-px bg-zinc-200" />
        <DropdownMenu.Item asChild className={itemClass}>
          <Link to="/editprofile">
            <UserPen aria-hidden="true" className="size-4 text-zinc-500" />
            {t.editProfile}
          </Link>
        </DropdownMenu.Item>
        <DropdownMenu.Item asChild className={itemClass}>
          <Link to="/changepassword">
            <KeyRound aria-hidden="true" className="size-4 text-zinc-500" />
            {t.changePassword}
          </Link>
        </DropdownMenu.Item>
        <DropdownMenu.Separator className="my-1 h-px bg-zinc-200" />
        <AlertSwitches />
        <DropdownMenu.Separator className="my-1 h-px bg-zinc-200" />
        <PreferenceItems />
        <DropdownMenu.Separator className="my-1 h-px bg-zinc-200" />
        <DropdownMenu.Item asChild className={itemClass}>
          {/* Never preload: merely hovering must not sign anyone out. */}
          <Link to="/logout" preload={false}>
            <LogOut aria-hidden="true" className="size-4 text-zinc-500" />
            {t.logOut}
          </Link>
        </DropdownMenu.Item>
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}

/** Asks the browser for notifications (on the user's click, as browsers require); true when granted. */
async function allowNotifications(): Promise<boolean> {
  if (typeof Notification === 'undefined') return false;
  if (Notification.permission === 'granted') return true;
  return (await Notification.requestPermission()) === 'granted';
}

/** The new-order alert switches (issue 16): sound, and desktop notifications where the browser has them. */
function AlertSwitches() {
  const t = useT(messages);
  const sound = useAlertPref('sound');
  const desktop = useAlertPref('desktop');
  const check = (on: boolean) => (
    <Check aria-hidden="true" className={`ml-auto size-4 text-accent-700 ${on ? '' : 'invisible'}`} />
  );
  return (
    <>
      <DropdownMenu.CheckboxItem
        checked={sound}
        onCheckedChange={(on) => setAlertPref('sound', on)}
        className={itemClass}
      >
        <Volume2 aria-hidden="true" className="size-4 text-zinc-500" />
        {t.sound}
        {check(sound)}
      </DropdownMenu.CheckboxItem>
      {typeof Notification === 'undefined' ? null : (
        <DropdownMenu.CheckboxItem
          checked={desktop}
          onCheckedChange={(on) => {
            if (!on) return setAlertPref('desktop', false);
            void allowNotifications().then((granted) => {
              if (granted) setAlertPref('desktop', true);
              else
                notify({
                  tone: 'error',
                  message: t.blocked,
                });
            });
          }}
          className={itemClass}
        >
          <Bell aria-hidden="true" className="size-4 text-zinc-500" />
          {t.desktop}
          {check(desktop)}
        </DropdownMenu.CheckboxItem>
      )}
    </>
  );
}
