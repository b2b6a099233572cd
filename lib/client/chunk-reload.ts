/** A failed chunk load (usually a deploy replaced the files) reloads the page, at most once a minute. */
export const CHUNK_RELOAD_KEY = 'billme:chunk-reload-at';
export const CHUNK_RELOAD_THROTTLE_MS = 60_000;

const CHUNK_FAILURE =
  /ChunkLoadError|Loading (CSS )?chunk [\w-]+ failed|Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module/i;

export function isChunkLoadError(error: unknown): boolean {
  if (!error || typeof error !== 'object') return typeof error === 'string' && CHUNK_FAILURE.test(error);
  const { name, message } = error as { name?: unknown; message?: unknown };
  return name === 'ChunkLoadError' || (typeof message === 'string' && CHUNK_FAILURE.test(message));
}

type Storage = Pick<Window['sessionStorage'], 'getItem' | 'setItem'>;

/** Reloads unless a reload happened less than a minute ago; says whether it reloaded. */
export function reloadThrottled(storage: Storage, reload: () => void, now = Date.now()): boolean {
  const last = Number(storage.getItem(CHUNK_RELOAD_KEY) ?? 0);
  if (now - last < CHUNK_RELOAD_THROTTLE_MS) return false;
  storage.setItem(CHUNK_RELOAD_KEY, String(now));
  reload();
  return true;
}

export function reloadAfterChunkError(error: unknown): boolean {
  if (!isChunkLoadError(error)) return false;
  try {
    return reloadThrottled(window.sessionStorage, () => window.location.reload());
  } catch {
    return false; // storage unavailable (privacy mode): never risk a reload loop
  }
}
