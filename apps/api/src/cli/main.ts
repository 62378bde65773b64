import { ConfigError } from '../config';
import { DataDirLockedError } from '../db/data-dir-lock';
import { BackupError } from '../db/backup';
import { runAskCommand } from './ask.command';
import { runBackupCommand, runRestoreCommand } from './backup.command';
import { runEvalCommand } from './eval.command';
import { runFaqsCommand } from './faqs.command';
import { runImportCommand } from './import.command';
import { runTrainCommand } from './train.command';
import { runUsersCommand } from './users.command';
import { UsageError } from './usage-error';

/**
 * `npm run -s normas -- <command> ...`: operator commands that share the server's configuration
 * (DATA_DIR / DATABASE_URL).
 */
const COMMANDS: Record<string, { usage: string; run: (args: string[]) => Promise<number> }> = {
  users: { usage: 'users set-plan <email> <free|pro|business>', run: runUsersCommand },
  ask: { usage: 'ask "<pergunta>" [--json]', run: runAskCommand },
  eval: { usage: 'eval --questions <arquivo.jsonl>', run: runEvalCommand },
  import: { usage: 'import <arquivo-ou-pasta>...', run: (args) => runImportCommand(args) },
  'train-retrieval': {
    usage: 'train-retrieval --questions <arquivo.jsonl|pasta>... [--out <pasta>]',
    run: runTrainCommand,
  },
  backup: { usage: 'backup <arquivo>', run: (args) => runBackupCommand(args) },
  restore: { usage: 'restore <arquivo>', run: (args) => runRestoreCommand(args) },
  faqs: {
    usage: 'faqs generate --out <arquivo.json> [--in <arquivo.json>] [--force]',
    run: runFaqsCommand,
  },
};

async function main(argv: string[]): Promise<number> {
  const [name, ...args] = argv;
  const command = name ? COMMANDS[name] : undefined;
  if (!command) {
    const usage = Object.values(COMMANDS)
      .map((c) => `  normas ${c.usage}`)
      .join('\n');
    process.stderr.write(`${name ? `Comando desconhecido: ${name}\n` : ''}Uso:\n${usage}\n`);
    return 2;
  }
  try {
    return await command.run(args);
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`${error.message}\nUso: normas ${command.usage}\n`);
      return 2;
    }
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      return 2;
    }
    if (error instanceof DataDirLockedError || error instanceof BackupError) {
      process.stderr.write(`${error.message}\n`);
      return 1;
    }
    throw error;
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`Erro: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
