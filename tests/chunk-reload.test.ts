import { describe, expect, it, vi } from 'vitest';
import { CHUNK_RELOAD_KEY, isChunkLoadError, reloadThrottled } from '@/lib/client/chunk-reload';
import { isConstrained } from '@/components/ui/useSaveData';

describe('isChunkLoadError', () => {
  it('recognises chunk failures of webpack, Turbopack and native imports', () => {
    expect(isChunkLoadError({ name: 'ChunkLoadError', message: 'x' })).toBe(true);
    expect(isChunkLoadError(new Error('Loading chunk 123 failed.'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /x.js'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError(undefined)).toBe(false);
  });
});

describe('reloadThrottled', () => {
  function memory() {
    const data = new Map<string, string>();
    return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), data };
  }

  it('reloads at most once a minute', () => {
    const storage = memory();
    const reload = vi.fn();
    expect(reloadThrottled(storage, reload, 1_000_000)).toBe(true);
    expect(storage.data.get(CHUNK_RELOAD_KEY)).toBe('1000000');
    expect(reloadThrottled(storage, reload, 1_000_000 + 59_999)).toBe(false);
    expect(reloadThrottled(storage, reload, 1_000_000 + 60_000)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });
});

describe('isConstrained (prefetch policy)', () => {
  it('is true on data saver and 2g only', () => {
    expect(isConstrained({ saveData: true, effectiveType: '4g' })).toBe(true);
    expect(isConstrained({ effectiveType: '2g' })).toBe(true);
    expect(isConstrained({ effectiveType: 'slow-2g' })).toBe(true);
    expect(isConstrained({ effectiveType: '3g' })).toBe(false);
    expect(isConstrained(undefined)).toBe(false);
  });
});
