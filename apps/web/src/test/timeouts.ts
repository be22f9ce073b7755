import { configure } from '@testing-library/react';

// Time limits for a loaded machine: a findBy/waitFor waits for its state up to 15 s (Testing Library's default is
// 1 s, which a busy 2-core machine exceeds while jsdom renders a table), and returns as soon as the state is there.
configure({ asyncUtilTimeout: 15_000 });
