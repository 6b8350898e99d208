import { createContext, lazy, type ReactNode, Suspense, useCallback, useContext, useMemo, useState } from 'react';
import type { LoginView } from './loginPopupMachine.ts';

const LoginPopup = lazy(() => import('./LoginPopup.tsx'));

type OpenLogin = (view?: LoginView) => void;

const LoginPopupContext = createContext<OpenLogin | null>(null);

/** Hosts the (lazily loaded) login popup; children open it with useOpenLogin(). */
export function LoginPopupProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState<{ view: LoginView; key: number } | null>(null);
  const openLogin = useCallback<OpenLogin>((view = 'login') => setOpen((o) => ({ view, key: (o?.key ?? 0) + 1 })), []);
  const close = useCallback(() => setOpen(null), []);
  const value = useMemo(() => openLogin, [openLogin]);
  return (
    <LoginPopupContext.Provider value={value}>
      {children}
      {open && (
        <Suspense fallback={null}>
          <LoginPopup key={open.key} initialView={open.view} onClose={close} />
        </Suspense>
      )}
    </LoginPopupContext.Provider>
  );
}

export function useOpenLogin(): OpenLogin {
  const open = useContext(LoginPopupContext);
  if (!open) throw new Error('useOpenLogin must be used inside <LoginPopupProvider>');
  return open;
}
