import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Small invented regulations (not NR text), written to a temporary folder for import tests. */
export const FIXTURES: Record<string, string> = {
  'nr-41.txt': `NR 41 - ANDAIMES DE EXEMPLO
Publicação | D.O.U.
Portaria MTb nº 10, de 01 de junho de 1990 | 05/06/90
Alterações/Atualizações | D.O.U.
Portaria MTE nº 20, de 02 de maio de 2024 | 03/05/24

41.1 Objetivo
41.1.1 Esta Norma fixa regras para andaimes de exemplo.
41.2 Montagem
41.2.1 O andaime deve ser montado por trabalhador capacitado:
a) com projeto; e
b) com inspeção diária.
41.2.2 A altura máxima do andaime de exemplo é de 9,0 m.
`,
  'nr-43.md': `NR 43 - RUÍDO DE EXEMPLO
Publicação | D.O.U.
Portaria MTb nº 30, de 01 de junho de 1991 | 05/06/91

43.1 Campo de aplicação
43.1.1 Aplica-se aos locais de exemplo com ruído.
ANEXO I
LIMITES
1. Limites
1.1 O limite de exemplo é de 85 dB(A).
`,
};

export function writeFixtures(names = Object.keys(FIXTURES)): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'normas-import-'));
  for (const name of names) fs.writeFileSync(path.join(dir, name), FIXTURES[name]!);
  return dir;
}
