import { he } from '../../../shared/i18n/index.ts';

/** /publish while the customer or the step area's code loads (one h1, a status line). */
export function PublishLoading({ redirecting = false }: { redirecting?: boolean }) {
  return (
    <>
      <h1 className="visually-hidden">{he.meta.publish}</h1>
      <p className="publish__loading" role="status">
        {redirecting ? he.publish.redirecting : he.common.loading}
      </p>
    </>
  );
}
