import type { EsignTemplateSchema } from '@app/contracts';

// Step 2's refresh (spec 002 sections 4, 8 and 9): when the document is refreshed the form is rebuilt and
// its state restored into the builder, at 150 ms and again at 300 ms (the builder may still be settling),
// with a 1 s guard in which a change that only repeats what was restored is an echo, not an edit. A
// rebuild (or restore) that fails just ends the rebuilding state.

export const BUILDER_RESTORE_DELAYS_MS: readonly number[] = [150, 300];
export const BUILDER_ECHO_GUARD_MS = 1000;

export interface BuilderRestoreOptions {
  /** Rebuilds the form from the document; may throw. */
  rebuild: () => void;
  /** Restores the form's state into the builder; answers what it restored (null: nothing to restore). */
  restore: () => EsignTemplateSchema | null;
  onRebuilding: (rebuilding: boolean) => void;
  now?: () => number;
  setTimer?: (callback: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

export interface BuilderRestore {
  /** A refresh: rebuild now, restore at 150 ms and 300 ms. */
  refresh(): void;
  /** Whether `schema` only repeats the last restore within its 1 s guard. */
  isEcho(schema: EsignTemplateSchema): boolean;
  cancel(): void;
}

/** The default values of a schema's fields: what a restore puts back and what an echo repeats. */
const defaultsOf = (schema: EsignTemplateSchema) => JSON.stringify(schema.fields.map((field) => [field.uuid, field.default_value]));

export function createBuilderRestore(options: BuilderRestoreOptions): BuilderRestore {
  const now = options.now ?? (() => Date.now());
  const setTimer = options.setTimer ?? ((callback, ms) => setTimeout(callback, ms));
  const clearTimer = options.clearTimer ?? ((handle) => clearTimeout(handle as ReturnType<typeof setTimeout>));
  let timers: unknown[] = [];
  let guard: { until: number; defaults: string } | null = null;

  const stop = () => {
    for (const timer of timers) clearTimer(timer);
    timers = [];
  };

  return {
    refresh() {
      stop();
      options.onRebuilding(true);
      try {
        options.rebuild();
      } catch {
        options.onRebuilding(false);
        return;
      }
      BUILDER_RESTORE_DELAYS_MS.forEach((delay, index) => {
        const last = index === BUILDER_RESTORE_DELAYS_MS.length - 1;
        timers.push(
          setTimer(() => {
            try {
              const restored = options.restore();
              if (restored) guard = { until: now() + BUILDER_ECHO_GUARD_MS, defaults: defaultsOf(restored) };
            } catch {
              stop();
              options.onRebuilding(false);
              return;
            }
            if (last) {
              timers = [];
              options.onRebuilding(false);
            }
          }, delay),
        );
      });
    },
    isEcho(schema) {
      return !!guard && now() < guard.until && defaultsOf(schema) === guard.defaults;
    },
    cancel() {
      stop();
      guard = null;
    },
  };
}
