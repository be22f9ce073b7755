import { createHmac, type KeyObject } from 'node:crypto';

/** One-time codes live 10 minutes, allow 5 wrong tries per attempt and at most 3 resends. */
export const OTP_TTL_SECONDS = 600;
export const OTP_MAX_FAILURES = 5;

/**
 * Codes are stored only as a keyed hash (HMAC-SHA256 with a key derived from the server's signing key and
 * the request urn), so a database dump does not reveal them and cannot be brute-forced offline.
 */
export function hashOtp(serverKey: KeyObject, requestUrn: string, code: string): string {
  const secret = serverKey.export({ format: 'der', type: 'pkcs8' });
  return createHmac('sha256', secret).update(`otp:${requestUrn}:${code}`).digest('hex');
}

export const otpSmsText = (code: string) =>
  `Your Meridian sign-in code is ${code}. It expires in ${OTP_TTL_SECONDS / 60} minutes. Do not share it.`;
