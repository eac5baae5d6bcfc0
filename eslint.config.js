import js from "@eslint/js";
import tseslint from "typescript-eslint";
import regexpPlugin from "eslint-plugin-regexp";

export default tseslint.config(
  { ignores: ["**/node_modules/**", "**/dist/**", ".data/**", "web/dist/**", "coverage/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { process: "readonly", console: "readonly", URL: "readonly", Buffer: "readonly", setTimeout: "readonly", clearTimeout: "readonly", setImmediate: "readonly", setInterval: "readonly", clearInterval: "readonly", fetch: "readonly", AbortController: "readonly", TextEncoder: "readonly", TextDecoder: "readonly", structuredClone: "readonly", performance: "readonly" } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-definitions": ["error", "type"],
      "@typescript-eslint/consistent-type-imports": "error",
      "no-empty": ["error", { allowEmptyCatch: false }]
    }
  },
  { files: ["**/test/**/*.ts", "test/**/*.ts"], rules: { "@typescript-eslint/no-explicit-any": "off" } },
  // Regular expressions that can take time growing faster than their input (docs/security.md):
  // a crafted text must never hold the process. The plugin's safety rules, not its style ones.
  {
    plugins: { regexp: regexpPlugin },
    rules: {
      "regexp/no-super-linear-backtracking": "error",
      "regexp/no-misleading-capturing-group": "error",
      "regexp/no-dupe-disjunctions": "error",
      "regexp/no-useless-backreference": "error",
      "regexp/no-invalid-regexp": "error",
      "regexp/no-empty-lookarounds-assertion": "error"
    }
  }
);
