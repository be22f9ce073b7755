import { useId } from 'react';
import { Switch } from '@/components/ui/switch';
import {
  NOTIFICATION_CHANNELS,
  NOTIFICATION_TOPICS,
  notificationPreference,
  type NotificationChannel,
  type NotificationTopic,
} from '@/lib/preferences/notifications';
import { SettingsSection } from './settings-layout';

/** Settings → Notifications: e-mail and SMS choices per topic, kept on this device only. */
export function NotificationSettings() {
  const settings = notificationPreference.use();
  const id = useId();
  const toggle = (channel: NotificationChannel, topic: NotificationTopic, on: boolean) =>
    notificationPreference.set({ ...settings, [channel]: { ...settings[channel], [topic]: on } });

  return (
    <SettingsSection
      title="Notifications"
      description="Which messages you want by e-mail and by SMS. These choices are saved on this device only."
    >
      {NOTIFICATION_CHANNELS.map((channel) => (
        <fieldset key={channel.id} className="grid gap-4">
          <legend className="mb-3 text-sm font-medium">{channel.label}</legend>
          {NOTIFICATION_TOPICS.map((topic) => {
            const switchId = `${id}-${channel.id}-${topic.id}`;
            return (
              <div key={topic.id} className="flex items-center justify-between gap-4 rounded-lg border p-3">
                <div className="grid gap-0.5">
                  <label htmlFor={switchId} className="text-sm font-medium">
                    {topic.label} <span className="sr-only">by {channel.label}</span>
                  </label>
                  <p id={`${switchId}-hint`} className="text-sm text-muted-foreground">
                    {topic.description}
                  </p>
                </div>
                <Switch
                  id={switchId}
                  checked={settings[channel.id][topic.id]}
                  onCheckedChange={(on) => toggle(channel.id, topic.id, on)}
                  aria-describedby={`${switchId}-hint`}
                />
              </div>
            );
          })}
        </fieldset>
      ))}
    </SettingsSection>
  );
}
