// ESLint (flat config) over the browser modules of the characters and their Node tests.
// `npm run verifier` runs it with `tsc --checkJs` and `node --test`.
import js from "@eslint/js"
import globals from "globals"

export default [
  {
    files: ["site_plugins/personnages/assets/**/*.js", "tests/js/**/*.js"],
    ...js.configs.recommended,
  },
  {
    files: ["site_plugins/personnages/assets/**/*.js"],
    languageOptions: { ecmaVersion: 2024, sourceType: "module", globals: { ...globals.browser } },
  },
  {
    files: ["tests/js/**/*.js"],
    languageOptions: { ecmaVersion: 2024, sourceType: "module", globals: { ...globals.node } },
  },
  {
    files: ["site_plugins/personnages/assets/**/*.js", "tests/js/**/*.js"],
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
