import { configure } from '@testing-library/react';

// findBy* and waitFor give up after 1 s by default; a screen of react-admin and MUI in jsdom on a busy 2-core
// CI machine can take longer than that to answer a mocked call, so they wait up to 5 s (a pass still returns
// as soon as the element is there).
configure({ asyncUtilTimeout: 5_000 });
