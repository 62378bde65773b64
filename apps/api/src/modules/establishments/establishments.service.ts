import {
  formatCnae,
  type CheckProfile,
  type CnaeClass,
  type Establishment,
  type EstablishmentInput,
} from '@normas/contracts/establishments';
import { AppError } from '../../lib/app-error';
import { toRegulationTable } from '../regulations/regulations.service';
import type { EstablishmentRow, EstablishmentsRepository } from './establishments.repository';
import type { LoadedSizingTables, SizingTablesSource } from './sizing/load-sizing-tables';
import { riskDegreeOf, sizeEstablishment, UnknownCnaeError } from './sizing/sizing';

const CNAE_RESULTS = 20;

function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

function unknownCnae(cnae: string, cnaeClass: string): AppError {
  return new AppError(
    'UNKNOWN_CNAE',
    undefined,
    `O CNAE ${formatCnae(cnae)} (classe ${cnaeClass}) não consta na relação do Anexo I da NR-04. Confira o código no cartão do CNPJ.`,
  );
}

export function createEstablishmentsService(deps: {
  establishments: EstablishmentsRepository;
  tables: SizingTablesSource;
}) {
  async function tables(): Promise<LoadedSizingTables> {
    const loaded = await deps.tables();
    if (!loaded) throw new AppError('SIZING_TABLES_MISSING');
    return loaded;
  }

  function toDto(row: EstablishmentRow, loaded: LoadedSizingTables): Establishment {
    let computed;
    try {
      computed = sizeEstablishment(row, loaded);
    } catch (error) {
      // A CNAE accepted earlier and gone from a newer edition of Anexo I.
      if (error instanceof UnknownCnaeError) throw unknownCnae(row.cnae, error.cnaeClass);
      throw error;
    }
    const [, sesmt, cipa] = loaded.rows;
    return {
      id: row.id,
      name: row.name,
      cnpj: row.cnpj,
      cnae: row.cnae,
      cnaeFormatted: formatCnae(row.cnae),
      employees: row.employees,
      uf: row.uf,
      active: row.active,
      riskDegree: computed.riskDegree,
      sizing: computed.sizing,
      tables: [sesmt!, cipa!].map((t) => ({
        ...toRegulationTable(t),
        code: t.code,
        regulationId: t.regulationId,
      })),
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  async function checkedFields(input: EstablishmentInput) {
    const loaded = await tables();
    try {
      riskDegreeOf(input.cnae, loaded);
    } catch (error) {
      if (error instanceof UnknownCnaeError) throw unknownCnae(input.cnae, error.cnaeClass);
      throw error;
    }
    const { active: _active, ...fields } = input;
    return { loaded, fields };
  }

  async function find(userId: string, id: string): Promise<EstablishmentRow> {
    const row = await deps.establishments.findForUser(userId, id);
    if (!row) throw new AppError('ESTABLISHMENT_NOT_FOUND');
    return row;
  }

  return {
    async list(userId: string): Promise<Establishment[]> {
      const rows = await deps.establishments.listForUser(userId);
      if (rows.length === 0) return [];
      const loaded = await tables();
      return rows.map((row) => toDto(row, loaded));
    },

    async get(userId: string, id: string): Promise<Establishment> {
      const row = await find(userId, id);
      return toDto(row, await tables());
    },

    async create(userId: string, input: EstablishmentInput): Promise<Establishment> {
      const { loaded, fields } = await checkedFields(input);
      const row = await deps.establishments.insert(userId, fields, input.active === true);
      return toDto(row, loaded);
    },

    async update(userId: string, id: string, input: EstablishmentInput): Promise<Establishment> {
      await find(userId, id);
      const { loaded, fields } = await checkedFields(input);
      const row = await deps.establishments.update(userId, id, fields, input.active === true);
      if (!row) throw new AppError('ESTABLISHMENT_NOT_FOUND');
      return toDto(row, loaded);
    },

    async remove(userId: string, id: string): Promise<void> {
      if (!(await deps.establishments.delete(userId, id)))
        throw new AppError('ESTABLISHMENT_NOT_FOUND');
    },

    async checkProfile(userId: string): Promise<CheckProfile> {
      const [all, active] = await Promise.all([
        deps.establishments.listForUser(userId),
        deps.establishments.findActive(userId),
      ]);
      let complete = false;
      if (active) {
        const loaded = await deps.tables();
        complete =
          loaded !== null &&
          loaded.riskDegrees.entries.has(active.cnae.slice(0, 5)) &&
          active.employees > 0 &&
          active.uf !== '';
      }
      return { hasProfile: all.length > 0, complete, activeProfileId: active?.id ?? null };
    },

    /** The user's active profile with its sizing, or null (no profile, or tables not imported). */
    async active(userId: string): Promise<Establishment | null> {
      const row = await deps.establishments.findActive(userId);
      if (!row) return null;
      const loaded = await deps.tables();
      if (!loaded) return null;
      try {
        return toDto(row, loaded);
      } catch {
        return null;
      }
    },

    /** CNAE classes of NR-04 Anexo I by code ("4120", "41.20-4") or words ("construção edifícios"). */
    async searchCnae(search: string): Promise<CnaeClass[]> {
      const loaded = await tables();
      const digits = search.replace(/[\s./-]/g, '');
      const entries = [...loaded.riskDegrees.entries.values()];
      let found;
      if (/^\d+$/.test(digits)) {
        found = entries.filter((e) => e.digits.startsWith(digits.slice(0, 5)));
      } else {
        const words = fold(search)
          .split(/\s+/)
          .filter((w) => w.length >= 2);
        found = entries.filter((e) => {
          const text = fold(e.description);
          return words.every((w) => text.includes(w));
        });
      }
      return found.slice(0, CNAE_RESULTS).map((e) => ({
        code: e.code,
        digits: e.digits,
        description: e.description,
        degree: e.degree,
      }));
    },
  };
}

export type EstablishmentsService = ReturnType<typeof createEstablishmentsService>;
