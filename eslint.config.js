import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

/** What the files under `folder` may not import: the folders above it (and, for code the browser runs, any `.server` module). */
function layer(folder, what, above, alsoForbidden = []) {
  const group = [...above.flatMap((name) => [`~/${name}/*`, `**/app/${name}/*`, `../${name}/*`, `../../${name}/*`]), ...alsoForbidden];
  return [
    {
      files: [`${folder}/**/*.{ts,tsx}`],
      rules: {
        "no-restricted-imports": [
          "error",
          { patterns: [{ group, message: `${folder} (${what}) imports nothing from the floors above it: ${above.join(", ")}.` }] },
        ],
      },
    },
  ];
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
  // The floors of the house (docs/architecture.md#layers): an import never climbs.
  ...layer(
    "app/domain",
    "pure code shared with the browser",
    ["lib", "http", "services", "routes", "components", "browser"],
    ["**/*.server", "**/*.server.ts"],
  ),
  ...layer("app/lib", "infrastructure", ["http", "services", "routes", "components", "browser"]),
  ...layer("app/services", "the rules", ["http", "routes", "components", "browser"]),
  ...layer("app/http", "HTTP in and out", ["routes", "components", "browser"]),
  ...layer("app/browser", "the browser's helpers", ["lib", "http", "services", "routes", "components"], ["**/*.server", "**/*.server.ts"]),
  {
    files: ["scripts/**/*.mjs"],
    languageOptions: { globals: { process: "readonly", console: "readonly" } },
  },
);
