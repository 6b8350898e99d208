import { he } from '../i18n/index.ts';

/** Shown while a lazily loaded page downloads: still one main landmark and one h1. */
export function PageFallback({ withMain = false }: { withMain?: boolean }) {
  const body = (
    <>
      <h1 className="visually-hidden">{he.common.loading}</h1>
      <p className="page-fallback" role="status">
        {he.common.loading}
      </p>
    </>
  );
  return withMain ? (
    <main id="main" className="page">
      {body}
    </main>
  ) : (
    body
  );
}
