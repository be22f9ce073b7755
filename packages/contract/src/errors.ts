import { z } from 'zod';

/** The one JSON error shape every 4xx/5xx answer of the Meridian API uses. */
export const ErrorResponse = z.object({
  status: z.number().int(),
  /** Human-readable text; the web app shows it as is. */
  message: z.string(),
  /** Machine key, e.g. `invalid_credentials`, `validation_failed`, `forbidden`. */
  error: z.string(),
  /** Field errors for validation failures: path → message. */
  fields: z.record(z.string(), z.string()).optional(),
  request_id: z.string(),
});
export type ErrorResponse = z.infer<typeof ErrorResponse>;
