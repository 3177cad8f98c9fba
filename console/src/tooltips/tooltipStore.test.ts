import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTooltipStore, loadTooltips, mergeTooltips, TOOLTIPS_STORAGE_KEY } from './tooltipStore';

const tip = (id: number, content = `<p>${id}</p>`) => ({ id, content, position: 'top' as const });

function memory(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), data };
}

afterEach(() => vi.restoreAllMocks());

describe('tooltip store', () => {
  it('merges the loaded map into the stored one', () => {
    expect(mergeTooltips({ '101': tip(101, 'old'), '102': tip(102) }, { '101': tip(101, 'new') })).toEqual({
      '101': tip(101, 'new'),
      '102': tip(102),
    });
    expect(mergeTooltips({ '101': tip(101) }, null)).toEqual({ '101': tip(101) });
  });

  it('keeps the map between page loads and tells its readers', () => {
    const storage = memory({ [TOOLTIPS_STORAGE_KEY]: JSON.stringify({ '101': tip(101) }) });
    const store = createTooltipStore(storage);
    expect(store.get()['101']).toEqual(tip(101));
    const listener = vi.fn();
    store.subscribe(listener);
    store.merge({ '108': tip(108) });
    expect(listener).toHaveBeenCalledTimes(1);
    expect(JSON.parse(storage.data.get(TOOLTIPS_STORAGE_KEY)!)).toEqual({ '101': tip(101), '108': tip(108) });
    expect(createTooltipStore(memory({ [TOOLTIPS_STORAGE_KEY]: 'not json' })).get()).toEqual({});
  });

  it("loads the market's tooltips; a failure is logged and reported (the 'Server Error' toast)", async () => {
    const store = createTooltipStore(null);
    const load = vi.fn(async (market: number) => ({ tooltips: { '101': tip(101, `market ${market}`) } }));
    const onFailure = vi.fn();
    expect(await loadTooltips(load, 7, store, onFailure)).toBe(true);
    expect(load).toHaveBeenCalledWith(7);
    expect(store.get()['101'].content).toBe('market 7');

    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const failure = new Error('down');
    expect(await loadTooltips(async () => Promise.reject(failure), 0, store, onFailure)).toBe(false);
    expect(onFailure).toHaveBeenCalledWith(failure);
    expect(error).toHaveBeenCalled();
    expect(store.get()['101'].content).toBe('market 7');
  });
});
