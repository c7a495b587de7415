// Build-time memory snapshot of Pyodide with rules_py already imported (Node only).
//
//   node site_plugins/moteur/instantane.mjs <wheel> <output.bin.gz>
//
// The worker restores it with loadPyodide({_loadSnapshot}) in about a quarter of
// a plain start. The wheel is unpacked directly (loadPackage leaves JS references
// that a snapshot cannot hold) and every proxy is destroyed before the snapshot.
import fs from "node:fs"
import zlib from "node:zlib"
import { loadPyodide } from "pyodide"

const [roue, sortie] = process.argv.slice(2)
if (!roue || !sortie) {
  console.error("usage : node instantane.mjs <roue.whl> <sortie.bin.gz>")
  process.exit(2)
}
const pyodide = await loadPyodide({ _makeSnapshot: true })
const sysconfig = pyodide.pyimport("sysconfig")
const purelib = sysconfig.get_path("purelib")
sysconfig.destroy()
pyodide.unpackArchive(new Uint8Array(fs.readFileSync(roue)), "wheel", { extractDir: purelib })
pyodide.pyimport("rules_py.web").destroy()
const instantane = pyodide.makeMemorySnapshot()
fs.writeFileSync(sortie, zlib.gzipSync(instantane, { level: 6 }))
console.log(JSON.stringify({ pyodide: pyodide.version, taille: instantane.length }))
