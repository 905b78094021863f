import { createMemoryHistory } from '@tanstack/react-router';
import { act, render } from '@testing-library/react';
import { App } from '../App';
import { createQueryClient } from '../lib/queryClient';
import { createAppRouter } from '../router';

/** Renders the whole app (providers, router with the generated route tree) at `path`. */
export async function renderApp(path: string) {
  const queryClient = createQueryClient();
  const router = createAppRouter(queryClient, {
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  await act(async () => {
    render(<App router={router} queryClient={queryClient} />);
    await router.load();
  });
  return { router, queryClient };
}
