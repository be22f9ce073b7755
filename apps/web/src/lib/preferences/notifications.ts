import { createPreference } from './store';

/** Notification preferences kept on this device only (spec: "device-local"). */
export const NOTIFICATION_TOPICS = [
  { id: 'payouts', label: 'Payout updates', description: 'A payout succeeds, fails or is reversed.' },
  { id: 'reports', label: 'Reports ready', description: 'A requested report is ready to download.' },
  {
    id: 'security',
    label: 'Security alerts',
    description: 'New sign-ins and changes to two-factor settings.',
  },
] as const;
export type NotificationTopic = (typeof NOTIFICATION_TOPICS)[number]['id'];
export const NOTIFICATION_CHANNELS = [
  { id: 'email', label: 'E-mail' },
  { id: 'sms', label: 'SMS' },
] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number]['id'];

export type NotificationSettings = Record<NotificationChannel, Record<NotificationTopic, boolean>>;

export const DEFAULT_NOTIFICATIONS: NotificationSettings = {
  email: { payouts: true, reports: true, security: true },
  sms: { payouts: false, reports: false, security: true },
};

/** Reads stored JSON, keeping only known channels/topics with boolean values; the rest falls back to defaults. */
export function parseNotifications(raw: string | null): NotificationSettings {
  let stored: unknown;
  try {
    stored = raw ? JSON.parse(raw) : undefined;
  } catch {
    stored = undefined;
  }
  const result = structuredClone(DEFAULT_NOTIFICATIONS);
  if (!stored || typeof stored !== 'object') return result;
  for (const channel of NOTIFICATION_CHANNELS) {
    const byTopic: unknown = (stored as Record<string, unknown>)[channel.id];
    if (!byTopic || typeof byTopic !== 'object') continue;
    for (const topic of NOTIFICATION_TOPICS) {
      const value: unknown = (byTopic as Record<string, unknown>)[topic.id];
      if (typeof value === 'boolean') result[channel.id][topic.id] = value;
    }
  }
  return result;
}

export const notificationPreference = createPreference({
  name: 'notifications',
  parse: parseNotifications,
  serialize: (value) => JSON.stringify(value),
});
