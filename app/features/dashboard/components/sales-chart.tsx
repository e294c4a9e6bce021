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

/** Whole rupees for the axis: Rs 12,50,000 reads as Rs 12.5L (lakh), Rs 2,00,00,000 as Rs 2Cr. */
export function shortRupees(value: number): string {
  const abs = Math.abs(value);
  const trim = (n: number) => String(Number(n.toFixed(1)));
  if (abs >= 1e7) return `Rs ${trim(value / 1e7)}Cr`;
  if (abs >= 1e5) return `Rs ${trim(value / 1e5)}L`;
  if (abs >= 1e3) return `Rs ${trim(value / 1e3)}K`;
  return `Rs ${trim(value)}`;
}

export default function SalesChart({ data }: { data: SalesPoint[] }) {
  return (
    <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 640, height: 280 }}>
      <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#e4e4e7" />
        <XAxis dataKey="month" tickLine={false} axisLine={false} tick={{ fill: '#52525b', fontSize: 12 }} />
        <YAxis
          width={72}
          tickLine={false}
          axisLine={false}
          tick={{ fill: '#52525b', fontSize: 12 }}
          tickFormatter={(value: number) => shortRupees(value)}
        />
        <Tooltip
          cursor={{ fill: '#eef2ff' }}
          formatter={(value) => [formatRupees(Number(value)), 'Delivered sales']}
          contentStyle={{ borderRadius: 8, borderColor: '#e4e4e7' }}
        />
        <Bar
          dataKey="amount"
          name="Delivered sales"
          fill="#4f46e5"
          radius={[4, 4, 0, 0]}
          isAnimationActive={false}
        />
      </BarChart>
    </ResponsiveContainer>
  );
}
