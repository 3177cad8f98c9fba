export default async function globalTeardown() {
  await globalThis.__REALTY_TEST_INFRA__?.stop();
}
