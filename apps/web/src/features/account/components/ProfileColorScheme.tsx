import { useMantineColorScheme } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import { forcedColorScheme } from '../../../lib/colorScheme';
import { useSession } from '../../auth';
import { profileQueryOptions } from '../queries';
import { rememberColorScheme } from '../colorSchemeStorage';

/**
 * Applies the colour mode kept in the signed-in user's profile (PRODUCT.md §4 Account) once the profile has
 * arrived, and copies it into the browser's storage so that the next load starts in it before any data. A
 * page that forces a mode keeps it (lib/colorScheme.ts); the user's mode returns on the next page that does
 * not. Renders nothing; mounted once at the root.
 */
export function ProfileColorScheme() {
  const { session } = useSession();
  const profile = useQuery({ ...profileQueryOptions, enabled: session !== null });
  const preference = session ? profile.data?.meta_data.color_scheme : undefined;
  const forced = useRouterState({ select: (state) => forcedColorScheme(state.matches) });
  const { setColorScheme } = useMantineColorScheme();

  useEffect(() => {
    if (!preference) return;
    rememberColorScheme(preference);
    // Mantine ignores the call while a page forces a mode; the effect runs again when it stops forcing.
    if (!forced) setColorScheme(preference);
  }, [preference, forced, setColorScheme]);

  return null;
}
