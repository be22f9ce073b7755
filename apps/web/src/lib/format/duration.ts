const tenths = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 1 });

/** A duration in milliseconds, to a tenth: "36.3 ms". */
export const formatDurationMs = (ms: number): string => `${tenths.format(ms)} ms`;
