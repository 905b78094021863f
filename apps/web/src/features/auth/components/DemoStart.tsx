import { Button, List, Stack, Text } from '@mantine/core';
import { useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { de } from '../../../i18n/de';
import { ApiError } from '../../../lib/api';
import { useAuth } from '../AuthProvider';
import { requestDemoSession } from '../demo';
import { FormAlert } from './FormAlert';

/** `/demo`: says what the demo account holds (contract DEMO_CONTENT); one click signs into it. */
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
      <Text id="demo-contents">{de.demo.intro}</Text>
      <List aria-labelledby="demo-contents" spacing={4}>
        {de.demo.contents.map((line) => (
          <List.Item key={line}>{line}</List.Item>
        ))}
      </List>
      <Text size="sm" c="dimmed">
        {de.demo.shared}
      </Text>
      {message && <FormAlert messages={[message]} />}
      <Button size="md" onClick={() => void start()} loading={starting}>
        {de.auth.demo.start}
      </Button>
    </Stack>
  );
}
