import './app/styles/fonts.css';
import './app/styles/base.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRoutes } from './app/router.tsx';
import { AppRouter } from './shared/routing/index.ts';

const root = document.getElementById('root');
if (root) {
  const app = createRoot(root);
  // The first render as a transition: React draws the app in slices that give the main thread back every few
  // milliseconds instead of one long task after the HTML's top bar has painted (Lighthouse's total blocking time on
  // a cold wizard step: 10-70 ms, docs/QUALITY.md, "Performance (Lighthouse, mobile)").
  startTransition(() =>
    app.render(
      <StrictMode>
        <AppRouter>
          <AppRoutes />
        </AppRouter>
      </StrictMode>,
    ),
  );
}
