/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Origin of the API when it is not the origin serving the SPA (default: same origin). */
  readonly VITE_API_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
