import { http, HttpResponse } from 'msw';
import * as v from 'valibot';
import { fail, issueMessages, ok } from '#contract/envelope';
import { API_BASE, ENDPOINTS } from '#contract/endpoints';
import type { Dashboard } from '#contract/orders';
import { YearlySalesQuerySchema } from '#contract/orders';
import { grantOf } from '#contract/permissions';
import { callerOf, refuse } from '../auth';

/*
 * MSW handlers for the dashboard calls, scoped as the server scopes them (DECISIONS §2):
 * BlueTikAdmin gets every store's figures, anyone else their own store's. Part of the
 * default handlers, since the home screen is the dashboard.
 */

/** The figures behind the handlers; resetDashboardState() between tests. */
export const dashboardState = {
  cards: { all: {} as Dashboard, store: {} as Dashboard },
  /** Monthly sales per year, for every store and for one. */
  sales: { all: new Map<number, number[]>(), store: new Map<number, number[]>() },
  /** Every dashboard request, newest last. */
  requests: [] as URL[],
};

/** Deterministic monthly totals of `year` (every store: `scale` × a store's). */
export function mockSales(year: number, scale = 1): number[] {
  return Array.from({ length: 12 }, (_, m) => Math.round(((year % 7) + 1) * (m + 3) * 1234.5 * scale) / 100);
}

/** Restores the default figures. */
export function resetDashboardState() {
  dashboardState.cards.all = {
    upCommingOrder: 42,
    newOrders: 120,
    processingOrder: 35,
    ontheWayOrder: 18,
    deliveredOrder: 15_230,
    cancelledOrder: 911,
  };
  dashboardState.cards.store = {
    upCommingOrder: 4,
    newOrders: 12,
    processingOrder: 3,
    ontheWayOrder: 1,
    deliveredOrder: 1_523,
    cancelledOrder: 91,
  };
  dashboardState.sales.all.clear();
  dashboardState.sales.store.clear();
  dashboardState.requests = [];
}
resetDashboardState();

const roleOf = (request: Request) => callerOf(request)?.role ?? null;
const unauthorized = () => refuse(401);

export const dashboardHandlers = [
  http.get(API_BASE + ENDPOINTS.getDashboardOrder.path, ({ request }) => {
    dashboardState.requests.push(new URL(request.url));
    const role = roleOf(request);
    if (!role) return unauthorized();
    const scope = grantOf(role, 'orders.read') === 'all' ? 'all' : 'store';
    return HttpResponse.json(ok(dashboardState.cards[scope]));
  }),
  http.get(API_BASE + ENDPOINTS.getYearlySales.path, ({ request }) => {
    const url = new URL(request.url);
    dashboardState.requests.push(url);
    const role = roleOf(request);
    if (!role) return unauthorized();
    const parsed = v.safeParse(YearlySalesQuerySchema, Object.fromEntries(url.searchParams));
    if (!parsed.success) return HttpResponse.json(fail(...issueMessages(parsed.issues)), { status: 400 });
    const year = parsed.output.year ?? new Date().getUTCFullYear();
    const scope = grantOf(role, 'orders.read') === 'all' ? 'all' : 'store';
    const months = dashboardState.sales[scope].get(year) ?? mockSales(year, scope === 'all' ? 10 : 1);
    return HttpResponse.json(ok({ year, months }));
  }),
];
