import { describe, expect, it } from 'vitest';
import { patternMaxLength } from './openapi-schema';

describe('patternMaxLength', () => {
  it.each([
    ['^[0-9]{6}$', 6],
    ['^\\+?[0-9][0-9 -]{5,18}[0-9]$', 21],
    ['^uploads\\/ad-images\\/[A-Za-z0-9_-]{8,128}\\.(png|jpg|webp)$', 151],
    ['^(?:ab|c)?[x\\]]{2}$', 4],
    ['^(?=x)abc\\b$', 3],
    ['^a+$', Infinity],
    ['^x{2,}$', Infinity],
    ['^(a)\\1$', Infinity],
  ])('%s → %s', (pattern, max) => {
    expect(patternMaxLength(pattern)).toBe(max);
  });
});
