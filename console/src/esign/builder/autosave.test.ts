import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTOSAVE_DELAY_MS, createAutosave, type SaveStatus } from './autosave';

const CONFLICT = 'This template was changed elsewhere. Reload to see the latest version.';

type Save = (value: number) => Promise<void>;

function setup(save = vi.fn<Save>(async () => undefined)) {
  const statuses: SaveStatus['kind'][] = [];
  const sut = createAutosave<number>({
    save,
    onStatus: (status) => statuses.push(status.kind),
    describeError: (error) => ({ conflict: (error as { status?: number }).status === 409, message: (error as Error).message }),
  });
  return { sut, save, statuses };
}

describe('createAutosave', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('saves the latest value 1 s after the last change, Saving then Saved', async () => {
    const { sut, save, statuses } = setup();
    sut.change(1);
    await vi.advanceTimersByTimeAsync(600);
    sut.change(2);
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS - 1);
    expect(save).not.toHaveBeenCalled();
    expect(sut.status.kind).toBe('saving');
    await vi.advanceTimersByTimeAsync(1);
    expect(save).toHaveBeenCalledTimes(1);
    expect(save).toHaveBeenCalledWith(2);
    expect(sut.status.kind).toBe('saved');
    expect(statuses).toEqual(['saving', 'saved']);
  });

  it('runs one save at a time: a change during a save is saved after it', async () => {
    let release!: () => void;
    const save = vi.fn<Save>((value: number) => (value === 1 ? new Promise<void>((resolve) => (release = resolve)) : Promise.resolve()));
    const { sut } = setup(save);
    sut.change(1);
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS);
    sut.change(2);
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS);
    expect(save).toHaveBeenCalledTimes(1);
    release();
    await vi.advanceTimersByTimeAsync(0);
    expect(save.mock.calls.map(([value]) => value)).toEqual([1, 2]);
    expect(sut.status.kind).toBe('saved');
  });

  it('stops at a 409 with its message and saves nothing more', async () => {
    const save = vi.fn<Save>(async () => {
      throw Object.assign(new Error(CONFLICT), { status: 409 });
    });
    const { sut } = setup(save);
    sut.change(1);
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS);
    expect(sut.status).toEqual({ kind: 'conflict', message: CONFLICT });
    sut.change(2);
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS * 3);
    expect(save).toHaveBeenCalledTimes(1);
  });

  it('after another failure, the next change tries again', async () => {
    const save = vi.fn<Save>(async (value: number) => {
      if (value === 1) throw Object.assign(new Error('Server error'), { status: 500 });
    });
    const { sut } = setup(save);
    sut.change(1);
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS);
    expect(sut.status).toEqual({ kind: 'error', message: 'Server error' });
    sut.change(2);
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS);
    expect(sut.status.kind).toBe('saved');
  });

  it('a failed save keeps its change: flush (Retry, leaving the page) sends it again', async () => {
    const save = vi.fn<Save>(async () => undefined);
    save.mockRejectedValueOnce(Object.assign(new Error('Server error'), { status: 500 }));
    const { sut } = setup(save);
    sut.change(1);
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS);
    expect(sut.status).toEqual({ kind: 'error', message: 'Server error' });
    await sut.flush();
    expect(save.mock.calls.map(([value]) => value)).toEqual([1, 1]);
    expect(sut.status.kind).toBe('saved');
  });

  it('a failed save does not replace a newer change waiting', async () => {
    let fail!: (error: unknown) => void;
    const save = vi.fn<Save>(async () => undefined);
    save.mockImplementationOnce(() => new Promise<void>((_, reject) => (fail = reject)));
    const { sut } = setup(save);
    sut.change(1);
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS);
    sut.change(2);
    fail(Object.assign(new Error('Server error'), { status: 500 }));
    await sut.flush();
    expect(save.mock.calls.map(([value]) => value)).toEqual([1, 2]);
  });

  it('flush saves a waiting change at once; cancel drops it', async () => {
    const { sut, save } = setup();
    sut.change(1);
    await sut.flush();
    expect(save).toHaveBeenCalledWith(1);
    sut.change(2);
    sut.cancel();
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS * 2);
    expect(save).toHaveBeenCalledTimes(1);
  });

  it('runs enqueued calls after the save in flight', async () => {
    const order: string[] = [];
    let release!: () => void;
    const save = vi.fn<Save>(() => new Promise<void>((resolve) => (release = () => (order.push('save'), resolve()))));
    const { sut } = setup(save);
    sut.change(1);
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS);
    const renamed = sut.enqueue(async () => order.push('rename'));
    await vi.advanceTimersByTimeAsync(0);
    expect(order).toEqual([]);
    release();
    await renamed;
    expect(order).toEqual(['save', 'rename']);
  });
});
