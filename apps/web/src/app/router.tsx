import { lazy, Suspense } from 'react';
import { PublishPage } from '../features/wizard/index.ts';
import { Layout, Route, RouteBoundary, Switch } from '../shared/routing/index.ts';
import { PageFallback } from '../shared/ui/index.ts';
import { RouteError } from './RouteError.tsx';
import { RootLayout } from './shell/RootLayout.tsx';
import { ShellLayout } from './shell/ShellLayout.tsx';

// Everything but the first /publish screen loads on demand.
const IndexPage = lazy(() => import('./IndexPage.tsx'));
const LoginPage = lazy(() => import('../features/login/LoginPage.tsx'));
const FinishAreaPage = lazy(() => import('../features/finish/FinishAreaPage.tsx'));
const OutboxPage = lazy(() => import('../features/sandbox/OutboxPage.tsx'));
const PhoneOutboxPage = lazy(() => import('../features/sandbox/PhoneOutboxPage.tsx'));
const SandboxPaymentsPage = lazy(() => import('../features/sandbox/SandboxPaymentsPage.tsx'));
const ContactUsPage = lazy(() => import('../features/contact-us/ContactUsPage.tsx'));
const NotFoundPage = lazy(() => import('../shared/ui/NotFoundPage.tsx'));
const EditPage = lazy(() => import('../features/wizard/EditPage.tsx'));
const PackagesPage = lazy(() => import('../features/packages/PackagesPage.tsx'));
const MyAdsPage = lazy(() => import('../features/my-ads/MyAdsPage.tsx'));
const PaymentPortalPage = lazy(() => import('../features/payment/PaymentPortalPage.tsx'));
// The payment frame's result page and the hand-over page: no top bar (they show inside the payment iframe).
const FinishPaymentPage = lazy(() => import('../features/finish/FinishPaymentPage.tsx'));
// The operator console: staff only, its own chunk, no customer top bar.
const OperatorPage = lazy(() => import('../features/operator/OperatorPage.tsx'));
const FinishPaymentAreaPage = lazy(() => import('../features/finish/FinishPaymentAreaPage.tsx'));
// The printable car sign: no top bar (it opens in its own window and prints alone).
const CarSignPage = lazy(() => import('../features/car-sign/CarSignPage.tsx'));

/**
 * The routes: RootLayout (providers) around /login and the pages under ShellLayout (top bar). A page that fails
 * to render or to load its chunk shows RouteError in place of the shell (inside the providers), or of everything
 * when the providers themselves fail.
 */
export function AppRoutes() {
  return (
    <RouteBoundary fallback={<RouteError />}>
      <Layout element={<RootLayout />}>
        <Switch>
          <Route path="/login">
            <Suspense fallback={<PageFallback withMain />}>
              <LoginPage />
            </Suspense>
          </Route>
          <Route path="/operator/*?">
            <Suspense fallback={<PageFallback withMain />}>
              <OperatorPage />
            </Suspense>
          </Route>
          <Route path="/finishPayment">
            <Suspense fallback={<PageFallback withMain />}>
              <FinishPaymentPage />
            </Suspense>
          </Route>
          <Route path="/finishPaymentArea">
            <Suspense fallback={<PageFallback withMain />}>
              <FinishPaymentAreaPage />
            </Suspense>
          </Route>
          <Route path="/print/carQR/:id">
            <Suspense fallback={<PageFallback withMain />}>
              <CarSignPage />
            </Suspense>
          </Route>
          <Route>
            <RouteBoundary fallback={<RouteError />}>
              <Layout element={<ShellLayout />}>
                <Switch>
                  <Route path="/">
                    <IndexPage />
                  </Route>
                  <Route path="/publish">
                    <PublishPage />
                  </Route>
                  <Route path="/edit/:id">
                    <EditPage />
                  </Route>
                  <Route path="/finishArea">
                    <FinishAreaPage />
                  </Route>
                  <Route path="/sandbox/outbox">
                    <OutboxPage />
                  </Route>
                  <Route path="/sandbox/phones">
                    <PhoneOutboxPage />
                  </Route>
                  <Route path="/sandbox/payments">
                    <SandboxPaymentsPage />
                  </Route>
                  <Route path="/packages">
                    <PackagesPage />
                  </Route>
                  <Route path="/my-ads">
                    <MyAdsPage />
                  </Route>
                  <Route path="/payment">
                    <PaymentPortalPage />
                  </Route>
                  <Route path="/contactus">
                    <ContactUsPage />
                  </Route>
                  <Route>
                    <NotFoundPage />
                  </Route>
                </Switch>
              </Layout>
            </RouteBoundary>
          </Route>
        </Switch>
      </Layout>
    </RouteBoundary>
  );
}
