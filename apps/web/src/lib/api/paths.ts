import type { paths } from '@meridian/sdk';

// Apart from the typed client (typed.ts) so that the auth calls (lib/auth/http.ts), which the client itself
// uses, can name a path without importing the client.

/** Every path of the API document, as the document writes it (provider paths begin `/meridian/`). */
export type ApiPath = keyof paths & string;
