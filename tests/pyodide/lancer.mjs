// Runs the rules tests (and rules_py's doctests) inside Pyodide — the Python 3.14 the
// browser runs — with pytest and Hypothesis taken from the project's virtual
// environment (pure-Python packages), the repository mounted read-only in spirit.
//
//   node tests/pyodide/lancer.mjs <repository> <site-packages> [pytest arguments…]
import { loadPyodide } from "pyodide"

const [depot, sitePackages, ...arguments_] = process.argv.slice(2)
const pyodide = await loadPyodide()
for (const [hote, point] of [[depot, "/depot"], [sitePackages, "/venv"]]) {
  pyodide.FS.mkdirTree(point)
  pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: hote }, point)
}
pyodide.globals.set("arguments_pytest", pyodide.toPy(arguments_))
const statut = pyodide.runPython(`
import os, sys
sys.dont_write_bytecode = True
sys.path.insert(0, "/depot")
sys.path.append("/venv")
os.chdir("/depot")
os.environ["REGLES_HYPOTHESIS"] = "pyodide"
import pytest
print(f"Python {sys.version.split()[0]} ({sys.platform}) dans Pyodide")
int(pytest.main(["-p", "no:cacheprovider", "-o", "addopts=", "-o", "faulthandler_timeout=0", *arguments_pytest]))
`)
process.exitCode = statut
