// Helper worker of the engine's worker: downloads and gunzips the memory snapshot
// on its own thread, so that the engine's thread meanwhile runs Pyodide's
// JavaScript. Answers one message {url} with {taille, segments, donnees}: the
// memory's size, the [start, length] of its non-zero segments and their bytes
// end to end (the buffer transferred); or with {erreur}. It closes itself once the
// snapshot is kept for the offline copy (telechargement.mjs).
//
// The snapshot is sparse (see site_plugins/moteur/instantane.mjs): gunzipped, it
// holds little-endian 32-bit integers, total size, number of segments n and
// n × (start, length), then the segments' bytes; the rest of the memory is zero.
import { degzipper, telecharger, toutEstGarde } from "./telechargement.mjs"

const SEGMENTS_MAX = 1 << 16
const TAILLE_MAX = 2 ** 31

/** Reads a byte stream into given buffers, whatever the sizes of its chunks. */
class Lecteur {
  /** @param {ReadableStreamDefaultReader<Uint8Array>} lecteur */
  constructor(lecteur) {
    this.lecteur = lecteur
    /** @type {Uint8Array} */
    this.reste = new Uint8Array(0)
  }

  /**
   * Fill ``cible`` with the next bytes of the stream.
   * @param {Uint8Array} cible
   */
  async remplir(cible) {
    let position = 0
    while (position < cible.length) {
      if (!this.reste.length) {
        const { done, value } = await this.lecteur.read()
        if (done) throw new Error("instantané tronqué")
        this.reste = value
      }
      const morceau = this.reste.subarray(0, cible.length - position)
      cible.set(morceau, position)
      position += morceau.length
      this.reste = this.reste.subarray(morceau.length)
    }
    return cible
  }

  /**
   * The next ``nombre`` little-endian 32-bit integers.
   * @param {number} nombre
   */
  async entiers(nombre) {
    const octets = await this.remplir(new Uint8Array(4 * nombre))
    const vue = new DataView(octets.buffer)
    return Array.from({ length: nombre }, (_, i) => vue.getUint32(4 * i, true))
  }

  /** Whether the stream has no byte left. */
  async fini() {
    while (!this.reste.length) {
      const { done, value } = await this.lecteur.read()
      if (done) return true
      this.reste = value
    }
    return false
  }
}

/** @param {string} url */
async function decompresser(url) {
  let reponse
  try {
    reponse = await telecharger(url)
  } catch {
    throw new Error("instantané inaccessible")
  }
  if (!reponse.ok || !reponse.body) throw new Error(`instantané inaccessible (HTTP ${reponse.status})`)
  const flux = new Lecteur(degzipper(reponse.body).getReader())
  const [taille, nombre] = await flux.entiers(2)
  if (taille > TAILLE_MAX || nombre > SEGMENTS_MAX) throw new Error("instantané illisible")
  const table = await flux.entiers(2 * nombre)
  const segments = []
  let fin = 0
  let volume = 0
  for (let i = 0; i < nombre; i++) {
    const [debut, longueur] = [table[2 * i], table[2 * i + 1]]
    if (debut < fin || debut + longueur > taille) throw new Error("instantané illisible")
    segments.push([debut, longueur])
    fin = debut + longueur
    volume += longueur
  }
  const donnees = await flux.remplir(new Uint8Array(volume))
  if (!(await flux.fini())) throw new Error("instantané plus long qu’annoncé")
  return { taille, segments, donnees }
}

self.onmessage = async ({ data }) => {
  try {
    const instantane = await decompresser(String(data?.url))
    postMessage(instantane, [instantane.donnees.buffer])
  } catch (erreur) {
    postMessage({ erreur: String(erreur instanceof Error ? erreur.message : erreur) })
  }
  // The snapshot kept for the offline copy, this helper ends.
  await toutEstGarde()
  close()
}
