// A second process for the data-folder lock tests: `node --import tsx hold-data-dir.ts <dir> <mode>`.
// mode "lock": takes the bare lock; mode "database": opens the embedded database like the server.
// Prints "held" (or the refusal) and keeps the folder until stdin closes or it is killed.
import { openDatabase } from '../../db/client';
import { DataDirLockedError, lockDataDir } from '../../db/data-dir-lock';

const [dir, mode = 'lock'] = process.argv.slice(2);
try {
  const release =
    mode === 'database'
      ? await openDatabase({ dataDir: dir!, holder: 'servidor' }).then((db) => () => db.close())
      : await lockDataDir(dir!, 'servidor').then((lock) => () => lock.release());
  process.stdout.write('held\n');
  process.stdin.resume();
  process.stdin.on('end', () => {
    void Promise.resolve(release()).then(() => process.exit(0));
  });
} catch (error) {
  process.stdout.write(
    error instanceof DataDirLockedError ? `refused\n` : `error ${String(error)}\n`,
  );
  process.exit(error instanceof DataDirLockedError ? 3 : 1);
}
