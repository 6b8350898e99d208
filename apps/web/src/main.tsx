import './app/styles/fonts.css';
import './app/styles/base.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRoutes } from './app/router.tsx';
import { AppRouter } from './shared/routing/index.ts';

// The ad's page is the server's HTML (apps/server/src/listing/ad-page.ts): its script only enhances it, loaded on demand.
const adPage = document.querySelector<HTMLElement>('[data-ad-page]');
const root = adPage ? null : document.getElementById('root');
if (adPage) void import('./features/ad-page/index.ts').then(({ enhanceAdPage }) => enhanceAdPage(adPage));
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
