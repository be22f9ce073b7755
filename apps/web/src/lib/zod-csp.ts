import { config } from 'zod/v4/core';

/**
 * zod without its eval-compiled fast path, for every schema the app defines (the contract's included): the
 * strict CSP (`script-src 'self'`) forbids eval, and zod's probe for it is itself reported as a CSP violation
 * (a browser "issue"). The entry imports this first, before any module defines a schema.
 */
config({ jitless: true });
