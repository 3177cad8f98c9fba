import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ROTATION_MS, Slideshow, initialSlideshowState, slideshowReducer, type SlideshowAction, type SlideshowState } from './slideshow';

const run = (actions: SlideshowAction[], from: SlideshowState = initialSlideshowState(5)) => actions.reduce(slideshowReducer, from);

describe(slideshowReducer.name, () => {
  it('plays on start at the first slide', () => {
    expect(initialSlideshowState(5)).toEqual({ index: 0, count: 5, playing: true, fetchSeq: 0 });
  });

  it('advances on each tick while playing and wraps after the last slide', () => {
    expect(run([{ type: 'tick' }]).index).toBe(1);
    expect(run(Array(4).fill({ type: 'tick' })).index).toBe(4);
    expect(run(Array(5).fill({ type: 'tick' })).index).toBe(0);
  });

  it('does not advance while paused', () => {
    const paused = run([{ type: 'pause' }]);
    expect(slideshowReducer(paused, { type: 'tick' })).toBe(paused);
  });

  it('does nothing on previous at the first slide, not even a fetch', () => {
    const first = initialSlideshowState(5);
    expect(slideshowReducer(first, { type: 'previous' })).toBe(first);
    expect(run([{ type: 'next' }, { type: 'next' }, { type: 'previous' }]).index).toBe(1);
  });

  it('wraps next from the last slide to the first', () => {
    const last = run([{ type: 'goTo', index: 4 }]);
    expect(slideshowReducer(last, { type: 'next' }).index).toBe(0);
  });

  it('fetches the chosen slide on pause, play, next, previous and a dot, keeping play or pause', () => {
    let state = initialSlideshowState(5);
    const step = (action: SlideshowAction) => {
      const before = state.fetchSeq;
      state = slideshowReducer(state, action);
      return state.fetchSeq - before;
    };
    expect(step({ type: 'pause' })).toBe(1);
    expect(state.playing).toBe(false);
    expect(step({ type: 'next' })).toBe(1);
    expect(state).toMatchObject({ index: 1, playing: false });
    expect(step({ type: 'goTo', index: 3 })).toBe(1);
    expect(step({ type: 'previous' })).toBe(1);
    expect(state.index).toBe(2);
    // Resuming re-fetches the slide on screen.
    expect(step({ type: 'play' })).toBe(1);
    expect(state).toMatchObject({ index: 2, playing: true });
  });

  it('re-fetches on a scope change and goes back to slide 0 on a range change', () => {
    const at3 = run([{ type: 'goTo', index: 3 }]);
    expect(slideshowReducer(at3, { type: 'scopeChanged' })).toMatchObject({ index: 3, fetchSeq: at3.fetchSeq + 1 });
    expect(slideshowReducer(at3, { type: 'rangeChanged' })).toMatchObject({ index: 0, fetchSeq: at3.fetchSeq + 1 });
  });

  it('ignores a dot outside the show and keeps the index inside a shorter show', () => {
    const state = initialSlideshowState(3);
    expect(slideshowReducer(state, { type: 'goTo', index: 3 })).toBe(state);
    expect(
      run([
        { type: 'goTo', index: 4 },
        { type: 'setCount', count: 2 },
      ]).index,
    ).toBe(1);
  });

  it('leaves a single slide in place (it follows its pushes)', () => {
    const single = initialSlideshowState(1);
    expect(slideshowReducer(single, { type: 'tick' })).toBe(single);
  });
});

describe(Slideshow.name, () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const started = (count = 4) => {
    const show = new Slideshow(0);
    show.dispatch({ type: 'setCount', count });
    show.start();
    return show;
  };

  it('rotates every 25000 ms and wraps after the last slide', () => {
    const show = started(3);
    vi.advanceTimersByTime(ROTATION_MS - 1);
    expect(show.getState().index).toBe(0);
    vi.advanceTimersByTime(1);
    expect(show.getState().index).toBe(1);
    vi.advanceTimersByTime(ROTATION_MS);
    expect(show.getState().index).toBe(2);
    vi.advanceTimersByTime(ROTATION_MS);
    expect(show.getState().index).toBe(0);
  });

  it('stops rotating when paused and starts again on play', () => {
    const show = started();
    vi.advanceTimersByTime(10_000);
    show.dispatch({ type: 'pause' });
    vi.advanceTimersByTime(ROTATION_MS * 3);
    expect(show.getState()).toMatchObject({ index: 0, playing: false });
    show.dispatch({ type: 'play' });
    vi.advanceTimersByTime(ROTATION_MS);
    expect(show.getState().index).toBe(1);
  });

  it('gives a slide chosen by next, previous or a dot its whole 25 s', () => {
    const show = started();
    vi.advanceTimersByTime(20_000);
    show.dispatch({ type: 'next' });
    vi.advanceTimersByTime(20_000);
    expect(show.getState().index).toBe(1);
    vi.advanceTimersByTime(5_000);
    expect(show.getState().index).toBe(2);
    vi.advanceTimersByTime(24_000);
    show.dispatch({ type: 'goTo', index: 0 });
    vi.advanceTimersByTime(24_000);
    expect(show.getState().index).toBe(0);
  });

  it('tells its listeners and keeps no timer once stopped', () => {
    const show = started();
    const listener = vi.fn();
    show.subscribe(listener);
    show.dispatch({ type: 'next' });
    expect(listener).toHaveBeenCalledTimes(1);
    show.stop();
    vi.advanceTimersByTime(ROTATION_MS * 2);
    expect(show.getState().index).toBe(1);
    expect(vi.getTimerCount()).toBe(0);
  });
});
