import type { Config } from 'tailwindcss';

/*
 * Tailwind 4 reads this through `@config` in app/styles.css. The accent (indigo) and the dark
 * theme are CSS variables generated into app/theme.gen.css (scripts/gen-theme.mjs).
 */
export default {
  content: ['./index.html', './app/**/*.{ts,tsx}'],
  theme: {
    extend: {
      fontFamily: {
        sans: [
          'Inter',
          'ui-sans-serif',
          'system-ui',
          '-apple-system',
          'Segoe UI',
          'Roboto',
          'Helvetica Neue',
          'Arial',
          'sans-serif',
        ],
      },
      keyframes: {
        progress: {
          '0%': { transform: 'translateX(-100%)' },
          '100%': { transform: 'translateX(250%)' },
        },
      },
      animation: {
        progress: 'progress 1.2s ease-in-out infinite',
      },
    },
  },
} satisfies Config;
