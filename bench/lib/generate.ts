import { orderTotals } from '#contract/order-update';
import { promisedAt } from '#contract/time-left';
import { LINE_COLUMNS, LINE_PARAMS } from './row-layout';

/*
 * The bench data generator's pure part: stores and orders as flat parameter rows, in
 * the column orders of ORDER_COLUMNS and LINE_COLUMNS. The distributions follow
 * server/db/seed.ts (statuses by age, half Online, 1–6 lines of 1–5 pieces, 8% of a
 * PayOnDelivery order's lines not available, 20% free delivery, 80% of delivered Online
 * orders settled, totals by the contract's orderTotals), with more names and stores of
 * very different sizes (a few large stores, a long tail), as a platform has.
 */

/** mulberry32, as in the seed: deterministic runs, same data everywhere. */
export function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!;
  return { next, int, pick };
}
export type Rng = ReturnType<typeof prng>;

// prettier-ignore
export const FIRST_NAMES = [
  'Aarav', 'Abhishek', 'Aditi', 'Ajay', 'Akhila', 'Anil', 'Anjali', 'Arjun', 'Bhavana', 'Chandra',
  'Deepika', 'Divya', 'Eshwar', 'Farida', 'Ganesh', 'Gopal', 'Harika', 'Hema', 'Imran', 'Jyothi',
  'Kalyan', 'Kavya', 'Kiran', 'Krishna', 'Lakshmi', 'Madhavi', 'Mahesh', 'Meena', 'Mohan', 'Naveen',
  'Nikhil', 'Padma', 'Pooja', 'Prakash', 'Pranav', 'Priya', 'Rahul', 'Rajesh', 'Ramya', 'Ravi',
  'Sai', 'Sandeep', 'Sanjana', 'Shiva', 'Sneha', 'Srinivas', 'Suresh', 'Swathi', 'Teja', 'Uma',
  'Usha', 'Varun', 'Venkat', 'Vijay', 'Yamini', 'Zoya',
];
// prettier-ignore
export const LAST_NAMES = [
  'Reddy', 'Sharma', 'Naidu', 'Rao', 'Varma', 'Khan', 'Iyer', 'Goud', 'Patel', 'Chowdary',
  'Kumar', 'Prasad', 'Murthy', 'Shetty', 'Pillai', 'Menon', 'Gupta', 'Joshi', 'Nair', 'Das',
  'Yadav', 'Raju', 'Babu', 'Sastry', 'Dutta', 'Ali', 'Singh', 'Mishra', 'Bhat', 'Kulkarni',
];
const CITIES: [city: string, state: string][] = [
  ['Hyderabad', 'Telangana'],
  ['Secunderabad', 'Telangana'],
  ['Warangal', 'Telangana'],
  ['Karimnagar', 'Telangana'],
  ['Vijayawada', 'Andhra Pradesh'],
  ['Guntur', 'Andhra Pradesh'],
  ['Visakhapatnam', 'Andhra Pradesh'],
  ['Tirupati', 'Andhra Pradesh'],
];
const STREETS = ['MG Road', 'Jubilee Hills Road 36', 'Banjara Hills Road 12', 'Gachibowli Main Road'];
const BUILDINGS = ['Sai Residency', 'Lotus Apartments', 'Green Park', 'Sri Nilayam', 'Vasavi Towers'];
const LANDMARKS = ['Temple', 'Park', 'Metro Station', 'School', 'Bus Stand'];
const STORE_KINDS = ['Supermarket', 'Grocery Store', 'Fruits and Vegetables', 'Dairy Products', 'Kirana'];
const STORE_WORDS = ['Fresh', 'Daily', 'Green', 'Royal', 'Sri', 'City', 'Home', 'Quick', 'Village', 'Star'];
const STORE_NOUNS = ['Mart', 'Basket', 'Bazaar', 'Store', 'Foods', 'Needs', 'Market', 'Traders'];

/** A catalog item as the orders copy it. */
export interface CatalogItem {
  id: number;
  name: string;
  category: string;
  qty: string;
  price: number;
  image: string;
}

/** A store that receives orders. */
export interface StoreRef {
  id: number;
  /** Paise. */
  deliveryPrice: number;
  /** Relative share of the orders. */
  weight: number;
}

/** The extra store users (WebAdmin): profile fields only; ids come from the insert. */
export function extraStores(count: number, rnd: Rng) {
  return Array.from({ length: count }, (_, i) => {
    const [city, state] = rnd.pick(CITIES);
    const kind = rnd.pick(STORE_KINDS);
    const business = `${rnd.pick(STORE_WORDS)} ${rnd.pick(STORE_NOUNS)} ${city} ${i + 1}`;
    const owner = `${rnd.pick(FIRST_NAMES)} ${rnd.pick(LAST_NAMES)}`;
    return {
      phone_number: String(9_100_000_000 + i + 1),
      name: owner,
      email: `store${i + 1}@bench.example`,
      address1: `Shop ${rnd.int(1, 99)}, ${business}`,
      address2: rnd.pick(STREETS),
      address3: `Near ${rnd.pick(LANDMARKS)}, ${city}`,
      city,
      state,
      country: 'India',
      pincode: String(rnd.int(500001, 535999)),
      bussiness_name: business,
      delevery_message: 'Delivered fresh to your door',
      bussiness_image: `bench-store-${i + 1}`,
      delivery_time: 30 + 15 * (i % 4),
      delivery_price: (20 + 10 * (i % 4)) * 100,
      bussiness_type: kind,
      description: `${kind} in ${city}`,
      is_home_delivery_available: 1,
      is_active: 1,
      is_online_payment_enabled: i % 3 === 0 ? 0 : 1,
      is_add_category_items: i % 5 === 0 ? 1 : 0,
    };
  });
}

/** A picker of stores by weight (a 64k-slot table: one random number per pick). */
function storePicker(stores: readonly StoreRef[]) {
  const slots = 65_536;
  const table = new Int32Array(slots);
  const sum = stores.reduce((s, x) => s + x.weight, 0);
  let at = 0;
  let acc = 0;
  stores.forEach((s, ix) => {
    acc += s.weight;
    const until = ix === stores.length - 1 ? slots : Math.round((acc / sum) * slots);
    while (at < until) table[at++] = ix;
  });
  return (r: number) => stores[table[Math.floor(r * slots)]!]!;
}

const DAY_MS = 86_400_000;

/**
 * Orders `1..count` over the two years before `now`, ascending in time (ids and order
 * numbers follow creation, as in the seed), yielded in chunks of flat parameter lists:
 * ORDER_COLUMNS.length values per order and LINE_COLUMNS.length per line.
 */
export function* orderChunks(opts: {
  count: number;
  chunk: number;
  now: number;
  stores: readonly StoreRef[];
  items: readonly CatalogItem[];
  rnd: Rng;
  /**
   * Which rows to build (default both) and in which layout (default ORDER_COLUMNS and
   * LINE_COLUMNS; `compact`: ORDER_PARAMS and LINE_PARAMS); the random draws are the same
   * either way.
   */
  want?: { orders: boolean; lines: boolean; compact?: boolean };
}): Generator<{ orders: unknown[]; lines: unknown[]; orderCount: number; lineCount: number }> {
  const { count, now, items, rnd } = opts;
  const want = opts.want ?? { orders: true, lines: true };
  const compact = want.compact === true;
  const lineWidth = compact ? LINE_PARAMS.length : LINE_COLUMNS.length;
  // Every "First Last" once, rather than a new string per order.
  const fullNames = FIRST_NAMES.map((first) => LAST_NAMES.map((last) => `${first} ${last}`));
  const pickStore = storePicker(opts.stores);
  const times = new Float64Array(count);
  for (let i = 0; i < count; i++) times[i] = now - Math.floor(rnd.next() * 730 * DAY_MS);
  times.sort();
  const numberWidth = Math.max(6, String(count).length);
  const chosen: number[] = [];
  // Lines are grouped by category (then item id), as the seed and the order screen keep
  // them: rank the catalog once instead of comparing names per order.
  const rank = new Int32Array(items.length);
  items
    .map((it, ix) => ({ it, ix }))
    .sort((a, b) => a.it.category.localeCompare(b.it.category) || a.it.id - b.it.id)
    .forEach(({ ix }, r) => (rank[ix] = r));
  // Calendar days as text, made once per day rather than once per order.
  const days = new Map<number, string>();
  const dayText = (ms: number) => {
    const d = Math.floor(ms / DAY_MS);
    let text = days.get(d);
    if (text === undefined) days.set(d, (text = new Date(d * DAY_MS).toISOString().slice(0, 10)));
    return text;
  };
  // toISOString() is the slowest step per order: build the same text from cached parts.
  const two = Array.from({ length: 60 }, (_, n) => String(n).padStart(2, '0'));
  const three = Array.from({ length: 1000 }, (_, n) => String(n).padStart(3, '0'));
  const isoText = (ms: number) => {
    let rest = ms % DAY_MS;
    const milli = rest % 1000;
    rest = (rest - milli) / 1000;
    const sec = rest % 60;
    rest = (rest - sec) / 60;
    const min = rest % 60;
    const hour = (rest - min) / 60;
    return `${dayText(ms)}T${two[hour]}:${two[min]}:${two[sec]}.${three[milli]}Z`;
  };
  const lineTotals: { itemsCount: number; pricePaise: number; unavailable: boolean }[] = [];

  for (let from = 0; from < count; from += opts.chunk) {
    const to = Math.min(count, from + opts.chunk);
    const orders: unknown[] = [];
    const lines: unknown[] = [];
    let o = 0;
    let l = 0;
    for (let i = from; i < to; i++) {
      const id = i + 1;
      const created = times[i]!;
      const store = pickStore(rnd.next());
      const recent = now - created < 10 * DAY_MS;
      const r = rnd.next();
      const status = recent ? rnd.int(0, 4) : r < 0.8 ? 3 : r < 0.92 ? 4 : rnd.int(0, 2);
      const online = rnd.next() < 0.5;

      chosen.length = 0;
      const k = rnd.int(1, 6);
      while (chosen.length < k) {
        const ix = rnd.int(0, items.length - 1);
        if (!chosen.includes(ix)) chosen.push(ix);
      }
      chosen.sort((a, b) => rank[a]! - rank[b]!);
      lineTotals.length = 0;
      for (let position = 0; position < chosen.length; position++) {
        const it = items[chosen[position]!]!;
        const itemsCount = rnd.int(1, 5);
        const unavailable = !online && rnd.next() < 0.08;
        lineTotals.push({ itemsCount, pricePaise: it.price, unavailable });
        if (want.lines && compact) {
          lines[l++] = id;
          lines[l++] = position;
          lines[l++] = it.id;
          lines[l++] = unavailable ? 1 : 0;
          lines[l++] = itemsCount;
        } else if (want.lines) {
          lines[l++] = id;
          lines[l++] = position;
          lines[l++] = it.category;
          lines[l++] = it.id;
          lines[l++] = unavailable ? 1 : 0;
          lines[l++] = it.name;
          lines[l++] = itemsCount;
          lines[l++] = it.qty;
          lines[l++] = it.price;
          lines[l++] = itemsCount * it.price;
          lines[l++] = it.image;
        }
      }
      const deliveryPrice = rnd.next() < 0.2 ? 0 : store.deliveryPrice;
      const { itemsTotal, grandTotal } = orderTotals(lineTotals, deliveryPrice);
      const [city, state] = rnd.pick(CITIES);
      // int(0, n - 1) draws as pick() does: the same names, found by index.
      const first = rnd.int(0, FIRST_NAMES.length - 1);
      const last = rnd.int(0, LAST_NAMES.length - 1);
      const phoneHead = rnd.int(6, 9);
      const phoneTail = rnd.int(0, 999_999_999);
      const flat = rnd.int(101, 909);
      const building = rnd.pick(BUILDINGS);
      const street = rnd.pick(STREETS);
      const landmark = rnd.pick(LANDMARKS);
      const pincode = rnd.int(500001, 535999);
      const settled = online && status === 3 && rnd.next() < 0.8 ? 1 : 0;
      const expected = created + rnd.int(0, 3) * DAY_MS;
      const hours = rnd.int(1, 12);
      const minutes = rnd.pick([0, 15, 30, 45]);
      const period = rnd.next() < 0.5 ? 'AM' : 'PM';
      const reason = status === 4 ? rnd.int(1, 10) : null;
      if (!want.orders) continue;
      const createdIso = isoText(created);
      const due = promisedAt({
        expectedDate: dayText(expected),
        hours,
        minutes,
        period,
        createdAt: createdIso,
        deliveryTime: null,
      });
      if (compact) {
        orders[o++] = id;
        orders[o++] = store.id;
        orders[o++] = status;
        orders[o++] = fullNames[first]![last]!;
        orders[o++] = phoneHead * 1_000_000_000 + phoneTail;
        orders[o++] = flat;
        orders[o++] = building;
        orders[o++] = street;
        orders[o++] = landmark;
        orders[o++] = city;
        orders[o++] = state;
        orders[o++] = pincode;
        orders[o++] = online ? 1 : 0;
        orders[o++] = settled;
        orders[o++] = itemsTotal;
        orders[o++] = deliveryPrice;
        orders[o++] = online ? grandTotal : 0;
        orders[o++] = createdIso;
        orders[o++] = dayText(expected);
        orders[o++] = hours;
        orders[o++] = minutes;
        orders[o++] = period;
        orders[o++] = reason;
        orders[o++] = due;
        continue;
      }
      orders[o++] = id;
      orders[o++] = `ORD${String(id).padStart(numberWidth, '0')}`;
      orders[o++] = store.id;
      orders[o++] = status;
      orders[o++] = fullNames[first]![last]!;
      orders[o++] = `${phoneHead}${String(phoneTail).padStart(9, '0')}`;
      orders[o++] = `Flat ${flat}, ${building}`;
      orders[o++] = street;
      orders[o++] = `Near ${landmark}`;
      orders[o++] = city;
      orders[o++] = state;
      orders[o++] = 'India';
      orders[o++] = String(pincode);
      orders[o++] = online ? 'Online' : 'PayOnDelivery';
      orders[o++] = settled;
      orders[o++] = itemsTotal;
      orders[o++] = deliveryPrice;
      orders[o++] = online ? grandTotal : 0;
      orders[o++] = createdIso;
      orders[o++] = dayText(expected);
      orders[o++] = hours;
      orders[o++] = minutes;
      orders[o++] = period;
      orders[o++] = reason;
      orders[o++] = createdIso;
      orders[o++] = due;
    }
    yield {
      orders,
      lines,
      orderCount: to - from,
      lineCount: lines.length / lineWidth,
    };
  }
}
