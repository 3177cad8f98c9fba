import { testDataProvider } from 'react-admin';
import type { ConsoleDataProvider } from '../dataProvider';

/**
 * A data provider for a component test: the calls the test gives (usually vi.fn()s it asserts on);
 * any other call rejects naming itself, so a test never reaches the network by accident.
 */
export function testData(calls: Partial<Record<keyof ConsoleDataProvider, unknown>>): ConsoleDataProvider {
  const given = testDataProvider(calls as never) as Record<string, unknown>;
  return new Proxy(given, {
    get: (target, name) => {
      if (typeof name === 'symbol' || name in target) return target[name as string];
      return () => Promise.reject(new Error(`testData: ${String(name)} was not given to this test`));
    },
  }) as ConsoleDataProvider;
}
