// Build-time memory snapshot of Pyodide with rules_py already imported (Node only),
// and the reduced standard library the engine starts with.
//
//   node site_plugins/moteur/instantane.mjs <wheel> <output.bin.gz> <reduced-stdlib.zip> <compiled-wheel.whl>
//
// First, a plain start as the worker makes it (Pyodide, the wheel installed by
// loadPackage, rules_py imported) lists the standard library's files it imports:
// those, and the finder _regles_bibliotheque.py (which loads the whole library the
// first time another module is imported), make the reduced library. The snapshot is
// then made over the reduced library, which the browser restores it with.
//
// Without a snapshot (a slow link), Python compiling its sources was most of the start:
// the reduced library and the compiled wheel hold bytecode only (``.pyc`` of this
// Pyodide's CPython, unchecked hash, no source beside it): a plain start then costs
// less than half the CPU. Bytecode is bigger than its source: the library's docstrings,
// asserts (``-OO``) and line numbers are left out, so that it weighs what its sources
// did (its tracebacks have no line numbers); rules_py keeps all of them (its tools'
// descriptions come from its docstrings).
//
// The worker restores it with loadPyodide({_loadSnapshot}) in about a quarter of
// a plain start. The wheel is unpacked directly (loadPackage leaves JS references
// that a snapshot cannot hold) and every proxy is destroyed before the snapshot.
//
// The file is sparse: about half of the memory is zero pages, which are left out.
// Gunzipped, it holds little-endian 32-bit integers, then the bytes:
//   total size, number of segments n, n × (start, length), the n segments' bytes.
import fs from "node:fs"
import zlib from "node:zlib"
import { loadPyodide } from "pyodide"

const PAGE = 4096

/**
 * Whether ``memoire[debut:fin]`` holds a non-zero byte.
 * @param {Uint8Array} memoire
 * @param {number} debut
 * @param {number} fin
 */
function occupee(memoire, debut, fin) {
  for (let i = debut; i < fin; i++) if (memoire[i] !== 0) return true
  return false
}

/**
 * The [start, length] of the runs of pages of ``memoire`` holding a non-zero byte.
 * @param {Uint8Array} memoire
 */
function segments(memoire) {
  /** @type {Array<[number, number]>} */
  const resultat = []
  for (let debut = 0; debut < memoire.length; debut += PAGE) {
    const fin = Math.min(debut + PAGE, memoire.length)
    if (!occupee(memoire, debut, fin)) continue
    const dernier = resultat.at(-1)
    if (dernier && dernier[0] + dernier[1] === debut) dernier[1] += fin - debut
    else resultat.push([debut, fin - debut])
  }
  return resultat
}

/**
 * The sparse snapshot: header, then the non-zero segments, gzipped.
 * @param {Uint8Array} memoire
 */
function creux(memoire) {
  const table = segments(memoire)
  const entete = new Uint32Array([memoire.length, table.length, ...table.flat()])
  const donnees = table.map(([debut, longueur]) => memoire.subarray(debut, debut + longueur))
  const morceaux = [new Uint8Array(entete.buffer), ...donnees]
  return { octets: zlib.gzipSync(Buffer.concat(morceaux), { level: 6 }), segments: table.length }
}

/**
 * The reduced standard library's bytes (what a plain start of the engine imports, as
 * bytecode, and the finder as source), and the wheel with rules_py as bytecode.
 * @param {string} roue the wheel's path
 */
async function bibliothequeReduite(roue) {
  const complet = await loadPyodide()
  await complet.loadPackage(roue, { messageCallback: () => {} })
  complet.FS.writeFile("/tmp/_regles_bibliotheque.py", fs.readFileSync(new URL("_regles_bibliotheque.py", import.meta.url)))
  complet.FS.writeFile("/tmp/roue.whl", fs.readFileSync(roue))
  // The reduction itself, in Python (instantane_bibliotheque.py), run as this Pyodide's __main__.
  complet.runPython(fs.readFileSync(new URL("instantane_bibliotheque.py", import.meta.url), "utf8"))
  return {
    octets: complet.FS.readFile("/tmp/reduite.zip"),
    roue: complet.FS.readFile("/tmp/roue-compilee.whl"),
    modules: complet.runPython("len(fichiers)"),
  }
}

const [roue, sortie, reduite, compilee] = process.argv.slice(2)
if (!roue || !sortie || !reduite || !compilee) {
  console.error("usage : node instantane.mjs <roue.whl> <sortie.bin.gz> <bibliotheque-reduite.zip> <roue-compilee.whl>")
  process.exit(2)
}
const bibliotheque = await bibliothequeReduite(roue)
fs.writeFileSync(reduite, bibliotheque.octets)
fs.writeFileSync(compilee, bibliotheque.roue)
const pyodide = await loadPyodide({ _makeSnapshot: true, stdLibURL: reduite })
const sysconfig = pyodide.pyimport("sysconfig")
const purelib = sysconfig.get_path("purelib")
sysconfig.destroy()
pyodide.unpackArchive(new Uint8Array(bibliotheque.roue), "wheel", { extractDir: purelib })
// The facade imports no tool by itself: every tool module, as before (a repeat visit finds them all).
const web = pyodide.pyimport("rules_py.web")
web.importer()
web.destroy()
pyodide.pyimport("_regles_bibliotheque").destroy()
const instantane = pyodide.makeMemorySnapshot()
const { octets, segments: nombre } = creux(instantane)
fs.writeFileSync(sortie, octets)
console.log(
  JSON.stringify({
    pyodide: pyodide.version,
    taille: instantane.length,
    segments: nombre,
    bibliotheque: { modules: bibliotheque.modules, octets: bibliotheque.octets.length },
    roue: bibliotheque.roue.length,
  }),
)
