import type { FastifyInstance } from 'fastify';
import type { ListDef } from '@meridian/contract';
import type { z } from 'zod';
import type { FileCellValue } from '../files/cells.ts';
import type { Db } from '../db/database.ts';
import type { ListDefinition } from './list-query.ts';
import { registerList, type ListScope, type ListSpec } from './register-list.ts';

// MIGRATION (this file is removed when every list is a contract definition): a list in its older shape — named
// search keys without labels, its paths and CSV columns beside it — registered through `registerList`.
export type LegacyListSpec<Row extends z.ZodType, Extra extends z.ZodRawShape = Record<never, z.ZodType>> = {
  list: ListDefinition;
  tag: string;
  noun?: string;
  paths: { search: string; count: string; export: string };
  row: Row;
  query?: Extra;
  paging?: 'offset' | 'page';
  fetch: (db: Db, scope: ListScope<z.infer<z.ZodObject<Extra>>>) => Promise<z.infer<Row>[]>;
  count: (db: Db, scope: ListScope<z.infer<z.ZodObject<Extra>>>) => Promise<number>;
  csv: [string, (row: z.infer<Row>) => FileCellValue][];
  report?: ListSpec<ListDef, Row>['report'];
};

export function registerLegacyList<
  Row extends z.ZodType,
  Extra extends z.ZodRawShape = Record<never, z.ZodType>,
>(app: FastifyInstance, db: Db, product: string, spec: LegacyListSpec<Row, Extra>): void {
  const old = spec.list;
  const list: ListDef = {
    name: old.name,
    title: old.name,
    noun: old.name,
    paths: spec.paths,
    searchKeys: old.searchKeys.map((key) => ({ key, label: key })),
    ...(old.aliases ? { aliases: old.aliases } : {}),
    defaultRange: old.defaultRange ?? 'last7',
    ...(spec.paging ? { paging: spec.paging } : {}),
    columns: spec.csv.map(([key]) => ({ key, label: key, format: 'text', priority: 2 })),
  };
  const values = Object.fromEntries(spec.csv);
  registerList(app, db, product, {
    list,
    tag: spec.tag,
    noun: spec.noun ?? `${old.name} of the caller's client`,
    row: spec.row,
    ...(spec.query ? { query: spec.query } : {}),
    fetch: spec.fetch as ListSpec<ListDef, Row, Extra>['fetch'],
    count: spec.count as ListSpec<ListDef, Row, Extra>['count'],
    values,
    ...(spec.report ? { report: spec.report } : {}),
  });
}
