import type { CurrentVersion, RegulationVersion } from '@normas/contracts/regulations';
import { formatCalendarDate, formatDate } from '../../../lib/dates';

type VersionFacts = Pick<RegulationVersion, 'lastAct' | 'amendedOn' | 'sourceFile'>;

/** "Portaria MTE nº 1.680, de 02 de outubro de 2025 (DOU de 06/10/2025)". */
export function versionLabel(version: VersionFacts): string {
  const dou = version.amendedOn ? `DOU de ${formatCalendarDate(version.amendedOn)}` : null;
  if (version.lastAct) return dou ? `${version.lastAct} (${dou})` : version.lastAct;
  return dou ? `Última alteração publicada no ${dou}` : `Arquivo ${version.sourceFile}`;
}

function count(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** "2 itens incluídos, 1 removido e 3 com nova redação"; empty parts are left out. */
export function changeSummary(counts: {
  added: number;
  removed: number;
  reworded: number;
}): string {
  const parts = [
    counts.added > 0 ? count(counts.added, 'item incluído', 'itens incluídos') : null,
    counts.removed > 0 ? count(counts.removed, 'item removido', 'itens removidos') : null,
    counts.reworded > 0
      ? count(counts.reworded, 'item com nova redação', 'itens com nova redação')
      : null,
  ].filter((p): p is string => p !== null);
  if (parts.length === 0) return 'nenhum item mudou de texto';
  return parts.length === 1 ? parts[0]! : `${parts.slice(0, -1).join(', ')} e ${parts.at(-1)}`;
}

/** "Atualizada aqui em 21/11/2026: 2 itens incluídos…", for a version that replaced another. */
export function updateNote(version: CurrentVersion): string | null {
  if (!version.changeCounts) return null;
  return `Atualizada aqui em ${formatDate(version.importedAt)}: ${changeSummary(version.changeCounts)}.`;
}
