// ESLint for the site's own JavaScript (web/*.js, web/*.mjs), run by ./scripts/test.sh.
// The build fills placeholders such as {{WASM_URL}} into these files (sitebuild/runtime.py,
// sitebuild/offline.py); the processor below lints them as identifiers of the same length
// (__WASM_URL__), declared as globals, so line and column numbers stay those of the file.
import { readdirSync, readFileSync } from "node:fs";
import js from "@eslint/js";
import globals from "globals";

const PLACEHOLDER = /\{\{([A-Z_][A-Z0-9_]*)\}\}/g;

const templates = {
  meta: { name: "cardroom-templates" },
  preprocess: (text) => [text.replace(PLACEHOLDER, "__$1__")],
  postprocess: (messages) => messages.flat(),
  supportsAutofix: false,
};

const rules = {
  ...js.configs.recommended.rules,
  "no-unused-vars": ["error", { args: "none", caughtErrors: "none" }],
  "no-empty": ["error", { allowEmptyCatch: true }],
  eqeqeq: ["error", "always", { null: "ignore" }],
  "no-var": "off", // boot.js is a classic script written for old browsers on purpose
  "prefer-const": "error",
};

// every placeholder the build fills, as a read-only global: read from the files themselves,
// so a new {{NAME}} in web/ needs no change here
const placeholders = Object.fromEntries(
  readdirSync(new URL("web/", import.meta.url))
    .filter((name) => /\.m?js$/.test(name))
    .flatMap((name) => [
      ...readFileSync(new URL(`web/${name}`, import.meta.url), "utf8").matchAll(PLACEHOLDER),
    ])
    .map((match) => [`__${match[1]}__`, "readonly"]),
);

export default [
  // every file: a module for the browser's page, unless named below
  {
    files: ["web/**/*.js", "web/**/*.mjs"],
    processor: templates,
    languageOptions: {
      ecmaVersion: 2024,
      sourceType: "module",
      globals: { ...globals.browser, ...placeholders },
    },
    rules,
  },
  {
    files: ["web/boot.js"],
    languageOptions: { ecmaVersion: 2022, sourceType: "script", globals: globals.browser },
    rules: { "prefer-const": "off" },
  },
  {
    files: ["web/sw.js"],
    languageOptions: {
      sourceType: "script",
      globals: { ...globals.serviceworker, ...placeholders },
    },
  },
  {
    files: ["web/snapshot-worker.mjs"],
    languageOptions: { globals: { ...globals.worker, ...placeholders } },
  },
];
