import type { ChooserTarget, PublishParams } from '@app/catalog/chooser';
import { useCallback } from 'react';
import { useNavigate } from '../../shared/routing/index.ts';

export const publishHref = (params: PublishParams): string => `/publish?${new URLSearchParams(params)}`;

/**
 * Follows an in-app publish target: a router navigation, or a full page load when the target asks for one
 * (business for sale). From inside a popup the navigation replaces the popup's history entry.
 */
export function useFollowPublishTarget() {
  const navigate = useNavigate();
  return useCallback(
    (target: Extract<ChooserTarget, { kind: 'publish' }>, fromPopup = false) => {
      const href = publishHref(target.params);
      if (target.fullReload) window.location.assign(href);
      else navigate(href, { replace: fromPopup });
    },
    [navigate],
  );
}
