import './styles/fonts.css';
import './styles/base.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRouter } from './app/routing.tsx';
import { AppRoutes } from './router.tsx';

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <AppRouter>
        <AppRoutes />
      </AppRouter>
    </StrictMode>,
  );
}
