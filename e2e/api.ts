import { expect, request, type APIRequestContext } from '@playwright/test';

/*
 * The specs' own API client, for making the data a test needs (data per test): a request
 * context of its own, signed in like a browser (CSRF cookie, sign-in, token).
 */

export interface ApiSession {
  ctx: APIRequestContext;
  headers: Record<string, string>;
  userId: string;
}

export async function apiSignIn(baseURL: string, mobile: string, password: string): Promise<ApiSession> {
  const ctx = await request.newContext({ baseURL });
  await ctx.get('/api/health');
  const anon = (await ctx.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const res = await ctx.post('/api/accounts/login', {
    headers: { 'X-XSRF-TOKEN': anon },
    data: { username: mobile, password },
  });
  expect(res.status(), await res.text()).toBe(200);
  const body = (await res.json()) as { result: { token: string; userId: string } };
  const csrf = (await ctx.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  return {
    ctx,
    userId: body.result.userId,
    headers: { Authorization: `Bearer ${body.result.token}`, 'X-XSRF-TOKEN': csrf },
  };
}

export async function api(s: ApiSession, method: 'GET' | 'POST' | 'DELETE', path: string, data?: unknown) {
  const send = () => s.ctx.fetch(`/api/${path}`, { method, headers: s.headers, ...(data ? { data } : {}) });
  let res;
  try {
    res = await send();
  } catch (error) {
    // A kept-alive connection the server closed as idle just as this request reused it: the
    // request never reached the server, so a read or a removal is sent again, once.
    if (method === 'POST' || !/socket hang up|ECONNRESET/.test(String(error))) throw error;
    res = await send();
  }
  return {
    status: res.status(),
    headers: res.headers(),
    body: (await res.json()) as { isSuccess: boolean; result: any; errorMessages: string[] }, // eslint-disable-line @typescript-eslint/no-explicit-any
  };
}

export async function save(s: ApiSession, path: string, data: unknown) {
  const r = await api(s, 'POST', path, data);
  expect(r.status, `${path}: ${JSON.stringify(r.body)}`).toBe(200);
  return r.body.result as Record<string, unknown> & { id: number };
}

/** A fresh user made for one test through the admin's API; `remove` deletes it afterwards. */
export async function makeUser(
  baseURL: string,
  admin: { mobile: string; password: string },
  fields: { role: string; password: string; name?: string },
) {
  const session = await apiSignIn(baseURL, admin.mobile, admin.password);
  const mobile = `8${String(Date.now() % 1e9).padStart(9, '0')}`;
  const user = await save(session, 'user/upsertuser', {
    id: '',
    name: fields.name ?? 'Test Person',
    email: 'test.person@bluetik.example',
    phoneNumber: mobile,
    passWord: fields.password,
    role: fields.role,
    bussinessName: 'Test Shop',
    isHomeDeliveryAvailable: 'No',
    isActive: 'Yes',
    isOnlinePaymentEnabled: 'No',
    isAddCategoryItems: 'No',
    ispasswordchangeconfirms: 'No',
  });
  return {
    mobile,
    password: fields.password,
    remove: async () => {
      const r = await api(session, 'DELETE', `user/removeuser/${user.id}`);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      await session.ctx.dispose();
    },
  };
}

/**
 * A store of its own for one test (a WebAdmin made through the admin's API), so its lists
 * hold only what the test puts there: `newOrder` adds an order (one piece of the first
 * catalog item; `extra` adds or replaces payload fields); `remove` takes its orders, then the store, away (a store with orders can't
 * be removed; an order the test removed itself is skipped).
 */
export async function makeStore(
  baseURL: string,
  admin: { mobile: string; password: string },
  fields: { name: string; password: string },
) {
  const owner = await makeUser(baseURL, admin, { role: 'WebAdmin', ...fields });
  const session = await apiSignIn(baseURL, admin.mobile, admin.password);
  const rows = (await api(session, 'GET', `user/listusers?page=1&pageSize=1&q=${owner.mobile}`)).body.result
    .rows as { id: number }[];
  const storeId = rows[0]!.id;
  const item = (await api(session, 'GET', 'items/listitems?page=1&pageSize=1')).body.result.rows[0] as {
    id: number;
  };
  const made: number[] = [];
  return {
    owner,
    admin: session,
    storeId,
    /** The orders made, oldest first. */
    made,
    async newOrder(customer: string, extra: Record<string, unknown> = {}) {
      const order = await save(session, 'orders/createorder', {
        storeId,
        orderUserName: customer,
        orderUserPhoneNumber: '9876543210',
        orderUserAddress1: 'Door 12, Kukatpally',
        orderUserCity: 'Hyderabad',
        orderUserState: 'Telangana',
        orderUserCountry: 'India',
        orderUserPincode: '500072',
        lines: [{ itemId: item.id, itemsCount: 1 }],
        deliveryPrice: 0,
        ...extra,
      });
      made.push(order.id);
      made.sort((a, b) => a - b);
      return order;
    },
    async remove() {
      for (const id of made)
        expect([200, 404]).toContain((await api(session, 'DELETE', `orders/removeorder/${id}`)).status);
      await session.ctx.dispose();
      await owner.remove();
    },
  };
}
