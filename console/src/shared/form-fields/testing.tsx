import { act, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { AdminContext, Form, memoryStore, Notification } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { vi } from 'vitest';

// Test harness of the shared inputs: a react-admin Form with a live dump of its values.

const Values = () => <pre data-testid="form-values">{JSON.stringify(useWatch() ?? {})}</pre>;

export function renderInForm(ui: ReactNode, options: { defaultValues?: Record<string, unknown> } = {}) {
  const onSubmit = vi.fn();
  const view = render(
    <AdminContext store={memoryStore()}>
      <Form defaultValues={options.defaultValues} onSubmit={onSubmit}>
        {ui}
        <Values />
        <button type="submit">Save</button>
      </Form>
      <Notification />
    </AdminContext>,
  );
  const values = (): Record<string, unknown> => JSON.parse(screen.getByTestId('form-values').textContent ?? '{}');
  return { ...view, onSubmit, values };
}

/** An AdminContext alone, for components that bring their own Form. */
export function renderInAdmin(ui: ReactNode) {
  return render(<AdminContext store={memoryStore()}>{ui}</AdminContext>);
}

/**
 * Fake setTimeout for the inputs' delays (2 s link check, 3 s notification). Only setTimeout is faked:
 * React schedules with setImmediate. Testing Library's async wrapper drains with setTimeout(0) and
 * advances fake timers only through a global `jest`, which this provides.
 */
export function useFakeInputTimers() {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) });
}

export function restoreInputTimers() {
  vi.useRealTimers();
  vi.unstubAllGlobals();
}

/** Lets `ms` of fake time pass, inside act. */
export const advance = (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)));
