/**
 * A benchmark's whole-number option: `--name=value` on the command line, else the environment variable `env`;
 * undefined when neither is given. Underscores are allowed as separators (`--n=1_000_000`).
 */
export function intOption(name: string, env: string): number | undefined {
  const arg = process.argv.slice(2).find((a) => a.startsWith(`--${name}=`));
  const raw = arg ? arg.slice(name.length + 3) : process.env[env];
  if (raw === undefined || raw === '') return undefined;
  const value = Number(raw.replace(/_/g, ''));
  if (!Number.isInteger(value) || value < 0) throw new Error(`--${name} must be a non-negative integer`);
  return value;
}
