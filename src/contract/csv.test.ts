import { describe, expect, it } from 'vitest';
import { csvCell, csvLine, csvText } from './csv';

describe('CSV cells (docs/security.md, CSV injection)', () => {
  it('keeps a plain phone number as it is: no apostrophe before its +', () => {
    expect(csvCell('+966501234567')).toBe('+966501234567');
    expect(csvCell('0501234567')).toBe('0501234567');
    expect(csvLine(['Sara', '+966501234567', 3])).toBe('Sara,+966501234567,3\r\n');
  });

  it('disarms every other text a spreadsheet would run as a formula', () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvCell('+عربي')).toBe("'+عربي");
    expect(csvCell("+cmd|' /C calc'!A0")).toBe("'+cmd|' /C calc'!A0");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1:A2)')).toBe("'@SUM(A1:A2)");
    expect(csvCell('\t=1')).toBe("'\t=1");
    expect(csvCell('\r=1')).toBe(`"'\r=1"`);
    // Looks like a phone but carries an operator, or is too short to be one.
    expect(csvCell('+966-50-123')).toBe("'+966-50-123");
    expect(csvCell('+1+1')).toBe("'+1+1");
    expect(csvCell('+123')).toBe("'+123");
    expect(csvCell('+966501234567=1')).toBe("'+966501234567=1");
  });

  it('writes empty, number and yes/no cells plainly, and quotes what needs it', () => {
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(true)).toBe('true');
    expect(csvCell('a, b')).toBe('"a, b"');
    expect(csvCell(' padded ')).toBe('" padded "');
  });

  it('writes a whole text with a byte-order mark and CR LF line ends', () => {
    expect(
      csvText([
        ['name', 'phone'],
        ['Sara', '+966501234567'],
      ]),
    ).toBe('\uFEFFname,phone\r\nSara,+966501234567\r\n');
  });
});
