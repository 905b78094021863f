import { Alert, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A form's error or notice: each message on its own line, announced to screen readers. */
export function FormAlert({
  messages,
  color = 'red',
  children,
}: {
  messages: readonly string[];
  color?: string;
  children?: ReactNode;
}) {
  if (messages.length === 0 && !children) return null;
  return (
    <Alert color={color} variant="light" role={color === 'red' ? 'alert' : 'status'}>
      <Stack gap={4}>
        {messages.map((message) => (
          <Text key={message} size="sm">
            {message}
          </Text>
        ))}
        {children}
      </Stack>
    </Alert>
  );
}
