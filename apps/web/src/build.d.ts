/** The id of this build (vite.config.ts `define`), compared with `builds/latest.json`. */
declare const __BUILD_ID__: string;
