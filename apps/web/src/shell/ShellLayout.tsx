import { Suspense } from 'react';
import { isNativeApp } from '../app/nativeApp.ts';
import { Outlet } from '../app/routing.tsx';
import { ContactFab } from './ContactFab.tsx';
import { PageFallback } from './PageFallback.tsx';
import { TopBar } from './TopBar.tsx';

/** Pages under the publish top bar (hidden inside the native app). */
export function ShellLayout() {
  return (
    <>
      {!isNativeApp() && <TopBar />}
      <main id="main" className="page" tabIndex={-1}>
        <Suspense fallback={<PageFallback />}>
          <Outlet />
        </Suspense>
      </main>
      <ContactFab />
    </>
  );
}
