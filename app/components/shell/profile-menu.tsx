import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Link } from '@tanstack/react-router';
import { ChevronDown, KeyRound, LogOut, UserPen } from 'lucide-react';

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts.at(-1)?.[0] ?? '') : '')).toUpperCase() || '?';
}

const itemClass =
  'flex cursor-pointer items-center gap-2 rounded-md px-2 py-2 text-sm text-zinc-800 outline-none select-none data-[highlighted]:bg-accent-50 data-[highlighted]:text-accent-800';

/** The top-right profile menu (spec §2): who is signed in, and their own-account actions. */
export function ProfileMenu({ name, email }: { name: string; email: string }) {
  return (
    // Non-modal: a modal menu locks scrolling by injecting a <style> tag, which the CSP forbids.
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        // The visible name leads the accessible name (label in name), then what the button is.
        aria-label={`${name}, Profile menu`}
        className="flex items-center gap-2 rounded-full py-1 pr-2 pl-1 text-sm font-medium text-zinc-800 hover:bg-zinc-100 data-[state=open]:bg-zinc-100"
      >
        <span
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
            Edit Profile
          </Link>
        </DropdownMenu.Item>
        <DropdownMenu.Item asChild className={itemClass}>
          <Link to="/changepassword">
            <KeyRound aria-hidden="true" className="size-4 text-zinc-500" />
            Change Password
          </Link>
        </DropdownMenu.Item>
        <DropdownMenu.Separator className="my-1 h-px bg-zinc-200" />
        <DropdownMenu.Item asChild className={itemClass}>
          {/* Never preload: merely hovering must not sign anyone out. */}
          <Link to="/logout" preload={false}>
            <LogOut aria-hidden="true" className="size-4 text-zinc-500" />
            Log Out
          </Link>
        </DropdownMenu.Item>
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}
