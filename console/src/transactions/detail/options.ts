import type { StageOption, StatusOption } from '@app/contracts';
import { useEffect, useState } from 'react';
import { authClient } from '../../auth';
import { transactionsApi } from '..';
import type { FormChoice } from '../api';

// The team's option lists (statuses with the dates they ask for, stages, choices of the selects),
// loaded once for a few minutes and shared by the modal, the page and Add Transaction.

const TTL_MS = 5 * 60_000;
const cache = new Map<string, { at: number; value: Promise<unknown> }>();

function cached<T>(key: string, load: () => Promise<T>): Promise<T> {
  // Per signed-in user: another user of the same tab may be of another team.
  const full = `${authClient.getSession()?.user.agent_id ?? ''}:${key}`;
  const hit = cache.get(full);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.value as Promise<T>;
  const value = load().catch((error: unknown) => {
    cache.delete(full);
    throw error;
  });
  cache.set(full, { at: Date.now(), value });
  return value;
}

export const loadStatuses = () => cached<StatusOption[]>('statuses', () => transactionsApi.getStatuses());
export const loadStages = () => cached<StageOption[]>('stages', () => transactionsApi.getStages());
export const loadChoices = (element: string) => cached<FormChoice[]>(`choices:${element}`, () => transactionsApi.getChoices(element));

/** Forgets the lists (tests). */
export const clearOptionCache = () => cache.clear();

/** A loaded list, `fallback` until it arrives (or when it fails: the screens work without colours). */
export function useLoaded<T>(load: (() => Promise<T>) | null, fallback: T, key: string): T {
  const [value, setValue] = useState<{ key: string; value: T } | null>(null);
  useEffect(() => {
    if (!load) return;
    let live = true;
    load().then(
      (loaded) => live && setValue({ key, value: loaded }),
      () => undefined,
    );
    return () => {
      live = false;
    };
    // `key` names what `load` loads.
  }, [key]); // eslint-disable-line react-hooks/exhaustive-deps
  return value && value.key === key ? value.value : fallback;
}

/** Choices of several selects at once, by element name; null until they are all in (a failed list is empty). */
export function useChoices(elements: readonly string[]): Record<string, FormChoice[]> | null {
  const key = [...elements].sort().join('|');
  const loaded = useLoaded<Record<string, FormChoice[]> | null>(
    elements.length === 0
      ? null
      : async () => {
          const lists = await Promise.all(elements.map((element) => loadChoices(element).catch(() => [] as FormChoice[])));
          return Object.fromEntries(elements.map((element, index) => [element, lists[index]]));
        },
    null,
    key,
  );
  return elements.length === 0 ? EMPTY_CHOICES : loaded;
}

const EMPTY_CHOICES: Record<string, FormChoice[]> = {};
