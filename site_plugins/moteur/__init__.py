"""The rules engine in the browser: the self-hosted Pyodide runtime and the rules_py wheel."""
