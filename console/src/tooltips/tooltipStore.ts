import type { Tooltip } from '@app/contracts';

export type TooltipMap = Record<string, Tooltip>;

/** Where the loaded tooltips are kept between page loads. */
export const TOOLTIPS_STORAGE_KEY = 'realty.tooltips';

/** The stored map with the server's answer merged in: ids it sends replace the stored ones, others stay. */
export function mergeTooltips(stored: TooltipMap, loaded: TooltipMap | null | undefined): TooltipMap {
  return { ...stored, ...(loaded ?? {}) };
}

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem'>;

/** A small observable store of the tooltip map (useSyncExternalStore reads it). */
export function createTooltipStore(storage: Storage | null) {
  let map: TooltipMap = {};
  try {
    const raw = storage?.getItem(TOOLTIPS_STORAGE_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) map = parsed as TooltipMap;
  } catch {
    map = {};
  }
  const listeners = new Set<() => void>();
  return {
    get: (): TooltipMap => map,
    merge(loaded: TooltipMap | null | undefined) {
      map = mergeTooltips(map, loaded);
      try {
        storage?.setItem(TOOLTIPS_STORAGE_KEY, JSON.stringify(map));
      } catch {
        // A full or blocked storage only costs the next page load its head start.
      }
      listeners.forEach((listener) => listener());
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

export type TooltipStore = ReturnType<typeof createTooltipStore>;

const browserStorage = (): Storage | null => {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
};

/** The console's one tooltip store. */
export const tooltipStore = createTooltipStore(browserStorage());

/**
 * Loads the market's tooltips and merges them into the store. A failure is logged and reported through
 * `onFailure` (the centred sticky 'Server Error' / 'Please try again' toast, spec 001 section 8).
 */
export async function loadTooltips(
  load: (marketId: number) => Promise<{ tooltips?: TooltipMap | null }>,
  marketId: number,
  store: Pick<TooltipStore, 'merge'>,
  onFailure: (error: unknown) => void,
): Promise<boolean> {
  try {
    const answer = await load(marketId);
    store.merge(answer?.tooltips ?? {});
    return true;
  } catch (error) {
    console.error('Tooltips could not be loaded', error);
    onFailure(error);
    return false;
  }
}
