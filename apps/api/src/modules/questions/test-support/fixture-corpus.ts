import type { Database } from '../../../db/client';
import { regulations, sections } from '../../../db/schema';

/** A handful of real-looking items from two NRs: enough for retrieval, answers and citations in tests. */
export const FIXTURE_REGULATIONS = [
  {
    code: 'NR-35',
    title: 'Trabalho em Altura',
    description: 'Requisitos mínimos e medidas de proteção para o trabalho em altura.',
    sections: [
      [
        '35.1.2',
        '35.1 Objetivo',
        'Considera-se trabalho em altura toda atividade executada acima de 2,00 m (dois metros) do nível inferior, onde haja risco de queda.',
      ],
      [
        '35.3.2',
        '35.3 Capacitação e Treinamento',
        'O empregador deve promover programa para capacitação dos trabalhadores à realização de trabalho em altura, com treinamento teórico e prático com carga horária mínima de oito horas.',
      ],
      [
        '35.3.3',
        '35.3 Capacitação e Treinamento',
        'O empregador deve realizar treinamento periódico bienal e sempre que ocorrer mudança nos procedimentos, condições ou operações de trabalho.',
      ],
      [
        '35.5.2',
        '35.5 Sistemas de Proteção contra Quedas',
        'Na seleção do sistema de proteção contra quedas deve-se priorizar a proteção coletiva sobre a proteção individual.',
      ],
    ],
  },
  {
    code: 'NR-06',
    title: 'Equipamentos de Proteção Individual - EPI',
    description: 'Requisitos para aprovação, comercialização, fornecimento e utilização de EPI.',
    sections: [
      [
        '6.3',
        '6.3 Responsabilidades do empregador',
        'A organização deve fornecer ao empregado, gratuitamente, EPI adequado ao risco, em perfeito estado de conservação e funcionamento.',
      ],
      [
        '6.5.1',
        '6.5 Responsabilidades do trabalhador',
        'Cabe ao trabalhador usar o EPI apenas para a finalidade a que se destina e responsabilizar-se pela limpeza, guarda e conservação.',
      ],
    ],
  },
] as const;

export interface FixtureSection {
  regulationId: string;
  sectionId: string;
  code: string;
  title: string;
  item: string;
  number: number;
  headingPath: string;
  content: string;
}

/** Inserts the fixture regulations through the same tables the importer fills. */
export async function insertFixtureCorpus(database: Database): Promise<FixtureSection[]> {
  const inserted: FixtureSection[] = [];
  for (const fixture of FIXTURE_REGULATIONS) {
    const [regulation] = await database.db
      .insert(regulations)
      .values({
        code: fixture.code,
        title: fixture.title,
        authority: 'Ministério do Trabalho e Emprego',
        issuedDate: '1978-06-08',
        revisedDate: '2023-09-01',
        status: 'vigente',
        description: fixture.description,
        sourceFile: `${fixture.code.toLowerCase()}.pdf`,
        checksum: `fixture-${fixture.code}`,
      })
      .returning();
    const rows = await database.db
      .insert(sections)
      .values(
        fixture.sections.map(([item, headingPath, content], index) => ({
          regulationId: regulation!.id,
          number: index + 1,
          item,
          headingPath,
          content,
        })),
      )
      .returning();
    for (const row of rows) {
      inserted.push({
        regulationId: regulation!.id,
        sectionId: row.id,
        code: fixture.code,
        title: fixture.title,
        item: row.item,
        number: row.number,
        headingPath: row.headingPath,
        content: row.content,
      });
    }
  }
  return inserted;
}
