/**
 * Ruled tables of a PDF page, recovered from the borders Word draws around cells ("lattice"
 * extraction): the ruling lines give the grid, a cell border missing between two grid positions
 * makes a spanning cell, and the text pieces fall into the cells by position.
 */
import type { Piece, Rule } from './pdf-pieces';

/** Coordinates closer than this (points) are the same line of the grid. */
const SNAP = 2;
/** A gap smaller than this between two collinear segments joins them. */
const JOIN = 1.5;

interface HLine {
  y: number;
  x0: number;
  x1: number;
}
interface VLine {
  x: number;
  y0: number;
  y1: number;
}

/** A cell of a page grid: grid rows r0..r1-1 (top first) and columns c0..c1-1, and its text lines. */
export interface GridCell {
  r0: number;
  r1: number;
  c0: number;
  c1: number;
  lines: string[];
  bold: boolean;
}

/** A ruled table found on one page. */
export interface PageTable {
  page: number;
  /** Column boundaries, left to right (columns + 1 values). */
  xs: number[];
  /** Row boundaries, top to bottom (rows + 1 values, decreasing y). */
  ys: number[];
  cells: GridCell[];
  /** The pieces that fell inside the table (left out of the page's running text). */
  pieces: Set<Piece>;
  /** The line height of its text, for measuring gaps around it. */
  lineHeight: number;
}

function mergeSegments<T>(
  items: T[],
  key: (t: T) => number,
  from: (t: T) => number,
  to: (t: T) => number,
  make: (k: number, a: number, b: number) => T,
): T[] {
  const sorted = [...items].sort((a, b) => key(a) - key(b) || from(a) - from(b));
  const groups: T[][] = [];
  for (const item of sorted) {
    const group = groups.find((g) => Math.abs(key(g[0]!) - key(item)) <= SNAP / 2);
    if (group) group.push(item);
    else groups.push([item]);
  }
  const out: T[] = [];
  for (const group of groups) {
    const k = group.reduce((s, t) => s + key(t), 0) / group.length;
    group.sort((a, b) => from(a) - from(b));
    let a = from(group[0]!);
    let b = to(group[0]!);
    for (const t of group.slice(1)) {
      if (from(t) <= b + JOIN) b = Math.max(b, to(t));
      else {
        out.push(make(k, a, b));
        a = from(t);
        b = to(t);
      }
    }
    out.push(make(k, a, b));
  }
  return out;
}

/** Sorted representative values of coordinates, snapping those within SNAP together. */
function clusterValues(values: number[]): number[] {
  const sorted = [...values].sort((a, b) => a - b);
  const clusters: number[][] = [];
  for (const v of sorted) {
    const last = clusters.at(-1);
    if (last && v - last.at(-1)! <= SNAP) last.push(v);
    else clusters.push([v]);
  }
  return clusters.map((c) => c.reduce((s, v) => s + v, 0) / c.length);
}

class UnionFind {
  private parent: number[];
  constructor(n: number) {
    this.parent = Array.from({ length: n }, (_, i) => i);
  }
  find(i: number): number {
    while (this.parent[i] !== i) {
      this.parent[i] = this.parent[this.parent[i]!]!;
      i = this.parent[i]!;
    }
    return i;
  }
  union(a: number, b: number): void {
    this.parent[this.find(a)] = this.find(b);
  }
}

const SAME_LINE = 3;

/** Text lines of the pieces of one cell, top to bottom. */
function cellLines(pieces: Piece[]): string[] {
  const sorted = [...pieces].sort((a, b) => b.y - a.y || a.x - b.x);
  const rows: Piece[][] = [];
  for (const p of sorted) {
    const row = rows.at(-1);
    if (row && Math.abs(row[0]!.y - p.y) < SAME_LINE) row.push(p);
    else rows.push([p]);
  }
  return rows
    .map((row) => {
      row.sort((a, b) => a.x - b.x);
      let text = '';
      let end: number | null = null;
      for (const p of row) {
        if (
          end !== null &&
          p.x - end > p.height * 0.12 &&
          !text.endsWith(' ') &&
          !p.text.startsWith(' ')
        )
          text += ' ';
        text += p.text;
        end = p.x + p.width;
      }
      return text.replace(/\s+/g, ' ').trim();
    })
    .filter((l) => l !== '');
}

/** Whether a vertical rule covers x over the middle of the span [yLow, yHigh]. */
function coversV(vs: VLine[], x: number, yLow: number, yHigh: number): boolean {
  const inset = Math.min(1.5, (yHigh - yLow) / 4);
  return vs.some((v) => Math.abs(v.x - x) <= SNAP && v.y0 <= yLow + inset && v.y1 >= yHigh - inset);
}

function coversH(hs: HLine[], y: number, xLow: number, xHigh: number): boolean {
  const inset = Math.min(1.5, (xHigh - xLow) / 4);
  return hs.some((h) => Math.abs(h.y - y) <= SNAP && h.x0 <= xLow + inset && h.x1 >= xHigh - inset);
}

/** The ruled tables of one page (at least two rows and two columns), top first. */
export function findPageTables(page: number, pieces: Piece[], rules: Rule[]): PageTable[] {
  const hs = mergeSegments<HLine>(
    rules.filter((r) => Math.abs(r.y1 - r.y0) < 0.5).map((r) => ({ y: r.y0, x0: r.x0, x1: r.x1 })),
    (h) => h.y,
    (h) => h.x0,
    (h) => h.x1,
    (y, x0, x1) => ({ y, x0, x1 }),
  );
  const vs = mergeSegments<VLine>(
    rules.filter((r) => Math.abs(r.x1 - r.x0) < 0.5).map((r) => ({ x: r.x0, y0: r.y0, y1: r.y1 })),
    (v) => v.x,
    (v) => v.y0,
    (v) => v.y1,
    (x, y0, y1) => ({ x, y0, y1 }),
  );
  if (hs.length < 3 || vs.length < 3) return [];

  // Segments that touch belong to the same table.
  const uf = new UnionFind(hs.length + vs.length);
  hs.forEach((h, i) =>
    vs.forEach((v, j) => {
      if (v.x >= h.x0 - SNAP && v.x <= h.x1 + SNAP && h.y >= v.y0 - SNAP && h.y <= v.y1 + SNAP)
        uf.union(i, hs.length + j);
    }),
  );
  const components = new Map<number, { hs: HLine[]; vs: VLine[] }>();
  hs.forEach((h, i) => {
    const root = uf.find(i);
    if (!components.has(root)) components.set(root, { hs: [], vs: [] });
    components.get(root)!.hs.push(h);
  });
  vs.forEach((v, j) => {
    const root = uf.find(hs.length + j);
    if (!components.has(root)) components.set(root, { hs: [], vs: [] });
    components.get(root)!.vs.push(v);
  });

  const tables: PageTable[] = [];
  const used = new Set<Piece>();
  for (const component of components.values()) {
    const xs = clusterValues(component.vs.map((v) => v.x));
    const ys = clusterValues(component.hs.map((h) => h.y)).reverse();
    // A row cut by the page break has no border on the cut side; the column lines still reach it.
    const bottom = Math.min(...component.vs.map((v) => v.y0));
    const top = Math.max(...component.vs.map((v) => v.y1));
    if (bottom < ys.at(-1)! - 3 * SNAP) ys.push(bottom);
    if (top > ys[0]! + 3 * SNAP) ys.unshift(top);
    const rows = ys.length - 1;
    const cols = xs.length - 1;
    if (rows < 2 || cols < 2) continue;

    const index = (r: number, c: number) => r * cols + c;
    const cellsUf = new UnionFind(rows * cols);
    for (let r = 0; r < rows; r++) {
      for (let c = 0; c < cols; c++) {
        if (c + 1 < cols && !coversV(component.vs, xs[c + 1]!, ys[r + 1]!, ys[r]!))
          cellsUf.union(index(r, c), index(r, c + 1));
        if (r + 1 < rows && !coversH(component.hs, ys[r + 1]!, xs[c]!, xs[c + 1]!))
          cellsUf.union(index(r, c), index(r + 1, c));
      }
    }
    const boxes = new Map<number, { r0: number; r1: number; c0: number; c1: number }>();
    for (let r = 0; r < rows; r++) {
      for (let c = 0; c < cols; c++) {
        const root = cellsUf.find(index(r, c));
        const box = boxes.get(root);
        if (!box) boxes.set(root, { r0: r, r1: r + 1, c0: c, c1: c + 1 });
        else {
          box.r0 = Math.min(box.r0, r);
          box.r1 = Math.max(box.r1, r + 1);
          box.c0 = Math.min(box.c0, c);
          box.c1 = Math.max(box.c1, c + 1);
        }
      }
    }
    const owner: (number | undefined)[] = [];
    for (const [root, box] of boxes)
      for (let r = box.r0; r < box.r1; r++)
        for (let c = box.c0; c < box.c1; c++) owner[index(r, c)] ??= root;

    const inside = new Map<number, Piece[]>();
    const mine = new Set<Piece>();
    const heights: number[] = [];
    for (const piece of pieces) {
      if (used.has(piece) || piece.text.trim() === '') continue;
      const cx = piece.x + Math.min(piece.width / 2, 4);
      const cy = piece.y + piece.height * 0.3;
      if (cx < xs[0]! || cx > xs[cols]! || cy > ys[0]! || cy < ys[rows]!) continue;
      const c = Math.max(0, xs.findIndex((x) => x > cx) - 1);
      const r = Math.max(0, ys.findIndex((y) => y < cy) - 1);
      const root = owner[index(Math.min(r, rows - 1), Math.min(c, cols - 1))]!;
      if (!inside.has(root)) inside.set(root, []);
      inside.get(root)!.push(piece);
      mine.add(piece);
      heights.push(piece.height);
    }
    const cells: GridCell[] = [...boxes].map(([root, box]) => {
      const own = inside.get(root) ?? [];
      const text = own.filter((p) => p.text.trim() !== '');
      return {
        ...box,
        lines: cellLines(own),
        bold: text.length > 0 && text.every((p) => p.bold),
      };
    });
    cells.sort((a, b) => a.r0 - b.r0 || a.c0 - b.c0);
    for (const p of mine) used.add(p);
    heights.sort((a, b) => a - b);
    tables.push({
      page,
      xs,
      ys,
      cells,
      pieces: mine,
      lineHeight: heights[Math.floor(heights.length / 2)] ?? 10,
    });
  }
  return tables.sort((a, b) => b.ys[0]! - a.ys[0]!);
}
