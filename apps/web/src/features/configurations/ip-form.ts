import { IpAllowlistAddFields, parseCidr } from '@meridian/contract/ip-allowlist';

export type IpFormErrors = Partial<Record<'ip' | 'label' | 'password', string>>;

/** The add dialog's checks before anything is sent: the server's own rules (contract cidr.ts). */
export function validateIpForm(values: { ip: string; label: string; password: string }): IpFormErrors {
  const errors: IpFormErrors = {};
  const parsed = IpAllowlistAddFields.safeParse({ ip: values.ip, label: values.label });
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if ((field === 'ip' || field === 'label') && !errors[field]) errors[field] = issue.message;
    }
  if (values.password === '') errors.password = 'Enter your password to confirm';
  return errors;
}

/** What the typed address will be stored as (`203.0.113.7` → `203.0.113.7/32`), or null while it is not valid. */
export function normalisedPreview(ip: string): string | null {
  const parsed = parseCidr(ip);
  return parsed.ok ? parsed.cidr : null;
}

/** The field a server error belongs to: 403 step-up → password, field errors → their field, else none. */
export function serverErrorField(
  status: unknown,
  key: unknown,
  fields: Record<string, string>,
): 'ip' | 'label' | 'password' | null {
  if (key === 'step_up_failed' || 'encrypted_password' in fields) return 'password';
  if ('ip' in fields || status === 409) return 'ip';
  if ('label' in fields) return 'label';
  return null;
}
