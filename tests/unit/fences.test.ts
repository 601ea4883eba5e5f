// @vitest-environment node
/**
 * The fences of docs/architecture.md §9 hold: an import across one fails `npm run lint`. Each case
 * lints a planted line as if it were in the named file, with the project's own ESLint config.
 */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: new URL('../..', import.meta.url).pathname });

const fenceErrors = async (filePath: string, code: string) => {
  const [result] = await eslint.lintText(`${code}\nexport const planted = x;\n`, { filePath });
  return (result?.messages ?? []).filter(
    (m) =>
      m.ruleId === 'no-restricted-imports' ||
      m.ruleId === '@typescript-eslint/no-restricted-imports' ||
      m.ruleId === 'no-restricted-syntax',
  );
};

describe('lint fences', () => {
  it.each([
    ['src/lib/planted.ts', "import { x } from '../../server/app';"],
    ['src/app/planted.ts', "import { x } from '../../server/http/route';"],
    ['src/lib/planted.ts', "import { x } from '@/app/session';"],
    ['src/lib/planted.ts', "import { x } from '../components/ui';"],
    ['src/components/planted.tsx', "import { x } from '@/areas/country';"],
    ['src/components/planted.tsx', "import { x } from '@/resources/cells';"],
    ['src/components/menus/planted.tsx', "import { x } from '../../resources/dialogs';"],
    ['src/resources/planted.tsx', "import { x } from '@/pages/login/LoginPage';"],
    ['src/app/planted.ts', "const x = await import('@/routes/login');"],
    ['server/planted.ts', "import { x } from '../src/app/session';"],
    ['server/http/planted.ts', "import { x } from '../../src/lib/api';"],
    ['src/contract/planted.ts', "import { x } from 'drizzle-orm';"],
    ['src/contract/areas/planted.ts', "import { x } from '../../lib/api';"],
    ['sw/planted.ts', "import { x } from '../src/app/session';"],
    ['sw/planted.ts', "import { x } from '@/lib/api';"],
    ['server/db/planted.ts', "import { x } from '../areas';"],
    ['server/core/planted.ts', "import { x } from '../db/client';"],
    ['server/http/planted.ts', "import { x } from '../live/streams';"],
    ['server/areas/planted.ts', "import { x } from '../app';"],
    ['server/http/planted.ts', "import { x } from '../resources/resource-router';"],
    ['server/http/planted.ts', "import type { x } from '../live/streams';"],
    ['server/auth/planted.ts', "import type { x } from '../http/types';"],
    ['server/audit/planted.ts', "import { x } from '../resources/impl';"],
    ['server/resources/planted.ts', "import { x } from '../live/streams';"],
    ['server/resources/planted.ts', "import { x } from '../areas';"],
    ['server/tickets/planted.ts', "import { x } from '../auth/sessions';"],
    // Libraries of rare actions load when first used (docs/decisions/0092-rare-libraries-load-when-first-used.md).
    ['server/resources/planted.ts', "import x from 'exceljs';"],
    ['server/auth/planted.ts', "import { x } from '@simplewebauthn/server';"],
    ['server/core/planted.ts', "import x from 'nodemailer';"],
    ['server/planted.ts', "import x from 'nodemailer';"],
  ])('%s: %s fails', async (file, line) => {
    expect(await fenceErrors(file, line)).not.toHaveLength(0);
  });

  it.each([
    ['server/planted.ts', "import { x } from '../src/contract/http';"],
    ['src/app/planted.ts', "import { x } from '@/lib/api';"],
    ['src/areas/planted.tsx', "import { x } from '@/resources/screens';"],
    ['src/components/planted.tsx', "import { x } from '@/lib/format';"],
    ['src/resources/planted.tsx', "import { x } from '@/components/dialogs';"],
    ['src/contract/areas/planted.ts', "import { x } from '../http';"],
    ['sw/planted.ts', "import { x } from '../src/contract/plain';"],
    ['src/resources/planted.test.tsx', "import { x } from '@/areas/country';"],
    ['server/areas/planted.ts', "import { x } from '../http/route';"],
    ['server/resources/planted.ts', "import { x } from '../http/route';"],
    ['server/live/planted.ts', "import { x } from '../resources/impl';"],
    ['server/areas/planted.ts', "import { x } from '../resources/resource-router';"],
    ['server/db/planted.test.ts', "import { x } from '../areas';"],
    ['server/auth/planted.ts', "import type { x } from '@simplewebauthn/server';"],
    ['server/resources/planted.ts', "const { default: x } = await import('exceljs');"],
    ['server/core/planted.test.ts', "import x from 'nodemailer';"],
  ])('%s: %s passes', async (file, line) => {
    expect(await fenceErrors(file, line)).toHaveLength(0);
  });
});

describe('the size ratchet', () => {
  /** A file of `lines` statements, and a function of as many. */
  const long = (lines: number) =>
    `export function planted() {\n${Array.from({ length: lines }, (_, i) => `  console.info(${i});`).join('\n')}\n}\n`;
  const sizeMessages = async (filePath: string, code: string) => {
    const [result] = await eslint.lintText(code, { filePath });
    return (result?.messages ?? [])
      .filter((m) => m.ruleId === 'max-lines' || m.ruleId === 'max-lines-per-function')
      .map((m) => `${m.ruleId} ${m.severity === 2 ? 'error' : 'warning'}`)
      .sort();
  };

  it('a new file or function past the sizes fails lint', async () => {
    expect(await sizeMessages('server/planted.ts', long(310))).toEqual([
      'max-lines error',
      'max-lines-per-function error',
    ]);
    expect(await sizeMessages('src/components/Planted.tsx', long(90))).toEqual([
      'max-lines-per-function error',
    ]);
  });

  it('the debt list is paid: the file that was on it fails past the sizes like any other; within them, nothing', async () => {
    expect(await sizeMessages('server/core/messages.ts', long(310))).toEqual([
      'max-lines error',
      'max-lines-per-function error',
    ]);
    expect(await sizeMessages('server/planted.ts', long(40))).toEqual([]);
  });
});
