/*
 * The charts' colours as the theme's variables (recharts takes them as SVG paint), so the
 * dashboard's and the day report's charts follow the dark theme like everything else.
 */
export const CHART = {
  grid: 'var(--color-zinc-200)',
  tick: 'var(--color-zinc-600)',
  bar: 'var(--color-accent-600)',
  cursor: { fill: 'var(--color-accent-50)' },
  tooltip: { borderRadius: 8, borderColor: 'var(--color-zinc-200)', backgroundColor: 'var(--color-white)' },
} as const;
