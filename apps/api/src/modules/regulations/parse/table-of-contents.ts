const TOC_HEADING = /^(SUM[ÁA]RIO|Sum[áa]rio|[ÍI]NDICE|[ÍI]ndice):?$/;

function key(line: string): string {
  return line.toLocaleLowerCase('pt-BR').replace(/[^\p{L}\p{N}]/gu, '');
}

/**
 * Drops each "SUMÁRIO" list: from the heading up to the line where its first entry is printed
 * again as the real heading. A list whose first entry never comes back is left alone.
 */
export function removeTablesOfContents(lines: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (!TOC_HEADING.test(lines[i]!)) {
      out.push(lines[i]!);
      continue;
    }
    let first = i + 1;
    while (first < lines.length && lines[first] === '') first++;
    const firstKey = key(lines[first] ?? '');
    let end = -1;
    for (let j = first + 1; firstKey && j < Math.min(lines.length, first + 150); j++) {
      if (
        key(lines[j]!) === firstKey ||
        (key(lines[j]!).startsWith(firstKey) && firstKey.length >= 8)
      ) {
        end = j;
        break;
      }
    }
    if (end < 0) {
      out.push(lines[i]!);
      continue;
    }
    i = end - 1;
  }
  return out;
}
