import { describe, expect, it } from 'vitest';
import { selectionCsv } from './selection-csv';

describe('the picked rows as CSV (docs/security.md, CSV injection)', () => {
  const rows = [
    { id: 1, name: { en: 'Sara', ar: 'سارة' }, phone: '+966501234567', note: '=HYPERLINK("http://x")' },
    { id: 2, name: { en: 'Omar', ar: 'عمر' }, tags: ['a', '-b'], active: true },
  ];

  it('writes them as the server writes its exports: a plain phone keeps its +, a formula is disarmed', () => {
    expect(selectionCsv(rows, 'en')).toBe(
      '\uFEFFid,name,phone,note,tags,active\r\n' +
        `1,Sara,+966501234567,"'=HYPERLINK(""http://x"")",,\r\n` +
        '2,Omar,,,a | -b,true\r\n',
    );
  });

  it('writes names in the reader’s language', () => {
    expect(selectionCsv(rows, 'ar').split('\r\n')[1]).toMatch(/^1,سارة,/);
  });
});
