// Build-time memory snapshot of Pyodide with rules_py already imported (Node only).
//
//   node site_plugins/moteur/instantane.mjs <wheel> <output.bin.gz>
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
const { octets, segments: nombre } = creux(instantane)
fs.writeFileSync(sortie, octets)
console.log(JSON.stringify({ pyodide: pyodide.version, taille: instantane.length, segments: nombre }))
