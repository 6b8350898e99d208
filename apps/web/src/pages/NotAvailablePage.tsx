import { usePageTitle } from '../app/usePageTitle.ts';
import { he } from '../i18n/he.ts';
import { MessagePage } from './MessagePage.tsx';

/** A page a link leads to that has nothing to show (a finish area that is not there): says so, with the ways on. */
export default function NotAvailablePage({ text = he.notAvailable.text }: { text?: string }) {
  usePageTitle(he.meta.notAvailable);
  return <MessagePage title={he.notAvailable.title} text={text} />;
}
