import type { SubmissionFile, SubmissionListEntry, SubmitPageResponse } from '@app/contract';
import { MantineProvider } from '@mantine/core';
import { Toaster } from '../components/Toaster';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createQueryClient } from '../lib/queryClient';
import { theme } from '../theme';

/**
 * Fixtures and a plain render (Mantine + TanStack Query, no router) for the components around submissions:
 * uploads, matching, grading, the feedback link and corrections.
 */

export const TASK_ID = 'task_aaaaaaaaaaaaaaaa';
export const STUDENT_A = '22222222-2222-4222-8222-222222222222';
export const STUDENT_B = '33333333-3333-4333-8333-333333333333';
const stamp = '2025-03-10T08:15:00.000Z';

export function id(prefix: string): string {
  return prefix.padEnd(21, '_').slice(0, 21);
}

export function submitPage(overrides: Partial<SubmitPageResponse> = {}): SubmitPageResponse {
  return {
    task: {
      id: TASK_ID,
      title: 'Bruchrechnung',
      description: '',
      data: {
        type: 'doc',
        content: [
          {
            type: 'paragraph',
            content: [{ type: 'text', text: 'Kürze die Brüche.', marks: [{ type: 'bold' }] }],
          },
        ],
      },
      due_date: null,
      status: 'published',
      allow_late_submissions: false,
    },
    accepting: true,
    closed_reason: null,
    students: [
      { id: STUDENT_A, label: 'Greta G.' },
      { id: STUDENT_B, label: 'Max M.' },
    ],
    preselected_student_id: null,
    limits: { maxFileBytes: 20 * 1024 * 1024, maxFiles: 20, mimeTypes: ['image/jpeg', 'application/pdf'] },
    ...overrides,
  };
}

export function file(name: string, overrides: Partial<SubmissionFile> = {}): SubmissionFile {
  return {
    id: id(`f-${name}`),
    task_id: TASK_ID,
    submission_id: null,
    original_name: name,
    mime: name.endsWith('.pdf') ? 'application/pdf' : 'image/jpeg',
    size: 1000,
    sha256: 'a'.repeat(64),
    pages: 1,
    uploaded_at: stamp,
    uploader_label: 'Lena',
    scan: null,
    ...overrides,
  };
}

export function entry(
  first: string,
  last: string,
  overrides: Partial<SubmissionListEntry> = {},
): SubmissionListEntry {
  return {
    id: id(`s-${first}`),
    task_id: TASK_ID,
    student_id: STUDENT_A,
    path: null,
    solution: null,
    status: 'offen',
    uploaded_at: null,
    created_at: stamp,
    created_by: '11111111-1111-4111-8111-111111111111',
    updated_at: stamp,
    name: { first_name: first, last_name: last },
    files: [],
    score: null,
    feedback: [],
    display_status: 'offen',
    changed_since_release: false,
    identical_files_with: [],
    ...overrides,
  };
}

export function renderWithProviders(ui: ReactNode, queryClient: QueryClient = createQueryClient()) {
  const result = render(
    <QueryClientProvider client={queryClient}>
      <MantineProvider theme={theme}>
        <Toaster />
        {ui}
      </MantineProvider>
    </QueryClientProvider>,
  );
  return { ...result, queryClient };
}

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

export function apiError(status: number, code: string, message: string): Response {
  return json({ error: { code, message }, requestId: 'req-1' }, status);
}

/**
 * A stand-in for XMLHttpRequest (the upload transport): every request waits in `requests` until the test
 * answers it, sending progress events first if it likes.
 */
export class FakeXhr {
  static requests: FakeXhr[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  status = 0;
  responseText = '';
  private listeners: Record<string, Array<(event: unknown) => void>> = {};
  private uploadListeners: Record<string, Array<(event: unknown) => void>> = {};
  upload = {
    addEventListener: (type: string, fn: (event: unknown) => void) => {
      (this.uploadListeners[type] ??= []).push(fn);
    },
  };

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  getResponseHeader() {
    return null;
  }
  addEventListener(type: string, fn: (event: unknown) => void) {
    (this.listeners[type] ??= []).push(fn);
  }
  send(body: FormData) {
    this.body = body;
    FakeXhr.requests.push(this);
  }
  abort() {
    this.emit('abort');
  }
  progress(loaded: number, total: number) {
    for (const fn of this.uploadListeners.progress ?? []) fn({ loaded, total, lengthComputable: true });
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.emit('load');
  }
  fail() {
    this.emit('error');
  }
  private emit(type: string) {
    for (const fn of this.listeners[type] ?? []) fn({});
  }
}
