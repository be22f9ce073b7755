const dayLabel = new Intl.DateTimeFormat('en-IN', { weekday: 'short', day: 'numeric', timeZone: 'UTC' });

/** "Mon 5" for a YYYY-MM-DD day (a calendar day: formatted in UTC so it never shifts). */
export function shortDay(date: string): string {
  const time = Date.parse(`${date}T00:00:00Z`);
  return Number.isNaN(time) ? date : dayLabel.format(time);
}
