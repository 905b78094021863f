import type { PublicConfig } from '@app/contract';
import { useRouterState } from '@tanstack/react-router';
// The slim build without external scripts: page views and identification only, nothing fetched from elsewhere.
import posthog from 'posthog-js/dist/module.slim.no-external';
import { useEffect, useRef } from 'react';
import { isChildrensPage } from '../../lib/childrensPages';

type PosthogConfig = NonNullable<PublicConfig['posthog']>;

/**
 * Product analytics (PRODUCT.md §1): a `$pageview` with the full path after every route change, a person
 * profile only for signed-in users (identified by their account id, nothing else), reset on sign-out.
 * Mounted by the root once a tracked page was shown; it stays mounted and skips the children's paths itself.
 */
export default function Analytics({ config, userId }: { config: PosthogConfig; userId: string | null }) {
  const location = useRouterState({ select: (state) => state.location });
  const identified = useRef<string | null>(null);

  useEffect(() => {
    if (posthog.__loaded) return;
    posthog.init(config.key, {
      api_host: config.host,
      person_profiles: 'identified_only',
      capture_pageview: false,
      capture_pageleave: false,
      autocapture: false,
      disable_session_recording: true,
      disable_surveys: true,
      advanced_disable_flags: true,
      disable_external_dependency_loading: true,
      persistence: 'localStorage',
    });
  }, [config.key, config.host]);

  useEffect(() => {
    if (userId && identified.current !== userId) {
      posthog.identify(userId);
      identified.current = userId;
    } else if (!userId && identified.current) {
      posthog.reset();
      identified.current = null;
    }
  }, [userId]);

  const path = location.href;
  useEffect(() => {
    if (isChildrensPage(location.pathname)) return;
    posthog.capture('$pageview', { $current_url: `${window.location.origin}${path}` });
  }, [path, location.pathname]);

  return null;
}
