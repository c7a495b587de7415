// Build-time memory snapshot of Pyodide with rules_py already imported (Node only),
// and the reduced standard library the engine starts with.
//
//   node site_plugins/moteur/instantane.mjs <wheel> <output.bin.gz> <reduced-stdlib.zip>
//
// First, a plain start as the worker makes it (Pyodide, the wheel installed by
// loadPackage, rules_py imported) lists the standard library's files it imports:
// those, and the finder _regles_bibliotheque.py (which loads the whole library the
// first time another module is imported), make the reduced library. The snapshot is
// then made over the reduced library, which the browser restores it with.
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

/** Whether ``memoire[debut:fin]`` holds a non-zero byte. */
function occupee(memoire, debut, fin) {
  for (let i = debut; i < fin; i++) if (memoire[i] !== 0) return true
  return false
}

/** The [start, length] of the runs of pages of ``memoire`` holding a non-zero byte. */
function segments(memoire) {
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

/** The sparse snapshot: header, then the non-zero segments, gzipped. */
function creux(memoire) {
  const table = segments(memoire)
  const entete = new Uint32Array([memoire.length, table.length, ...table.flat()])
  const donnees = table.map(([debut, longueur]) => memoire.subarray(debut, debut + longueur))
  const morceaux = [new Uint8Array(entete.buffer), ...donnees]
  return { octets: zlib.gzipSync(Buffer.concat(morceaux), { level: 6 }), segments: table.length }
}

/** The reduced standard library's bytes: what a plain start of the engine imports, and the finder. */
async function bibliothequeReduite(roue) {
  const complet = await loadPyodide()
  await complet.loadPackage(roue, { messageCallback: () => {} })
  complet.FS.writeFile("/tmp/_regles_bibliotheque.py", fs.readFileSync(new URL("_regles_bibliotheque.py", import.meta.url)))
  complet.runPython(`
import random, sys, sysconfig, zipfile
random.seed("0")
sysconfig.get_path("purelib")
import rules_py.web
rules_py.web.Moteur.depuis_entropie("00")
source = "/lib/python%d%d.zip" % sys.version_info[:2]
fichiers = {
    module.__file__[len(source) + 1:]
    for module in list(sys.modules.values())
    if (getattr(module, "__file__", None) or "").startswith(source + "/")
}
with zipfile.ZipFile(source) as complete:
    modules = sorted(
        nom[:-3].removesuffix("/__init__").replace("/", ".") for nom in complete.namelist() if nom.endswith(".py")
    )
    with open("/tmp/_regles_bibliotheque.py", encoding="utf-8") as fichier:
        chercheur = fichier.read().replace("frozenset()  # __MODULES__", "frozenset(%r)" % (modules,))
    with zipfile.ZipFile("/tmp/reduite.zip", "w", zipfile.ZIP_DEFLATED, compresslevel=9) as reduite:
        for info in complete.infolist():
            if info.filename in fichiers:
                reduite.writestr(info, complete.read(info.filename))
        reduite.writestr("_regles_bibliotheque.py", chercheur)
`)
  return { octets: complet.FS.readFile("/tmp/reduite.zip"), modules: complet.runPython("len(fichiers)") }
}

const [roue, sortie, reduite] = process.argv.slice(2)
if (!roue || !sortie || !reduite) {
  console.error("usage : node instantane.mjs <roue.whl> <sortie.bin.gz> <bibliotheque-reduite.zip>")
  process.exit(2)
}
const bibliotheque = await bibliothequeReduite(roue)
fs.writeFileSync(reduite, bibliotheque.octets)
const pyodide = await loadPyodide({ _makeSnapshot: true, stdLibURL: reduite })
const sysconfig = pyodide.pyimport("sysconfig")
const purelib = sysconfig.get_path("purelib")
sysconfig.destroy()
pyodide.unpackArchive(new Uint8Array(fs.readFileSync(roue)), "wheel", { extractDir: purelib })
pyodide.pyimport("rules_py.web").destroy()
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
  }),
)
