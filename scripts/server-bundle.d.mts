/** Node's flags for the server bundle (scripts/server-bundle.mjs). */
export const SERVER_NODE_FLAGS: string[];
/** Builds the server bundle in `dist-server/` (`main.mjs` unless named) and answers its path. */
export const buildServer: (name?: string) => string;
/** The server's environment beside the caller's (scripts/server-bundle.mjs). */
export const SERVER_ENV: Record<string, string>;
