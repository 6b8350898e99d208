/** The server bundle's path (apps/server/dist/main.mjs). */
export declare const bundleFile: string;
/** Builds the server bundle from the sources; resolves with its path. */
export declare function buildServer(): Promise<string>;
