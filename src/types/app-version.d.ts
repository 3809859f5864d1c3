/** The app's version, "0.1.0+<commit>", set at build time (vite.config.ts). */
declare const __APP_VERSION__: string
