import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider, useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import { Toaster } from './components/Toaster';
import { type AuthController, AuthProvider } from './features/auth';
import { forcedColorScheme } from './lib/colorScheme';
import type { AppRouter } from './router';
import { useHydrating } from './lib/hydration';
import { hydratingTheme, theme } from './theme';

interface AppProps {
  router: AppRouter;
  queryClient: QueryClient;
  auth: AuthController;
}

/** Providers around the router. Mantine sits outside so that error and 404 pages are styled too. */
export function App({ router, queryClient, auth }: AppProps) {
  const colorScheme = useRouterState({ router, select: (state) => forcedColorScheme(state.matches) });
  const hydrating = useHydrating();
  // The page acts on clicks and keys from now on (a page the server drew: once hydrated). Browser tests wait
  // for it before they click what a hydrating page would not act on yet.
  useEffect(() => {
    if (!hydrating) document.documentElement.dataset.appReady = '';
  }, [hydrating]);
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider auth={auth}>
        <MantineProvider
          theme={hydrating ? hydratingTheme : theme}
          defaultColorScheme="auto"
          forceColorScheme={colorScheme}
        >
          <Toaster />
          <RouterProvider router={router} />
        </MantineProvider>
      </AuthProvider>
    </QueryClientProvider>
  );
}
