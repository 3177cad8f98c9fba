// Integration tests boot real services on real Postgres and Redis: on a busy 2-core machine one boot can
// pass jest's 5 s default for a hook. A test or hook that sets its own timeout keeps it.
jest.setTimeout(30_000);
