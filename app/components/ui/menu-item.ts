/** A dropdown menu item's look (the profile menu, Print): one class list for every menu. */
export const MENU_ITEM =
  'flex cursor-pointer items-center gap-2 rounded-md px-2 py-2 text-sm text-zinc-800 outline-none select-none data-[highlighted]:bg-accent-50 data-[highlighted]:text-accent-800';
