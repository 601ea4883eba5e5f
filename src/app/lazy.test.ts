import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_TIMEOUT_MS, ChunkLoadError, isChunkLoadError, withTimeout } from './lazy';

afterEach(() => {
  vi.useRealTimers();
});

describe('page part loading (docs/product.md §8, §9)', () => {
  it('waits 120 000 ms before failing with a chunk-loading error', async () => {
    vi.useFakeTimers();
    expect(CHUNK_TIMEOUT_MS).toBe(120_000);
    const never = new Promise<never>(() => {});
    const loading = withTimeout(never);
    const outcome = vi.fn();
    loading.catch(outcome);
    await vi.advanceTimersByTimeAsync(CHUNK_TIMEOUT_MS - 1);
    expect(outcome).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(outcome).toHaveBeenCalledTimes(1);
    const error = outcome.mock.calls[0]?.[0];
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect(isChunkLoadError(error)).toBe(true);
  });

  it('passes a module through and turns an import failure into a chunk-loading error', async () => {
    await expect(withTimeout(Promise.resolve({ Page: 1 }))).resolves.toEqual({ Page: 1 });
    const failed = withTimeout(
      Promise.reject(new TypeError('Failed to fetch dynamically imported module: /x.js')),
    );
    await expect(failed).rejects.toBeInstanceOf(ChunkLoadError);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Something else'))).toBe(false);
  });
});
