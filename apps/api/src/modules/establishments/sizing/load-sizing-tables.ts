import type { TableGrid } from '@normas/contracts/tables';
import { inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { regulations } from '../../../db/schema';
import { createRegulationsRepository } from '../../regulations/regulations.repository';
import type { SizingTables } from './sizing';
import {
  readCipaTable,
  readRiskDegrees,
  readSesmtTable,
  SizingTableError,
  type SourceTable,
} from './sizing-tables';

const CODES = ['NR-04', 'NR-05'];

type Row = Awaited<
  ReturnType<ReturnType<typeof createRegulationsRepository>['tablesByCode']>
>[number];

function source(row: Row): SourceTable {
  return {
    regulationId: row.regulationId,
    code: row.code,
    item: row.item,
    sectionId: row.sectionId,
    label: row.label,
    title: row.title,
    grid: row.grid as TableGrid,
  };
}

/** Picks NR-04 Anexo I and Anexo II and NR-05 Quadro I among the imported tables and reads them. */
export function readSizingTables(nr04: Row[], nr05: Row[]): SizingTables & { rows: Row[] } {
  const anexoI = nr04.find((t) => t.label === 'Anexo I');
  const anexoII = nr04.find((t) => t.label === 'Anexo II');
  const quadroI = nr05.find((t) => t.label === 'Quadro I');
  if (!anexoI || !anexoII || !quadroI)
    throw new SizingTableError('tabelas da NR-04 (Anexos I e II) ou da NR-05 (Quadro I) ausentes');
  const risk = source(anexoI);
  const sesmt = source(anexoII);
  const cipa = source(quadroI);
  return {
    riskDegrees: { table: risk, entries: readRiskDegrees(risk) },
    sesmt: { table: sesmt, model: readSesmtTable(sesmt) },
    cipa: { table: cipa, model: readCipaTable(cipa) },
    rows: [anexoI, anexoII, quadroI],
  };
}

export type LoadedSizingTables = ReturnType<typeof readSizingTables>;

/**
 * The sizing tables of the database, read once per import: the cache is keyed by NR-04's and
 * NR-05's checksums, so an import by any process (CLI, another replica) is picked up on the next
 * call. Null while the NRs are not imported or their tables cannot be read.
 */
export function createSizingTablesSource(db: Db, onError?: (error: unknown) => void) {
  const repository = createRegulationsRepository(db);
  let cached: { key: string; tables: LoadedSizingTables | null } | null = null;
  return async function load(): Promise<LoadedSizingTables | null> {
    const versions = await db
      .select({ code: regulations.code, checksum: regulations.checksum })
      .from(regulations)
      .where(inArray(regulations.code, CODES));
    const key = versions
      .map((v) => `${v.code}:${v.checksum}`)
      .sort()
      .join('|');
    if (cached?.key === key) return cached.tables;
    let tables: LoadedSizingTables | null = null;
    if (versions.length === CODES.length) {
      try {
        const [nr04, nr05] = await Promise.all(CODES.map((c) => repository.tablesByCode(c)));
        tables = readSizingTables(nr04!, nr05!);
      } catch (error) {
        if (!(error instanceof SizingTableError)) throw error;
        onError?.(error);
      }
    }
    cached = { key, tables };
    return tables;
  };
}

export type SizingTablesSource = ReturnType<typeof createSizingTablesSource>;
