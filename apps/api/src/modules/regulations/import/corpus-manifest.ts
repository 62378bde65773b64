import fs from 'node:fs';
import path from 'node:path';

/**
 * `manifest.json` beside a corpus's files records where each official file came from (see
 * corpus/manifest.json). The importer checks each listed file against its SHA-256 and keeps its
 * address with the version it imports.
 */
export const MANIFEST_FILE = 'manifest.json';

export interface ManifestEntry {
  file: string;
  code: string;
  sha256: string;
  officialUrl: string;
}

const cache = new Map<string, Map<string, ManifestEntry>>();

/** The manifest entry of a file, if its folder has a manifest listing it. */
export function manifestEntryFor(file: string): ManifestEntry | undefined {
  const dir = path.dirname(file);
  let entries = cache.get(dir);
  if (!entries) {
    entries = new Map();
    const manifest = path.join(dir, MANIFEST_FILE);
    if (fs.existsSync(manifest)) {
      const parsed = JSON.parse(fs.readFileSync(manifest, 'utf8')) as { entries?: ManifestEntry[] };
      for (const entry of parsed.entries ?? []) entries.set(entry.file, entry);
    }
    cache.set(dir, entries);
  }
  return entries.get(path.basename(file));
}
