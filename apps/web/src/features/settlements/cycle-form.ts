import type { z } from 'zod';
import { UpdateSettlementCycle, type SettlementCycle } from '@meridian/contract/accounts';

/** Every field of the edit form is required (the contract's PUT body takes any of them). */
export const cycleFormSchema = UpdateSettlementCycle.required();
export type CycleForm = z.input<typeof cycleFormSchema>;
export type CycleBody = z.output<typeof cycleFormSchema>;
export const FIELDS = ['name', 'type', 'run_times', 'min_amount', 'enabled'] as const;

export const fromCycle = (c: SettlementCycle): CycleForm => ({
  name: c.name,
  type: c.type,
  run_times: [...c.run_times],
  min_amount: c.min_amount,
  enabled: c.enabled,
});
