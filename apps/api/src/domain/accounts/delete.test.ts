import { getTableColumns, getTableName, type Column } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from '../../db/schema';
import { authorColumns, ownedTables, userColumns } from './delete';

describe('Account deletion', () => {
  it('knows for every column holding a user id whether its rows go with the user', () => {
    const owned = new Set<PgTable>(ownedTables.map((t) => t.table));
    const known = new Set<Column>([...userColumns, ...authorColumns]);
    const unclassified: string[] = [];
    for (const table of Object.values(schema)) {
      if (!(table instanceof PgTable) || owned.has(table)) continue;
      for (const [name, column] of Object.entries(getTableColumns(table) as Record<string, Column>))
        if (column.columnType === 'PgUUID' && !known.has(column))
          unclassified.push(`${getTableName(table)}.${name}`);
    }
    expect(unclassified).toEqual([]);
  });
});
