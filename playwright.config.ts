import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './e2e/chromium';

const port = Number(process.env.E2E_PORT ?? 3100);
const dataDir = process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), `normas-e2e-${process.pid}`);
// A temporary data folder holds a whole database (~40 MB); the runner removes it when it exits,
// after the server has stopped. Workers load this file too, but they never own the folder.
if (!process.env.E2E_DATA_DIR && !process.env.TEST_WORKER_INDEX) {
  process.on('exit', () => fs.rmSync(dataDir, { recursive: true, force: true }));
}

// The journeys need real answers: the server imports the NRs shipped in corpus/ before it listens
// (and E2E_CORPUS_DIR too, when given).
const extraCorpus = process.env.E2E_CORPUS_DIR ? path.resolve(process.env.E2E_CORPUS_DIR) : null;

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: CHROMIUM_PATH,
          args: CHROMIUM_ARGS,
        },
      },
    },
  ],
  webServer: {
    command: 'node apps/api/dist/server.js',
    url: `http://127.0.0.1:${port}/api/v1/ready`,
    // Importing the 36 shipped NR PDFs takes well under a minute (npm run bench:start).
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      ...(extraCorpus ? { CORPUS_DIR: extraCorpus } : {}),
    },
  },
});
