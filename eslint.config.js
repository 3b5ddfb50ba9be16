import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

/**
 * One import style (docs/decisions/0032-one-import-style.md): a module of another folder is named
 * from the project's root (`#app/…`, `#db/…`, `#party/…`, `#scripts/…`, `#tests/…`), a module
 * beside this one as `./name`; never `../` or `~/`.
 */
const ONE_STYLE = {
  regex: "^(\\.\\./|~/|\\.\\.$)",
  message: "Name a module of another folder from the root (#app/…, #db/…, #tests/…); only a module beside this one as ./name.",
};

/** Every file's import rules: the one style, and what the files under them may not import. */
function imports(files, ...forbidden) {
  return { files, rules: { "no-restricted-imports": ["error", { patterns: [ONE_STYLE, ...forbidden] }] } };
}

/**
 * What the files under `folder` may not import: the folders above it, and for code the browser
 * runs (`serverFree`), any `.server` module.
 */
function layer(folder, what, above, { serverFree = false } = {}) {
  const climb = {
    regex: `^#app/(${above.join("|")})/`,
    message: `${folder} (${what}) imports nothing from the floors above it: ${above.join(", ")}.`,
  };
  const server = { regex: "\\.server(\\.tsx?)?$", message: `${folder} (${what}) runs in the browser too: it imports no .server module.` };
  return imports([`${folder}/**/*.{ts,tsx}`], climb, ...(serverFree ? [server] : []));
}

export default tseslint.config(
  { ignores: ["build/**", ".wrangler/**", ".data/**", "node_modules/**", "test-results/**", "playwright-report/**", ".cache/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["app/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
    },
  },
  {
    files: ["**/*.{ts,tsx}"],
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/ban-ts-comment": ["error", { "ts-ignore": "allow-with-description" }],
    },
  },
  imports(["**/*.{ts,tsx,mjs}"]),
  // The floors of the house (docs/architecture.md#layers): an import never climbs.
  layer("app/domain", "pure code shared with the browser", ["lib", "http", "services", "routes", "components", "browser"], {
    serverFree: true,
  }),
  layer("app/lib", "infrastructure", ["http", "services", "routes", "components", "browser"]),
  layer("app/services", "the rules", ["http", "routes", "components", "browser"]),
  layer("app/http", "HTTP in and out", ["routes", "components", "browser"]),
  layer("app/browser", "the browser's helpers", ["lib", "http", "services", "routes", "components"], { serverFree: true }),
  // Every end-to-end test runs under the suite's fixtures (among them, the watch for page errors).
  {
    ...imports(["tests/e2e/**/*.ts"], {
      regex: "^@playwright/test$",
      importNames: ["test", "expect"],
      message: "Import test and expect from ./fixtures: its test fails on page errors and console errors.",
    }),
    ignores: ["tests/e2e/fixtures.ts"],
  },
  {
    files: ["scripts/**/*.mjs"],
    languageOptions: { globals: { process: "readonly", console: "readonly" } },
  },
);
