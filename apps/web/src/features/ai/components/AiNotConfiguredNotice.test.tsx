import type { PublicConfig } from '@app/contract';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { de } from '../../../i18n/de';
import { configQueryOptions } from '../../config/queries';
import { useAiEnabled } from '../useAiEnabled';
import { AiNotConfiguredNotice } from './AiNotConfiguredNotice';

const config = (aiProvider: PublicConfig['aiProvider']): PublicConfig => ({
  authUrl: 'http://localhost',
  authMode: 'local',
  supabaseAnonKey: 'anon',
  publicUrl: 'http://localhost',
  aiProvider,
  signupDisabled: false,
  posthog: null,
  version: 'test',
});

function AiButton() {
  const enabled = useAiEnabled();
  return (
    <>
      <button type="button" disabled={!enabled}>
        KI-Feedback
      </button>
      <AiNotConfiguredNotice />
    </>
  );
}

function show(aiProvider: PublicConfig['aiProvider']) {
  const client = new QueryClient();
  client.setQueryData(configQueryOptions.queryKey, config(aiProvider));
  render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <AiButton />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('AI availability', () => {
  it('explains in German that no AI service is configured and keeps AI buttons off', () => {
    show('none');
    expect(screen.getByText(de.errors.AI_NOT_CONFIGURED)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'KI-Feedback' }).hasAttribute('disabled')).toBe(true);
  });

  it('shows nothing and enables AI buttons when a provider is configured', () => {
    show('openai');
    expect(screen.queryByText(de.errors.AI_NOT_CONFIGURED)).toBeNull();
    expect(screen.getByRole('button', { name: 'KI-Feedback' }).hasAttribute('disabled')).toBe(false);
  });
});
