/**
 * Accepted values of the stored display choices, under KEYS.theme / font / team. Reading and
 * writing them (with change notification) is lib/preferences; public/theme-init.js repeats the theme and
 * font lists because it runs before any bundle.
 */
export const THEMES = ['light', 'dark', 'system', 'brand'] as const;
export const FONTS = ['inter', 'manrope', 'system'] as const;
/** The provider-named team (default, all navigation), flow and fabric. */
export const TEAMS = ['meridian', 'flow', 'fabric'] as const;

export type Theme = (typeof THEMES)[number];
export type Font = (typeof FONTS)[number];
export type Team = (typeof TEAMS)[number];
