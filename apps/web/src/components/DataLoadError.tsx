import { Alert, Button, Stack } from '@mantine/core';
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { de } from '../i18n/de';
import { ApiError } from '../lib/api';

/**
 * A page whose data could not be loaded: PRODUCT.md's text for it (e.g. 'Fehler beim Laden der Klassen'), the
 * server's reason when it gave one, and a way to try again. Used as a route's `errorComponent`.
 */
export function DataLoadError({ error, reset, message }: ErrorComponentProps & { message: string }) {
  const router = useRouter();
  const reason = error instanceof ApiError && error.code !== 'INVALID_RESPONSE' ? error.message : null;

  const retry = () => {
    reset();
    void router.invalidate();
  };

  return (
    <Stack gap="md" maw={640}>
      <Alert color="red" title={message} role="alert">
        {reason}
      </Alert>
      <div>
        <Button onClick={retry}>{de.loadError.retry}</Button>
      </div>
    </Stack>
  );
}
