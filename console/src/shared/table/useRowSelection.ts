import { useCallback, useState } from 'react';

type RowKey = string | number;

/** The keys with `keys` added (checked) or taken out. */
export function toggledKeys<K extends RowKey>(current: ReadonlySet<K>, keys: readonly K[], checked: boolean): ReadonlySet<K> {
  const next = new Set(current);
  for (const key of keys) {
    if (checked) next.add(key);
    else next.delete(key);
  }
  return next;
}

/** The checked rows of a ServerTable: its onToggle and onToggleAll, and clear() after a bulk action. */
export function useRowSelection<K extends RowKey = RowKey>() {
  const [selected, setSelected] = useState<ReadonlySet<K>>(() => new Set());
  const onToggle = useCallback((key: K, checked: boolean) => setSelected((current) => toggledKeys(current, [key], checked)), []);
  const onToggleAll = useCallback((keys: K[], checked: boolean) => setSelected((current) => toggledKeys(current, keys, checked)), []);
  const clear = useCallback(() => setSelected(new Set()), []);
  return { selected, onToggle, onToggleAll, clear };
}
