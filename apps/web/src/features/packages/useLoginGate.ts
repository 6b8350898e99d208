import { useEffect, useRef } from 'react';
import { useCustomer } from '../../shared/session/index.ts';
import { useOpenLogin } from '../login/index.ts';

/**
 * A page whose call answered 'not connected' (spec §4 "Packages page": error 1 opens the login popup): opens the
 * login popup once per guest answer. The page reloads its data when the customer changes (after the login),
 * by keying its load on the returned customer id.
 */
export function useLoginGate(guest: boolean): number {
  const { customer } = useCustomer();
  const openLogin = useOpenLogin();
  const opened = useRef(false);
  useEffect(() => {
    if (!guest) {
      opened.current = false;
      return;
    }
    if (opened.current) return;
    opened.current = true;
    openLogin('login');
  }, [guest, openLogin]);
  return customer.id;
}
