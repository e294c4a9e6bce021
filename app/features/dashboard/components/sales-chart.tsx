import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formats, i18n, params, useFormats, useT } from '../../../lib/i18n';
import { CHART } from '../../../lib/chart-style';

/*
 * The yearly sales bars. recharts is big: this module is only ever loaded through
 * React.lazy (yearly-sales.tsx), so it and recharts form their own chunk that no other
 * route downloads. The accessible equivalent (a table) lives outside, in the page chunk.
 */

export interface SalesPoint {
  month: string;
  amount: number;
}

const messages = i18n('dashboard/chart', {
  sales: 'Delivered sales',
  rupees: params('Rs {n}'),
  thousands: params('Rs {n}K'),
  lakhs: params('Rs {n}L'),
  crores: params('Rs {n}Cr'),
});

/** The unit of the axis, chosen once from the largest month so every tick reads alike. */
export function rupeeAxis(max: number, t = messages.get(), f = formats()): (value: number) => string {
  const [size, unit] =
    max >= 1e7
      ? [1e7, t.crores]
      : max >= 1e5
        ? [1e5, t.lakhs]
        : max >= 1e3
          ? [1e3, t.thousands]
          : [1, t.rupees];
  return (value) => (value === 0 ? t.rupees : unit)({ n: f.decimal(value / size) });
}

export default function SalesChart({ data }: { data: SalesPoint[] }) {
  const t = useT(messages);
  const f = useFormats();
  // Lakh and crore (Rs 2.4L, Rs 1.2Cr), as the tooltip's Rs 2,40,000.00 groups digits.
  const max = Math.max(...data.map((point) => point.amount));
  const tick = rupeeAxis(max, t, f);
  return (
    <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 640, height: 280 }}>
      {/* Not focusable: the drawing is aria-hidden, the month table beside it is what assistive tech reads. */}
      <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} stroke={CHART.grid} />
        <XAxis dataKey="month" tickLine={false} axisLine={false} tick={{ fill: CHART.tick, fontSize: 12 }} />
        <YAxis
          // Room for the longest tick ("Rs 2.4L"; the unit's word is longer in Telugu and Hindi).
          width={Math.max(72, tick(max).length * 7)}
          tickLine={false}
          axisLine={false}
          tick={{ fill: CHART.tick, fontSize: 12 }}
          tickFormatter={(value: number) => tick(value)}
        />
        <Tooltip
          cursor={CHART.cursor}
          formatter={(value) => [f.money(Number(value)), t.sales]}
          contentStyle={CHART.tooltip}
        />
        <Bar
          dataKey="amount"
          name={t.sales}
          fill={CHART.bar}
          radius={[4, 4, 0, 0]}
          isAnimationActive={false}
        />
      </BarChart>
    </ResponsiveContainer>
  );
}
