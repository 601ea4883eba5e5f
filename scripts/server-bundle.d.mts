/** Node's flags for the server bundle started with this environment (scripts/server-bundle.mjs). */
export const serverNodeFlags: (env: Record<string, string | undefined>) => string[];
/** Builds the server bundle in `dist-server/` (`main.mjs` unless named) and answers its path. */
export const buildServer: (name?: string) => string;
/** The server's environment beside the caller's (scripts/server-bundle.mjs). */
export const SERVER_ENV: Record<string, string>;
