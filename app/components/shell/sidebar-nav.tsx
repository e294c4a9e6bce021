import { useId, type ComponentType, type ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import {
  ChartColumn,
  FolderTree,
  History,
  LayoutDashboard,
  Package,
  ShieldCheck,
  ShoppingBag,
  Users,
} from 'lucide-react';
import { can, type Action } from '#contract/permissions';
import { i18n, useT } from '../../lib/i18n';

const messages = i18n('shell/sidebar', {
  main: 'Main',
  dashboard: 'Dashboard',
  orders: 'Order',
  dayReport: 'Day report',
  settings: 'Settings',
  categories: 'Category',
  items: 'Items',
  administration: 'Administration',
  users: 'User',
  roles: 'Role',
  audit: 'Audit trail',
});

interface NavItem {
  to:
    | '/'
    | '/listorders'
    | '/reports/day'
    | '/listcategories'
    | '/listitems'
    | '/listusers'
    | '/listroles'
    | '/listaudit';
  label: keyof ReturnType<typeof messages.get>;
  /** Shown only to roles the permission table grants this (within its group's own grant). */
  action?: Action;
  icon: ComponentType<{ className?: string; 'aria-hidden'?: 'true' }>;
}

const main: NavItem[] = [
  { to: '/', label: 'dashboard', icon: LayoutDashboard },
  { to: '/listorders', label: 'orders', icon: ShoppingBag },
];
/** The day-end report, for the roles its permission row allows (issue 28). */
const report: NavItem = { to: '/reports/day', label: 'dayReport', icon: ChartColumn };
const settings: NavItem[] = [
  { to: '/listcategories', label: 'categories', icon: FolderTree },
  { to: '/listitems', label: 'items', icon: Package },
];
const administration: NavItem[] = [
  { to: '/listusers', label: 'users', icon: Users },
  { to: '/listroles', label: 'roles', icon: ShieldCheck },
  { to: '/listaudit', label: 'audit', icon: History, action: 'audit.read' },
];

function NavLink({ item }: { item: NavItem }) {
  const t = useT(messages);
  const Icon = item.icon;
  return (
    <li>
      <Link
        to={item.to}
        activeOptions={{ exact: item.to === '/' }}
        className="flex items-center gap-3 rounded-md px-3 py-2 font-medium text-zinc-700 hover:bg-zinc-100 hover:text-zinc-900 aria-[current=page]:bg-accent-50 aria-[current=page]:text-accent-800"
      >
        <Icon aria-hidden="true" className="size-4 shrink-0" />
        {t[item.label]}
      </Link>
    </li>
  );
}

function NavGroup({ label, children }: { label: string; children: ReactNode }) {
  const id = useId();
  return (
    <div className="mt-6">
      <p id={id} className="px-3 pb-2 text-xs font-semibold tracking-wide text-zinc-600 uppercase">
        {label}
      </p>
      <ul aria-labelledby={id} className="space-y-1">
        {children}
      </ul>
    </div>
  );
}

/** The sidebar's links (spec §2); Administration only for roles the permission table allows. */
export function SidebarNav({ role, header }: { role: string; header?: ReactNode }) {
  const t = useT(messages);
  return (
    <nav aria-label={t.main} className="flex h-full flex-col">
      {header}
      <div className="flex-1 overflow-y-auto px-3 py-4">
        <ul className="space-y-1">
          {main.map((item) => (
            <NavLink key={item.to} item={item} />
          ))}
          {can(role, 'reports.day') ? <NavLink item={report} /> : null}
        </ul>
        <NavGroup label={t.settings}>
          {settings.map((item) => (
            <NavLink key={item.to} item={item} />
          ))}
        </NavGroup>
        {can(role, 'users.manage') ? (
          <NavGroup label={t.administration}>
            {administration
              .filter((item) => !item.action || can(role, item.action))
              .map((item) => (
                <NavLink key={item.to} item={item} />
              ))}
          </NavGroup>
        ) : null}
      </div>
    </nav>
  );
}
