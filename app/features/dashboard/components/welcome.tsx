import type { ComponentType } from 'react';
import { Link } from '@tanstack/react-router';
import { FolderTree, KeyRound, Package, ShieldCheck, ShoppingBag, UserPen, Users } from 'lucide-react';
import { can } from '#contract/permissions';
import { PageHeader } from '../../../components/ui/page-header';

interface Section {
  to:
    | '/listorders'
    | '/listcategories'
    | '/listitems'
    | '/listusers'
    | '/listroles'
    | '/editprofile'
    | '/changepassword';
  label: string;
  description: string;
  icon: ComponentType<{ className?: string; 'aria-hidden'?: 'true' }>;
}

const sections: Section[] = [
  { to: '/listorders', label: 'Orders', description: 'Track, update and settle orders.', icon: ShoppingBag },
  {
    to: '/listcategories',
    label: 'Categories',
    description: 'Group items the way customers browse.',
    icon: FolderTree,
  },
  {
    to: '/listitems',
    label: 'Items',
    description: 'Prices, stock and images of the catalog.',
    icon: Package,
  },
];
const adminSections: Section[] = [
  { to: '/listusers', label: 'Users', description: 'Store owners and staff accounts.', icon: Users },
  { to: '/listroles', label: 'Roles', description: 'Role types and what they mean.', icon: ShieldCheck },
];
const accountSections: Section[] = [
  {
    to: '/editprofile',
    label: 'Edit Profile',
    description: 'Your details and store information.',
    icon: UserPen,
  },
  {
    to: '/changepassword',
    label: 'Change Password',
    description: 'Set a new sign-in password.',
    icon: KeyRound,
  },
];

function SectionList({ title, items }: { title: string; items: Section[] }) {
  return (
    <section className="mt-8" aria-label={title}>
      <h2 className="mb-3 text-sm font-semibold text-zinc-700">{title}</h2>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {items.map(({ to, label, description, icon: Icon }) => (
          <li key={to}>
            <Link
              to={to}
              className="card group flex h-full items-start gap-3 p-4 transition-colors hover:border-accent-200 hover:bg-accent-50/40"
            >
              <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-accent-600" />
              <span>
                <span className="block font-semibold text-zinc-900 group-hover:text-accent-800">{label}</span>
                <span className="block text-zinc-600">{description}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The home page until the dashboard arrives: a greeting and the way into each section. */
export function Welcome({ name, role }: { name: string; role: string }) {
  return (
    <div>
      <PageHeader
        title={name ? `Welcome, ${name}` : 'Welcome'}
        description="Where would you like to start?"
      />
      <SectionList
        title="Sections"
        items={can(role, 'users.manage') ? [...sections, ...adminSections] : sections}
      />
      <SectionList title="Your account" items={accountSections} />
    </div>
  );
}
