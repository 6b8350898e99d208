import { lazy, Suspense } from 'react';
import { createBrowserRouter } from 'react-router';
import { RouteError } from './pages/RouteError.tsx';
import { PublishPage } from './publish/PublishPage.tsx';
import { PageFallback } from './shell/PageFallback.tsx';
import { RootLayout } from './shell/RootLayout.tsx';
import { ShellLayout } from './shell/ShellLayout.tsx';

// Everything but the first /publish screen loads on demand.
const IndexPage = lazy(() => import('./pages/IndexPage.tsx'));
const LoginPage = lazy(() => import('./pages/LoginPage.tsx'));
const FinishAreaPage = lazy(() => import('./pages/FinishAreaPage.tsx'));
const OutboxPage = lazy(() => import('./pages/OutboxPage.tsx'));
const NotAvailablePage = lazy(() => import('./pages/NotAvailablePage.tsx'));
const NotFoundPage = lazy(() => import('./pages/NotFoundPage.tsx'));
const EditPage = lazy(() => import('./pages/EditPage.tsx'));

export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      {
        path: '/login',
        element: (
          <Suspense fallback={<PageFallback withMain />}>
            <LoginPage />
          </Suspense>
        ),
      },
      {
        element: <ShellLayout />,
        errorElement: <RouteError />,
        children: [
          { index: true, element: <IndexPage /> },
          { path: '/publish', element: <PublishPage /> },
          { path: '/edit/:id', element: <EditPage /> },
          { path: '/finishArea', element: <FinishAreaPage /> },
          { path: '/sandbox/outbox', element: <OutboxPage /> },
          { path: '/packages', element: <NotAvailablePage /> },
          { path: '/contactus', element: <NotAvailablePage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
]);
