// The engine's memory snapshot: whether the manifest vouches for it, the helper worker that downloads
// and gunzips it (decompression.mjs), and its restore in place into Pyodide's fresh memory. The worker
// (travailleur.mjs) decides whether to use it and hands Pyodide the restore below. Pure but for the
// helper worker: the restore works on any {HEAP8, _sbrk} (Node's tests: tests/js/restauration.test.js).

/** The site's assets (this module is served from assets/regles/), as transport.mjs says them. */
const ASSETS = new URL("../", import.meta.url)

/** The snapshot's file, under the site's assets. */
export const INSTANTANE = "moteur/instantane.bin.gz"

/**
 * The snapshot as the helper worker gives it: its memory size, its non-zero segments [start, length]
 * (in the image, header included, in order), and their bytes one after the other.
 * @typedef {{taille: number, segments: [number, number][], donnees: Uint8Array}} Image
 */
/**
 * What the restore needs of Pyodide's Emscripten module: its memory, and its break (``_sbrk(0)``).
 * @typedef {{HEAP8: Int8Array | Uint8Array, _sbrk(increment: number): number}} Memoire
 */
/**
 * The part of the build's manifest (moteur/manifeste.json) that vouches for the snapshot.
 * @typedef {{pyodide?: unknown, empreinte?: unknown,
 *   instantane?: {fichier?: unknown, pyodide?: unknown, roue?: unknown, taille?: unknown}}} Manifeste
 */

/**
 * Whether the manifest vouches for the snapshot (same Pyodide, same wheel, a size).
 * @param {Manifeste} manifeste
 * @returns {boolean}
 */
export function compatible(manifeste) {
  const instantane = manifeste.instantane
  if (!instantane) return false
  return (
    instantane.fichier === INSTANTANE.split("/").pop() &&
    instantane.pyodide === manifeste.pyodide &&
    instantane.roue === manifeste.empreinte &&
    Number.isSafeInteger(instantane.taille) &&
    Number(instantane.taille) > 0
  )
}

/**
 * The snapshot's helper worker, ended at once when the engine starts without the snapshot; and its
 * answer, the snapshot {taille, segments, donnees} downloaded and gunzipped there once asked for it.
 */
export function aideALInstantane() {
  /** @type {Worker | null} */
  let aide = null
  let demarre = false
  /** @type {(image: Image) => void} */
  let resoudre = () => {}
  /** @type {(erreur: Error) => void} */
  let rejeter = () => {}
  /** @type {Promise<Image>} */
  const instantane = new Promise((oui, non) => {
    resoudre = oui
    rejeter = non
  })
  instantane.catch(() => {}) // Its failure is heard by whoever asked for it (decompresser).
  const impossible = () => rejeter(new Error("décompression de l’instantané impossible"))
  const demarrer = () => {
    if (demarre) return
    demarre = true
    try {
      aide = new Worker(new URL("decompression.mjs", import.meta.url), {
        type: "module",
        name: "decompression-instantane",
      })
    } catch {
      impossible() // No helper: the engine starts without the snapshot.
      return
    }
    const lancee = aide
    lancee.onmessage = ({ data }) => {
      // The helper closes itself once it has kept the snapshot for the offline copy.
      if (data?.donnees instanceof Uint8Array && Array.isArray(data.segments)) resoudre(data)
      else rejeter(new Error(data?.erreur ?? "instantané illisible"))
    }
    lancee.onerror = evenement => {
      evenement.preventDefault()
      lancee.terminate()
      impossible()
    }
  }
  return {
    demarrer,
    /** @returns {Promise<Image>} */
    decompresser() {
      demarrer()
      aide?.postMessage({ url: new URL(INSTANTANE, ASSETS).href })
      return instantane
    },
    renvoyer: () => aide?.terminate(),
  }
}

/**
 * Zero ``memoire[debut:fin]`` where it is not zero already: page by page (4 KB), only the pages
 * holding a non-zero byte are written (writing a fresh memory's untouched page costs it a page).
 * @param {Int8Array | Uint8Array} memoire
 * @param {number} debut
 * @param {number} fin
 */
export function effacer(memoire, debut, fin) {
  const premier = Math.ceil(debut / 4)
  const dernier = Math.floor(fin / 4)
  if (dernier <= premier) {
    memoire.fill(0, debut, fin)
    return
  }
  memoire.fill(0, debut, premier * 4)
  memoire.fill(0, dernier * 4, fin)
  const mots = new Int32Array(memoire.buffer, memoire.byteOffset + premier * 4, dernier - premier)
  for (let page = 0; page < mots.length; page += 1024) {
    const finDePage = Math.min(page + 1024, mots.length)
    for (let i = page; i < finDePage; i++) {
      if (mots[i] !== 0) {
        mots.fill(0, i, finDePage)
        break
      }
    }
  }
}

/**
 * The snapshot {taille, segments, donnees} written straight into Pyodide's fresh memory, in place of
 * its ``restoreSnapshot`` (which copies the whole image, zeros included, from a buffer of its size):
 * the non-zero segments, and zeros where the memory was written since it was created (below its
 * break, and there only where it is not zero already: the stack, mostly untouched); above the break,
 * a fresh memory is zero already. Its header (the first segment's first bytes) goes to Pyodide's own
 * ``restoreSnapshot`` (``restaurerLEntete``), which checks it and returns its metadata.
 * @template M
 * @param {Memoire} Module
 * @param {Pick<Image, "segments" | "donnees">} image
 * @param {(entete: Uint8Array) => M} restaurerLEntete
 * @returns {M}
 */
export function restaurerEnPlace(Module, { segments, donnees }, restaurerLEntete) {
  const [premier] = segments
  if (!premier || premier[0] !== 0 || premier[1] < 16) throw new Error("instantané illisible")
  const entete = new DataView(donnees.buffer, donnees.byteOffset, 8).getUint32(4, true)
  if (entete === 0 || entete > premier[1]) throw new Error("instantané illisible")
  const metadonnees = restaurerLEntete(donnees.subarray(0, entete))
  const memoire = Module.HEAP8
  const ecrite = Math.min(Module._sbrk(0) >>> 0, memoire.length)
  let position = 0 // in donnees
  let fin = 0 // in memory: where the last segment written ends
  for (const [debut, longueur] of segments) {
    const saut = Math.max(0, Math.min(entete - debut, longueur)) // the header is not memory
    const cible = debut + saut - entete
    if (saut < longueur) {
      if (cible > fin && fin < ecrite) effacer(memoire, fin, Math.min(cible, ecrite))
      memoire.set(donnees.subarray(position + saut, position + longueur), cible)
      fin = cible + longueur - saut
    }
    position += longueur
  }
  if (fin < ecrite) effacer(memoire, fin, ecrite)
  verifierLaRestauration(memoire, { segments, donnees }, entete, ecrite)
  return metadonnees
}

/**
 * Nothing in the site: the one point tests/browser/test_moteur.py replaces (this function's text,
 * from its first to its last line), to check the restored memory against the whole image in the
 * worker itself. Its name, parameters and single-line body are what that test looks for.
 * @param {Int8Array | Uint8Array} memoire
 * @param {Pick<Image, "segments" | "donnees">} image
 * @param {number} entete
 * @param {number} ecrite
 */
export function verifierLaRestauration(memoire, image, entete, ecrite) {} // eslint-disable-line no-unused-vars -- read by the test's replacement
