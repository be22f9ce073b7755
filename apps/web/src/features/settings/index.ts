export { SettingsLayout } from './settings-layout';
export { AccountSettings } from './account-settings';
export { AppearanceSettings } from './appearance-settings';
export { DisplaySettings } from './display-settings';
export { NotificationSettings } from './notification-settings';
