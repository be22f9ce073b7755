import { z } from 'zod';

/** The one JSON error shape every 4xx/5xx answer of the Meridian API uses. */
export const ErrorResponse = z
  .object({
    status: z.number().int(),
    /** Human-readable text; the web app shows it as is. */
    message: z.string(),
    /** Machine key, e.g. `invalid_credentials`, `validation_failed`, `forbidden`. */
    error: z.string(),
    /** Field errors for validation failures: path → message. */
    fields: z.record(z.string(), z.string()).optional(),
    request_id: z.string(),
  })
  .meta({
    id: 'Error',
    description: 'The one error shape of every 4xx and 5xx answer.',
    examples: [
      {
        status: 400,
        message: 'Invalid amount: Enter an amount in rupees with at most two decimals, e.g. 1250.00',
        error: 'validation_failed',
        fields: { amount: 'Enter an amount in rupees with at most two decimals, e.g. 1250.00' },
        request_id: 'REQ01JD8X2Y3Z4A5B6C7D8E9F0G1H',
      },
    ],
  });
export type ErrorResponse = z.infer<typeof ErrorResponse>;
