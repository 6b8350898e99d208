import { hePackages } from '../../shared/i18n/index.ts';
import { useOpenLogin } from '../login/index.ts';

/**
 * What a page that lists the customer's own things (their packages, their ads) says when it has nothing to list yet:
 * the list did not load (try again), or the visitor is not logged in (log in).
 */
export function LoadNotices(props: {
  kind: string;
  texts: { loadFailed: string; loginNeeded: string };
  onRetry: () => void;
}) {
  const { kind, texts } = props;
  const openLogin = useOpenLogin();
  if (kind === 'failed') {
    return (
      <div role="alert" className="packages-page__notice">
        <p>{texts.loadFailed}</p>
        <button type="button" className="btn btn--secondary" onClick={props.onRetry}>
          {hePackages.packages.retry}
        </button>
      </div>
    );
  }
  if (kind === 'guest') {
    return (
      <div className="packages-page__notice">
        <p>{texts.loginNeeded}</p>
        <button type="button" className="btn btn--primary" onClick={() => openLogin('login')}>
          {hePackages.packages.login}
        </button>
      </div>
    );
  }
  return null;
}
