import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { startLanguage } from './lib/i18n';
import { startTheme } from './lib/theme';
import { createAppRouter } from './router';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html lost its #root element');

startTheme();
// The device's language is in before the first paint, so no screen flashes in English.
void startLanguage().then(() => {
  const router = createAppRouter();
  createRoot(root).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
});
