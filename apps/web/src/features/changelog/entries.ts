import type { ChangelogEntry } from './changelog';

/** The changelog is held in the client: exactly these two entries. */
export const CHANGELOG_ENTRIES: readonly ChangelogEntry[] = [
  {
    slug: 'new-dashboard-v3',
    title: 'A new dashboard, with a command palette',
    date: '2025-08-25',
    version: 'v3.0.0',
    type: 'feature',
    author: 'Meridian Product Team',
    tags: ['dashboard', 'command-palette', 'navigation'],
    excerpt:
      'The dashboard is rebuilt from the ground up: a home dashboard, faster navigation and a command palette.',
    content: `The dashboard has been rebuilt from the ground up.

## What is new

- **New dashboard.** A cleaner layout with the navigation grouped by product: Flow for payouts and banking, Fabric for identity verification, plus accounts, reports and configurations.
- **Command palette.** Press **Cmd+K** (macOS) or **Ctrl+K** (Windows and Linux) to jump to any screen, switch team, change the theme or font, or sign out — without leaving the keyboard.
- **Home dashboard.** Signing in takes you straight to the Flow home, with every Flow screen one click away.

## Also

- Teams: switch between Meridian (everything), Flow and Fabric to keep the navigation focused on what you use.
- Themes: light, dark, system and the Meridian brand theme, with a choice of fonts.
`,
  },
  {
    slug: 'vba-mis-report-and-smart-caching',
    title: 'VBA MIS report download and smart caching of Fabric screens',
    date: '2025-09-03',
    version: 'v20.1.0',
    type: 'improvement',
    author: 'Meridian Product Team',
    tags: ['reports', 'vba-mis', 'fabric', 'performance'],
    excerpt:
      'Download the virtual bank account MIS report, and move between Fabric API screens without waiting.',
    content: `## VBA MIS report download

You can now download the **virtual bank account (VBA) MIS report** from *Reports → VBA MIS*. Pick a date range and the report is generated for you; it also appears in the download history so you can fetch it again later.

## Smart caching of Fabric API screens

The Fabric identity-verification screens (KYC, DigiLocker, CKYC, Aadhaar XML, face match and the others) now keep recently loaded results for a short while. Going back to a screen you just visited shows its data immediately, then refreshes it in the background.

- Fewer loading spinners when you move between Fabric screens.
- Results still refresh when you come back to the window, and every screen keeps its refresh button.
`,
  },
];
