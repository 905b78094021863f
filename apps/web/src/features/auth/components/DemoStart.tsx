import { Button, Stack, Text } from '@mantine/core';
import { useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { de } from '../../../i18n/de';
import { ApiError } from '../../../lib/api';
import { useAuth } from '../AuthProvider';
import { requestDemoSession } from '../demo';
import { FormAlert } from './FormAlert';

/** `/demo`: one click signs into the demo teacher's account. */
export function DemoStart() {
  const auth = useAuth();
  const router = useRouter();
  const [message, setMessage] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);

  const start = async () => {
    setMessage(null);
    setStarting(true);
    try {
      const [client, tokens] = await Promise.all([auth.client(), requestDemoSession()]);
      const { data, error } = await client.setSession(tokens);
      if (error || !data.session) {
        setMessage(de.auth.demo.failed);
        return;
      }
      auth.adopt(data.session);
      await router.navigate({ to: '/classes' });
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) setMessage(de.auth.demo.disabled);
      else if (error instanceof ApiError && error.code !== 'INVALID_RESPONSE') setMessage(error.message);
      else setMessage(de.auth.demo.failed);
    } finally {
      setStarting(false);
    }
  };

  return (
    <Stack gap="md">
      <Text>{de.auth.demo.intro}</Text>
      {message && <FormAlert messages={[message]} />}
      <Button size="md" onClick={() => void start()} loading={starting}>
        {de.auth.demo.start}
      </Button>
    </Stack>
  );
}
