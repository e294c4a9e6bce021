import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatRupees } from '#contract/rules';

/*
 * The yearly sales bars. recharts is big: this module is only ever loaded through
 * React.lazy (yearly-sales.tsx), so it and recharts form their own chunk that no other
 * route downloads. The accessible equivalent (a table) lives outside, in the page chunk.
 */

export interface SalesPoint {
  month: string;
  amount: number;
}

/** The unit of the axis, chosen once from the largest month so every tick reads alike. */
export function rupeeAxis(max: number): (value: number) => string {
  const [size, suffix] =
    max >= 1e7 ? [1e7, 'Cr'] : max >= 1e5 ? [1e5, 'L'] : max >= 1e3 ? [1e3, 'K'] : [1, ''];
  return (value) => `Rs ${Number((value / size).toFixed(2))}${value === 0 ? '' : suffix}`;
}

export default function SalesChart({ data }: { data: SalesPoint[] }) {
  // Lakh and crore (Rs 2.4L, Rs 1.2Cr), as the tooltip's Rs 2,40,000.00 groups digits.
  const tick = rupeeAxis(Math.max(...data.map((point) => point.amount)));
  return (
    <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 640, height: 280 }}>
      {/* Not focusable: the drawing is aria-hidden, the month table beside it is what assistive tech reads. */}
      <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="var(--color-zinc-200)" />
        <XAxis
          dataKey="month"
          tickLine={false}
          axisLine={false}
          tick={{ fill: 'var(--color-zinc-600)', fontSize: 12 }}
        />
        <YAxis
          width={72}
          tickLine={false}
          axisLine={false}
          tick={{ fill: 'var(--color-zinc-600)', fontSize: 12 }}
          tickFormatter={(value: number) => tick(value)}
        />
        <Tooltip
          cursor={{ fill: 'var(--color-accent-50)' }}
          formatter={(value) => [formatRupees(Number(value)), 'Delivered sales']}
          contentStyle={{
            borderRadius: 8,
            borderColor: 'var(--color-zinc-200)',
            backgroundColor: 'var(--color-white)',
          }}
        />
        <Bar
          dataKey="amount"
          name="Delivered sales"
          fill="var(--color-accent-600)"
          radius={[4, 4, 0, 0]}
          isAnimationActive={false}
        />
      </BarChart>
    </ResponsiveContainer>
  );
}
