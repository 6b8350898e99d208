import { Suspense } from 'react';
import { isNativeApp } from '../../shared/native-app/index.ts';
import { Outlet } from '../../shared/routing/index.ts';
import { PageFallback } from '../../shared/ui/index.ts';
import { ContactFab } from './ContactFab.tsx';
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
