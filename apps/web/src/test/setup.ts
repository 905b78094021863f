import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

/**
 * Unit-test environment: jsdom plus what Mantine needs from a browser, no network, and any unexpected
 * `console.error` (React warnings, failed renders) fails the test that caused it.
 */

Object.defineProperty(window, 'matchMedia', {
  writable: true,
  configurable: true,
  value: (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});

class ResizeObserverStub implements ResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub;
window.HTMLElement.prototype.scrollIntoView = () => {};
window.scrollTo = () => {};

// The task editor (ProseMirror) measures text positions to keep the cursor in view; jsdom has no layout.
const noRects = Object.assign([] as DOMRect[], { item: () => null }) as unknown as DOMRectList;
Range.prototype.getBoundingClientRect = () => new DOMRect();
Range.prototype.getClientRects = () => noRects;
document.elementFromPoint = () => null;

let consoleErrors: string[] = [];

function describe(value: unknown): string {
  if (value instanceof Error) return value.stack ?? value.message;
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value);
  } catch {
    return Object.prototype.toString.call(value);
  }
}

beforeEach(() => {
  consoleErrors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args.map(describe).join(' '));
  });
  vi.stubGlobal('fetch', (input: RequestInfo | URL) => {
    const url = input instanceof Request ? input.url : input.toString();
    return Promise.reject(new Error(`Unit tests make no network requests (fetch ${url}); stub fetch.`));
  });
});

afterEach(() => {
  cleanup();
  document.title = '';
  // State a page keeps for the tab (the registration wizard's answers) must not carry into the next test.
  sessionStorage.clear();
  if (consoleErrors.length > 0) {
    throw new Error(`Unexpected console.error:\n${consoleErrors.join('\n---\n')}`);
  }
});
