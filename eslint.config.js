import { readdirSync } from "node:fs";
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import importX, { createNodeResolver } from "eslint-plugin-import-x";

// Boundaries between workspaces and layers (docs/decisions.md, "Declared seams and lint boundaries").
// Paths are resolved files, so `../../api/src/x` and `@atelier/api/platform` are judged alike.
const boundaryZones = [
  {
    target: ["./graphs/src", "./tools/src"],
    from: "./api/src",
    message: "Graphs and tools never import api/src: they reach data through tools and the REST API.",
  },
  {
    target: "./agent-server/src",
    from: "./api/src",
    except: ["./platform.ts"],
    message: "The agent server uses only the API's declared surface: import from @atelier/api/platform.",
  },
  {
    target: "./api/src/services",
    from: "./api/src/http",
    message: "Services know nothing of HTTP: handlers in api/src/routes and api/src/http call them.",
  },
  {
    target: "./web/src/ui",
    from: "./web/src/features",
    message: "The shared UI kit never imports a feature: move what both need into web/src/ui or contracts.",
  },
  // A feature never imports another feature's files: what two features share lives in web/src/ui.
  ...readdirSync(new URL("./web/src/features", import.meta.url), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => ({
      target: `./web/src/features/${d.name}`,
      from: "./web/src/features",
      except: [`./${d.name}`],
      message: "A feature never imports another feature's files: move what both need into web/src/ui (or contracts).",
    })),
];

// SQL lives in queries modules (and the db layer: pool, migrations); a statement anywhere else is
// a string starting with a SQL verb. Uppercase only, as this codebase writes SQL, so English
// sentences are not caught.
const SQL_START = "^\\s*(SELECT|INSERT INTO|UPDATE \\w+ (\\w+ )?SET|DELETE FROM|WITH \\w+ AS)\\s";
const SQL_MESSAGE = "SQL lives in a queries module (queries.ts, *-queries.ts, queries/): call a query function from there.";
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
      "no-empty": ["error", { allowEmptyCatch: false }],
      "max-lines": ["warn", { max: 300, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    files: ["{api,agent-server,tools,graphs,contracts,web}/src/**/*.{ts,tsx}", "scripts/**/*.ts"],
    plugins: { "import-x": importX },
    settings: {
      "import-x/extensions": [".ts", ".tsx", ".js"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
      "import-x/resolver-next": [createNodeResolver({ extensions: [".ts", ".tsx", ".js", ".json"], conditionNames: ["import", "default"] })],
    },
    rules: {
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      "import-x/no-restricted-paths": ["error", { zones: boundaryZones }],
    },
  },
  {
    files: ["agent-server/src/**/*.ts"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [{ regex: "^@atelier/api(?!/platform$)", message: "The agent server uses only @atelier/api/platform." }] }],
    },
  },
  {
    files: ["api/src/services/**/*.ts"],
    rules: {
      "no-restricted-imports": ["error", { paths: ["express", "multer", "cors", "helmet"].map((name) => ({ name, message: "Services know nothing of HTTP: handlers in api/src/routes and api/src/http call them." })) }],
    },
  },
  {
    files: ["{api,agent-server,tools,graphs}/src/**/*.ts", "scripts/**/*.ts"],
    ignores: ["**/queries.ts", "**/*-queries.ts", "**/queries/**", "api/src/db/**"],
    rules: {
      "no-restricted-syntax": [
        "error",
        { selector: `Literal[value=/${SQL_START}/]`, message: SQL_MESSAGE },
        { selector: `TemplateLiteral > TemplateElement:first-child[value.raw=/${SQL_START}/]`, message: SQL_MESSAGE },
      ],
    },
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
