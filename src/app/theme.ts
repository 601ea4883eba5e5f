/**
 * Light and dark themes: follow the system by default, with a choice kept across reloads. The
 * resolved theme is written to `<html data-theme>` (the Tailwind `dark:` variant reads it).
 */
import { useSyncExternalStore } from 'react';

export const THEME_CHOICES = ['light', 'dark', 'system'] as const;
export type ThemeChoice = (typeof THEME_CHOICES)[number];
const THEME_STORAGE_KEY = 'theme';

const DARK_QUERY = '(prefers-color-scheme: dark)';
const listeners = new Set<() => void>();
let choice: ThemeChoice = 'system';

const isChoice = (value: unknown): value is ThemeChoice =>
  typeof value === 'string' && (THEME_CHOICES as readonly string[]).includes(value);

const systemPrefersDark = () =>
  typeof window.matchMedia === 'function' && window.matchMedia(DARK_QUERY).matches;

const resolveTheme = (value: ThemeChoice, prefersDark: boolean): 'light' | 'dark' =>
  value === 'system' ? (prefersDark ? 'dark' : 'light') : value;

function apply() {
  const resolved = resolveTheme(choice, systemPrefersDark());
  document.documentElement.dataset.theme = resolved;
  document.documentElement.style.colorScheme = resolved;
}

/** Reads the stored choice, applies it and follows system changes (called once at start-up). */
export function initTheme(): void {
  try {
    const stored = localStorage.getItem(THEME_STORAGE_KEY);
    choice = isChoice(stored) ? stored : 'system';
  } catch {
    choice = 'system';
  }
  apply();
  if (typeof window.matchMedia === 'function') {
    window.matchMedia(DARK_QUERY).addEventListener('change', () => {
      if (choice === 'system') apply();
    });
  }
}

export function setTheme(next: ThemeChoice): void {
  choice = next;
  try {
    localStorage.setItem(THEME_STORAGE_KEY, next);
  } catch {
    // Storage may be unavailable (private mode); the choice still holds for this visit.
  }
  apply();
  for (const listener of listeners) listener();
}

const getTheme = (): ThemeChoice => choice;

export const useTheme = (): ThemeChoice =>
  useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getTheme,
    getTheme,
  );
