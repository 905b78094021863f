import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
// The small part of the catalog: these come with every page (de.shell.ts).
import { deShell as de } from '../i18n/de.shell';
import { ApiError } from '../lib/api';
import { isChunkLoadError } from '../lib/chunkReload';
import { usePageTitle } from '../lib/usePageTitle';
import { ButtonLink } from './links';

/**
 * Shown when loading or rendering a page throws. API errors carry a German message worth showing;
 * anything else gets a general sentence (no internals on screen).
 */
export function RouteErrorPage({ error, reset }: ErrorComponentProps) {
  usePageTitle(de.routeError.heading);
  const router = useRouter();
  const staleBuild = isChunkLoadError(error);
  const message =
    error instanceof ApiError ? error.message : staleBuild ? de.routeError.updated : de.routeError.text;

  const retry = () => {
    reset();
    void router.invalidate();
  };

  return (
    <Stack align="center" ta="center" gap="md" role="alert">
      <Title order={1}>{de.routeError.heading}</Title>
      <Text>{message}</Text>
      <Group justify="center">
        {staleBuild ? (
          <Button onClick={() => window.location.reload()}>{de.routeError.reload}</Button>
        ) : (
          <Button onClick={retry}>{de.routeError.retry}</Button>
        )}
        <ButtonLink to="/" variant="default">
          {de.app.homeLink}
        </ButtonLink>
      </Group>
    </Stack>
  );
}
