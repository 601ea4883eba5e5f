/**
 * `npm run openapi:lint`: writes the OpenAPI document the server serves (server/http/openapi.ts, from
 * src/contract) to node_modules/.cache/openapi/openapi.json and lints it with Redocly CLI's
 * recommended rules (redocly.yaml; the accepted exceptions, each with its reason, are in
 * .redocly.lint-ignore.yaml). Fails on any error or warning.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { api } from '../src/contract';
import { buildOpenApi } from '../server/http/openapi';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dir = path.join(root, 'node_modules', '.cache', 'openapi');
const file = path.join(dir, 'openapi.json');
mkdirSync(dir, { recursive: true });
writeFileSync(file, JSON.stringify(buildOpenApi(api, '0.0.0'), null, 2));
const run = spawnSync(
  path.join(root, 'node_modules', '.bin', 'redocly'),
  [
    'lint',
    path.relative(root, file),
    '--config',
    'redocly.yaml',
    '--format',
    'stylish',
    '--max-problems',
    '200',
  ],
  {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
  },
);
process.exitCode = run.status ?? 1;
