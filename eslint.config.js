// ESLint (flat config) over every browser module the site ships (site_plugins) and the Node tests.
// `npm run verifier` runs it with `tsc --checkJs` and `node --test`.
import js from "@eslint/js"
import globals from "globals"

const NAVIGATEUR = ["site_plugins/**/*.js", "site_plugins/**/*.mjs"]
const TESTS = ["tests/js/**/*.js", "eslint.config.js"]

export default [
  { ...js.configs.recommended, files: [...NAVIGATEUR, ...TESTS] },
  {
    files: NAVIGATEUR,
    languageOptions: { ecmaVersion: 2024, sourceType: "module", globals: { ...globals.browser } },
  },
  {
    // The engine's worker and the offline copy's service worker run outside a page.
    files: ["site_plugins/moteur/assets/travailleur.mjs", "site_plugins/hors_ligne/assets/sw.js"],
    languageOptions: { globals: { ...globals.worker, ...globals.serviceworker } },
  },
  {
    // Material's search worker: our prelude (recherche-differee.js) and the French search appended to it.
    files: ["site_plugins/recherche/recherche-differee.js", "site_plugins/recherche/recherche-francaise.js"],
    languageOptions: { sourceType: "script", globals: { ...globals.worker, lunr: "readonly" } },
  },
  {
    // Templates: the plugins write these values in at build time (the same names in navigateur.d.ts).
    files: ["site_plugins/hors_ligne/assets/sw.js", "site_plugins/recherche/*.js", "site_plugins/moteur/en_ligne/*.js"],
    languageOptions: {
      globals: Object.fromEntries(
        ["__VERSION__", "__FICHIERS__", "__EMPREINTES__", "__DEGZIPPES__", "__SYSTEMES__", "__SYNONYMES__", "__TRAVAILLEUR__"].map(nom => [
          nom,
          "readonly",
        ]),
      ),
    },
  },
  {
    // Run by Node at build time (the engine's memory snapshot).
    files: ["site_plugins/moteur/instantane.mjs"],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: TESTS,
    languageOptions: { ecmaVersion: 2024, sourceType: "module", globals: { ...globals.node } },
  },
  {
    files: [...NAVIGATEUR, ...TESTS],
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      // A catch block holds a statement, or a comment saying why nothing is done.
      "no-empty": ["error", { allowEmptyCatch: false }],
      "no-unused-vars": ["error", { caughtErrors: "none" }],
      eqeqeq: ["error", "always"],
      "prefer-const": "error",
    },
  },
]
