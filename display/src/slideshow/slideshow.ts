/** Slide rotation (spec 002 section 9). */
export const ROTATION_MS = 25_000;

export interface SlideshowState {
  index: number;
  count: number;
  playing: boolean;
  /**
   * Grows each time the slide on screen has to be fetched (again): a move, play, pause, a scope or
   * range change. The data hook fetches on every change of (slide, fetchSeq).
   */
  fetchSeq: number;
}

export type SlideshowAction =
  | { type: 'tick' }
  | { type: 'next' }
  | { type: 'previous' }
  | { type: 'goTo'; index: number }
  | { type: 'play' }
  | { type: 'pause' }
  | { type: 'scopeChanged' }
  | { type: 'rangeChanged' }
  | { type: 'setCount'; count: number };

export const initialSlideshowState = (count = 0): SlideshowState => ({ index: 0, count, playing: true, fetchSeq: 0 });

const show = (state: SlideshowState, index: number): SlideshowState => ({ ...state, index, fetchSeq: state.fetchSeq + 1 });

/**
 * The rules of spec 002 section 4: playing on start, advancing and wrapping while playing; pause, play,
 * next, previous and dots fetch the chosen slide (and restart the timer); previous does nothing on the
 * first slide; next wraps; resuming re-fetches; a scope change re-fetches; a range change goes to slide 0.
 */
export function slideshowReducer(state: SlideshowState, action: SlideshowAction): SlideshowState {
  switch (action.type) {
    case 'tick':
      // A single slide stays subscribed and follows its pushes: nothing to rotate to.
      if (!state.playing || state.count <= 1) return state;
      return show(state, (state.index + 1) % state.count);
    case 'next':
      if (state.count === 0) return state;
      return show(state, (state.index + 1) % state.count);
    case 'previous':
      if (state.index === 0) return state;
      return show(state, state.index - 1);
    case 'goTo':
      if (action.index < 0 || action.index >= state.count) return state;
      return show(state, action.index);
    case 'play':
      return { ...show(state, state.index), playing: true };
    case 'pause':
      return { ...show(state, state.index), playing: false };
    case 'scopeChanged':
      return show(state, state.index);
    case 'rangeChanged':
      return show(state, 0);
    case 'setCount': {
      const count = Math.max(0, action.count);
      if (count === state.count) return state;
      return { ...state, count, index: Math.min(state.index, Math.max(0, count - 1)) };
    }
  }
}

export interface TimerApi {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const globalTimers: TimerApi = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/**
 * The slideshow with its timer: every action that shows a slide stops the timer, and while playing a
 * fresh one gives the slide its whole 25 s. Plain TypeScript (no React) so the rules run under fake timers.
 */
export class Slideshow {
  private state: SlideshowState;
  private handle: unknown = null;
  private readonly listeners = new Set<() => void>();

  constructor(
    count = 0,
    private readonly timers: TimerApi = globalTimers,
    private readonly intervalMs = ROTATION_MS,
  ) {
    this.state = initialSlideshowState(count);
  }

  getState = (): SlideshowState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  dispatch = (action: SlideshowAction): void => {
    const before = this.state;
    const after = slideshowReducer(before, action);
    if (after === before) return;
    this.state = after;
    if (after.fetchSeq !== before.fetchSeq || after.playing !== before.playing || after.count !== before.count) this.restartTimer();
    for (const listener of [...this.listeners]) listener();
  };

  /** Starts the first period (playing on start). */
  start(): void {
    this.restartTimer();
  }

  /** Leaving the screen: no timer survives it. */
  stop(): void {
    if (this.handle !== null) this.timers.clearTimeout(this.handle);
    this.handle = null;
  }

  private restartTimer(): void {
    this.stop();
    if (!this.state.playing || this.state.count <= 1) return;
    this.handle = this.timers.setTimeout(() => {
      this.handle = null;
      this.dispatch({ type: 'tick' });
    }, this.intervalMs);
  }
}
