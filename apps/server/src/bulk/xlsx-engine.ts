import { defineEngine } from '../lib/engine.ts';

/**
 * The XLSX engine: a child process (xlsx-engine-main.ts) that reads bulk files with exceljs, started by the first
 * XLSX and ended after ENGINE_IDLE_MS without one (lib/engine.ts).
 */
export const xlsxEngine = defineEngine('XLSX engine', new URL('./xlsx-engine-main.ts', import.meta.url));
