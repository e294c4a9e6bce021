import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { i18n, params, useFormats, useT } from '../../../lib/i18n';
import { CHART } from '../../../lib/chart-style';

/*
 * Orders per hour (India time) as bars. Loaded through React.lazy only (day-report.tsx), so
 * recharts stays in its own chunk; the hours table beside it is what assistive tech reads.
 */
const messages = i18n('reports/chart', {
  orders: 'Orders',
  hour: params('{hour}:00 India time'),
});

export default function HourChart({ perHour }: { perHour: readonly number[] }) {
  const t = useT(messages);
  const f = useFormats();
  const data = perHour.map((orders, hour) => ({ hour: String(hour).padStart(2, '0'), orders }));
  return (
    <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 640, height: 220 }}>
      <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} stroke={CHART.grid} />
        <XAxis
          dataKey="hour"
          tickLine={false}
          axisLine={false}
          interval={1}
          tick={{ fill: CHART.tick, fontSize: 11 }}
        />
        <YAxis
          width={40}
          allowDecimals={false}
          tickLine={false}
          axisLine={false}
          tick={{ fill: CHART.tick, fontSize: 12 }}
          tickFormatter={(value: number) => f.count(value)}
        />
        <Tooltip
          cursor={CHART.cursor}
          formatter={(value) => [f.count(Number(value)), t.orders]}
          labelFormatter={(label) => t.hour({ hour: String(label) })}
          contentStyle={CHART.tooltip}
        />
        <Bar
          dataKey="orders"
          name={t.orders}
          fill={CHART.bar}
          radius={[3, 3, 0, 0]}
          isAnimationActive={false}
        />
      </BarChart>
    </ResponsiveContainer>
  );
}
