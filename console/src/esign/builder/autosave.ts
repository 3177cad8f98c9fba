// Autosave (spec 002 sections 2.3 and 2.4): a save 1 s after the last change, one save at a time (each sends the updated_ts
// the one before it answered), 'Saving…' until it is through, 'Saved' after. A 409 stops saving and
// shows its message with a Reload button; another failure waits for the next change to try again.

export const AUTOSAVE_DELAY_MS = 1000;

export type SaveStatus =
  { kind: 'idle' } | { kind: 'saving' } | { kind: 'saved' } | { kind: 'conflict'; message: string } | { kind: 'error'; message: string };

export interface AutosaveOptions<T> {
  save: (value: T) => Promise<void>;
  onStatus: (status: SaveStatus) => void;
  /** The error's message, and whether it is the 409 that stops autosave. */
  describeError: (error: unknown) => { conflict: boolean; message: string };
  delayMs?: number;
  setTimer?: (callback: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

export interface Autosave<T> {
  /** A change: (re)starts the 1 s wait; the latest value is the one saved. */
  change(value: T): void;
  /** Saves a waiting change now (a template switch, leaving the page); resolves when all saves are through. */
  flush(): Promise<void>;
  /** Runs `task` after the saves in flight, so that calls touching updated_ts never overlap. */
  enqueue<R>(task: () => Promise<R>): Promise<R>;
  /** Drops a waiting change and stops (a reload). */
  cancel(): void;
  readonly status: SaveStatus;
}

export function createAutosave<T>(options: AutosaveOptions<T>): Autosave<T> {
  const delay = options.delayMs ?? AUTOSAVE_DELAY_MS;
  const setTimer = options.setTimer ?? ((callback, ms) => setTimeout(callback, ms));
  const clearTimer = options.clearTimer ?? ((handle) => clearTimeout(handle as ReturnType<typeof setTimeout>));
  let timer: unknown = null;
  let pending: { value: T } | null = null;
  let queue: Promise<unknown> = Promise.resolve();
  let status: SaveStatus = { kind: 'idle' };
  let stopped = false;

  const setStatus = (next: SaveStatus) => {
    status = next;
    options.onStatus(next);
  };

  const stopTimer = () => {
    if (timer !== null) clearTimer(timer);
    timer = null;
  };

  const enqueue = <R>(task: () => Promise<R>): Promise<R> => {
    const run = queue.then(task, task);
    queue = run.catch(() => undefined);
    return run;
  };

  const saveNow = (): Promise<void> => {
    stopTimer();
    if (!pending || stopped) return queue.then(() => undefined);
    const { value } = pending;
    pending = null;
    return enqueue(async () => {
      if (stopped) return;
      try {
        await options.save(value);
        // A change made while this one was saving is still on its way: keep saying so.
        if (!stopped) setStatus(pending ? { kind: 'saving' } : { kind: 'saved' });
      } catch (error) {
        const { conflict, message } = options.describeError(error);
        if (conflict) {
          stopped = true;
          pending = null;
          stopTimer();
          setStatus({ kind: 'conflict', message });
        } else {
          // The change is kept (unless a newer one waits): a flush (Retry, a switch, leaving) sends it again.
          if (!pending && !stopped) pending = { value };
          setStatus({ kind: 'error', message });
        }
      }
    });
  };

  return {
    change(value) {
      if (stopped) return;
      pending = { value };
      stopTimer();
      if (status.kind !== 'saving') setStatus({ kind: 'saving' });
      timer = setTimer(() => {
        timer = null;
        void saveNow();
      }, delay);
    },
    flush: saveNow,
    enqueue,
    cancel() {
      stopped = true;
      pending = null;
      stopTimer();
    },
    get status() {
      return status;
    },
  };
}
