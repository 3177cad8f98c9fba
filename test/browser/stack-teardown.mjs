import { rmSync } from 'node:fs';

export default async function stackTeardown() {
  const state = globalThis.__REALTY_E2E_STACK__;
  if (!state) return;
  await state.stack.stop();
  if (!process.env.KEEP_E2E_DATA) rmSync(state.dataDir, { recursive: true, force: true });
}
