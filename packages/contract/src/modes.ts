import { z } from 'zod';

/**
 * Test and live modes. Every company has both: separate API keys (`mk_test_…` / `mk_live_…`), separate data, one
 * team. A member's session names its mode in the `Meridian-Mode` header (absent = live); an API key's mode is the
 * mode it was made in. Every record, event and callback body says `livemode`.
 */
export const MODES = ['test', 'live'] as const;
export type Mode = (typeof MODES)[number];

/** The request header a dashboard session names its mode with (absent: live). */
export const MODE_HEADER = 'Meridian-Mode';

/** What every record carries: true in live mode, false in test mode. */
export const livemodeField = z
  .boolean()
  .describe('true for a record of live mode, false for one of test mode (the mode of the key or session)');

/** The band across every screen in test mode. */
export const TEST_MODE_BAND = 'Test mode: no real money moves';

/** `PUT /{provider}/operations/companies/{client_id}/live_mode`: Meridian operations open or close live mode. */
export const SetLiveMode = z.object({ enabled: z.boolean() }).strict();
export type SetLiveMode = z.infer<typeof SetLiveMode>;
export const LiveModeAnswer = z.object({
  client_id: z.string(),
  company_name: z.string(),
  live_mode_enabled: z.boolean(),
});
export type LiveModeAnswer = z.infer<typeof LiveModeAnswer>;

/** `DELETE /v2/company/test_data`: what was deleted, by kind of record (live data is never touched). */
export const TestDataDeleted = z.object({
  deleted: z.record(z.string(), z.number().int().nonnegative()),
  total: z.number().int().nonnegative(),
});
export type TestDataDeleted = z.infer<typeof TestDataDeleted>;

/** The modes a signed-in member's company has: what the switch shows. */
export const CompanyModes = z.object({
  live_mode_enabled: z.boolean(),
  test_mode_available: z.boolean(),
});
export type CompanyModes = z.infer<typeof CompanyModes>;
