/** The numbers in Latin digits of an Arabic text (scripts/arabic-digits.mjs). */
export const latinNumbersIn: (text: string) => string[];
