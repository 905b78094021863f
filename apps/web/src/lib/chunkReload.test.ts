import { describe, expect, it, vi } from 'vitest';
import { CHUNK_RELOAD_WINDOW_MS, isChunkLoadError, reloadAfterChunkError } from './chunkReload';

function memoryStorage() {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
  };
}

describe('reloadAfterChunkError', () => {
  it('reloads once per path within the window, then again after it', () => {
    const storage = memoryStorage();
    const location = { pathname: '/classes', reload: vi.fn() };
    expect(reloadAfterChunkError(storage, location, 1_000)).toBe(true);
    expect(reloadAfterChunkError(storage, location, 1_000 + CHUNK_RELOAD_WINDOW_MS - 1)).toBe(false);
    expect(location.reload).toHaveBeenCalledTimes(1);
    expect(reloadAfterChunkError(storage, location, 1_000 + CHUNK_RELOAD_WINDOW_MS + 1)).toBe(true);
    expect(location.reload).toHaveBeenCalledTimes(2);
  });

  it('counts each path on its own and survives unreadable storage', () => {
    const storage = memoryStorage();
    storage.setItem('chunk-reload', '{kaputt');
    const reload = vi.fn();
    expect(reloadAfterChunkError(storage, { pathname: '/a', reload }, 5_000)).toBe(true);
    expect(reloadAfterChunkError(storage, { pathname: '/b', reload }, 5_001)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });
});

describe('isChunkLoadError', () => {
  it('recognises the browsers’ messages for a failed dynamic import', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(
      true,
    );
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Abgabe nicht gefunden'))).toBe(false);
  });
});
