import { usePageTitle } from '../app/usePageTitle.ts';
import { he } from '../i18n/he.ts';
import { MessagePage } from './MessagePage.tsx';

export default function NotFoundPage() {
  usePageTitle(he.meta.notFound);
  return <MessagePage code="404" title={he.notFound.title} text={he.notFound.text} />;
}
