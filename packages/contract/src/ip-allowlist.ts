import { z } from 'zod';
import { parseCidr } from './cidr.ts';

/**
 * The IP allow-list of a client (/configurations/manage-ips; "Whitelisted IPs; IP whitelist update at
 * /v2/request_ip_whitelist"): addresses and CIDR ranges its API keys may call from. A subpath outside the barrel:
 * only the allow-list screen and the server need it.
 */
export * from './cidr.ts';

/** The most entries one client may keep. */
export const MAX_IP_ALLOWLIST_ENTRIES = 100;
export const IP_LABEL_MAX = 64;

/** An address or CIDR range as typed: checked with the same rules the server applies (see ./cidr.ts). */
export const IpOrCidr = z
  .string()
  .max(64, 'At most 64 characters')
  .superRefine((value, ctx) => {
    const parsed = parseCidr(value);
    if (!parsed.ok) ctx.addIssue({ code: 'custom', message: parsed.message });
  })
  .meta({
    description:
      'An IPv4 or IPv6 address (one host) or a CIDR range with no host bits set, at most /16 (IPv4) or /48 (IPv6) wide.',
    examples: ['203.0.113.7', '203.0.113.0/24', '2001:db8:1234::/48'],
  });

export const IpLabel = z
  .string()
  .trim()
  .min(1, 'Add a label, e.g. "Production NAT gateway"')
  .max(IP_LABEL_MAX, `At most ${IP_LABEL_MAX} characters`);

/** The add form's fields (the password is asked in the same dialog and sent encrypted). */
export const IpAllowlistAddFields = z.object({ ip: IpOrCidr, label: IpLabel });
export type IpAllowlistAddFields = z.infer<typeof IpAllowlistAddFields>;

/** POST /v2/request_ip_whitelist: add or remove one entry, confirmed with the user's password (step-up). */
export const IpWhitelistRequest = z
  .object({
    action: z.enum(['add', 'remove']).meta({ description: '`add` an entry or `remove` one.' }),
    ip: IpOrCidr,
    label: z
      .string()
      .max(IP_LABEL_MAX + 100)
      .optional()
      .meta({ description: 'What the address is (required to add, ignored to remove).' }),
    encrypted_password: z.string().min(1, 'Enter your password to confirm').max(2048).meta({
      description:
        "The signed-in user's password, RSA-OAEP (SHA-256) encrypted with the key of /v2/auth/public-key and base64-encoded, as at sign-in.",
    }),
  })
  .superRefine((body, ctx) => {
    if (body.action !== 'add') return;
    const label = IpLabel.safeParse(body.label ?? '');
    if (!label.success)
      ctx.addIssue({ code: 'custom', path: ['label'], message: label.error.issues[0]!.message });
  });
export type IpWhitelistRequest = z.infer<typeof IpWhitelistRequest>;

export const IpAllowlistEntry = z.object({
  entry_id: z.string().meta({ description: 'The entry id (`IPA…`).' }),
  cidr: z.string().meta({ description: 'The range in its normal form (`203.0.113.7/32`, `2001:db8::/48`).' }),
  ip_version: z.enum(['IPv4', 'IPv6']),
  label: z.string(),
  created_by: z.string().meta({ description: 'E-mail of the user who added it.' }),
  created_at: z.string(),
});
export type IpAllowlistEntry = z.infer<typeof IpAllowlistEntry>;

export const IpAllowlist = z.object({
  data: z.array(IpAllowlistEntry),
  /** True when the list is not empty: API-key calls from other addresses are refused. */
  enforced: z.boolean(),
  max_entries: z.number().int(),
  caller_ip: z.string().meta({ description: 'The address this request came from, as the server sees it.' }),
});
export type IpAllowlist = z.infer<typeof IpAllowlist>;

export const IpWhitelistResult = z.object({
  action: z.enum(['add', 'remove']),
  entry: IpAllowlistEntry,
  entries: z.number().int().meta({ description: 'How many entries the list holds after the change.' }),
});
export type IpWhitelistResult = z.infer<typeof IpWhitelistResult>;
