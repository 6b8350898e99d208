import { lazy, Suspense, useEffect } from 'react';
import { he } from '../../shared/i18n/index.ts';
import { useNavigate, useParams } from '../../shared/routing/index.ts';
import { isLoggedIn, useCustomer } from '../../shared/session/index.ts';
import { PageFallback } from '../../shared/ui/index.ts';

const EditWizard = lazy(() => import('./EditWizard.tsx'));

/** /edit/:id: the owner's ad in edit mode; a guest goes to /login and comes back here. */
export default function EditPage() {
  const { id = '' } = useParams();
  const { loaded, customer } = useCustomer();
  const navigate = useNavigate();
  const guest = loaded && !isLoggedIn(customer);

  useEffect(() => {
    if (guest) navigate(`/login?continue=${encodeURIComponent(`/edit/${id}`)}`, { replace: true });
  }, [guest, id, navigate]);

  if (!loaded || guest) {
    return (
      <>
        <h1 className="visually-hidden">{he.wizard.editTitle}</h1>
        <p className="publish__loading" role="status">
          {he.common.loading}
        </p>
      </>
    );
  }
  return (
    <Suspense fallback={<PageFallback />}>
      <EditWizard key={id} adId={id} />
    </Suspense>
  );
}
