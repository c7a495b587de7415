// The engine's downloads (module workers only): each file the engine fetches is also
// kept in the Cache Storage « regles-reserve », from which the service worker's offline
// copy takes it instead of downloading it a second time (site_plugins/hors_ligne). Once
// the offline copy is on the device, nothing more is kept.
//
// Also: the gzipped files the engine reads while they stream in (the wasm, the
// snapshot), whether the host sends them as they are or already decoded; and the xz
// files (the wasm, the wheel, the reduced library), decoded while they stream in by
// xz-embedded in wasm (xzwasm.js, npm « xzwasm »).

export const RESERVE = "regles-reserve"

// The browser's own fetch, whatever the engine's worker later puts in its place.
const chercher = globalThis.fetch.bind(globalThis)

/** Whether the files fetched now should be kept: no offline copy yet, Cache Storage available. */
const aGarder = (async () => {
  try {
    if (!globalThis.caches) return false
    return !(await caches.keys()).some(nom => nom.startsWith("regles-") && nom !== RESERVE)
  } catch {
    return false
  }
})()

/** @type {Set<Promise<void>>} */
const enCours = new Set()

/**
 * @param {string | URL} url
 * @param {Response} reponse
 */
function garder(url, reponse) {
  const rangement = (async () => {
    try {
      await (await caches.open(RESERVE)).put(url, reponse)
    } catch {
      // A full or unavailable storage only means that the offline copy downloads the file.
    }
  })()
  enCours.add(rangement)
  rangement.then(() => enCours.delete(rangement))
}

/** Resolves once every file fetched so far is kept (before a helper worker closes). */
export function toutEstGarde() {
  return Promise.all(enCours)
}

/**
 * ``fetch(url, options)``, the file kept for the offline copy when it is a full, plain GET.
 * @param {string | URL} url
 * @param {RequestInit} [options]
 * @returns {Promise<Response>}
 */
export async function telecharger(url, options = {}) {
  const [reponse, garde] = await Promise.all([chercher(url, options), aGarder])
  const simple = (options.method ?? "GET") === "GET" && reponse.status === 200 && !options.headers
  if (garde && simple && new URL(url, location.href).origin === location.origin) garder(url, reponse.clone())
  return reponse
}

/**
 * A stream of what the reader ``ouvrir()`` gives (opened at the first read); a break is told
 * to ``surErreur`` (the stream's reader also gets the error). Cancelled before it is opened,
 * ``annuler`` is called. ``fini`` is called once it is over (read to its end, broken or cancelled).
 * @param {() => Promise<ReadableStreamDefaultReader<Uint8Array>>} ouvrir
 * @param {(erreur: unknown) => void} surErreur
 * @param {(raison: unknown) => Promise<void>} annuler
 * @param {() => void} [fini]
 * @returns {ReadableStream<Uint8Array>}
 */
function relayer(ouvrir, surErreur, annuler, fini = () => {}) {
  /** @type {ReadableStreamDefaultReader<Uint8Array> | null} */
  let lecteur = null
  return new ReadableStream({
    async pull(controleur) {
      try {
        lecteur ??= await ouvrir()
        const { done, value } = await lecteur.read()
        if (done) {
          fini()
          controleur.close()
        } else controleur.enqueue(value)
      } catch (erreur) {
        fini()
        surErreur(erreur)
        controleur.error(erreur)
      }
    },
    cancel(raison) {
      fini()
      return lecteur ? lecteur.cancel(raison) : annuler(raison)
    },
  })
}

/**
 * The bytes of ``flux`` gunzipped while they arrive, or as they are when the host has
 * already decoded them (no gzip header: ``Content-Encoding: gzip`` on a ``.gz`` file).
 * ``surErreur`` is told of a broken stream (its reader also gets the error).
 * @param {ReadableStream<Uint8Array>} flux
 * @param {(erreur: unknown) => void} [surErreur]
 */
export function degzipper(flux, surErreur = () => {}) {
  const ouvrir = async () => {
    const { debut, flux: suite } = await entamer(flux, 2)
    const gzip = debut[0] === 0x1f && debut[1] === 0x8b
    const octets = gzip ? suite.pipeThrough(/** @type {ReadableWritablePair<Uint8Array, Uint8Array>} */ (new DecompressionStream("gzip"))) : suite
    return octets.getReader()
  }
  return relayer(ouvrir, surErreur, raison => flux.cancel(raison))
}

/**
 * The first ``n`` bytes of ``flux`` (fewer if it is shorter), and its whole stream, as from its start.
 * @param {ReadableStream<Uint8Array>} flux
 * @param {number} n
 * @returns {Promise<{debut: Uint8Array, flux: ReadableStream<Uint8Array>}>}
 */
export async function entamer(flux, n) {
  const lecteur = flux.getReader()
  let debut = new Uint8Array(0)
  let fini = false
  while (debut.length < n && !fini) {
    const { done, value } = await lecteur.read()
    fini = done
    if (done) break
    const joint = new Uint8Array(debut.length + value.length)
    joint.set(debut)
    joint.set(value, debut.length)
    debut = joint
  }
  /** @type {ReadableStream<Uint8Array>} */
  const suite = new ReadableStream({
    start(controleur) {
      if (debut.length) controleur.enqueue(debut)
      if (fini) controleur.close()
    },
    async pull(controleur) {
      const { done, value } = await lecteur.read()
      if (done) controleur.close()
      else controleur.enqueue(value)
    },
    cancel(raison) {
      return lecteur.cancel(raison)
    },
  })
  return { debut, flux: suite }
}

/**
 * The xz decoder (``self.xzwasm``'s ``XzReadableStream``), loaded at the first call.
 *
 * Its streams enqueue views on the decoder's memory, which its next chunk overwrites
 * before a script's reader gets them: while it loads (its class extends the global
 * ``ReadableStream`` then), that global is one whose streams enqueue a copy of each chunk.
 * @returns {Promise<Decodeur>}
 */
export function chargerXz() {
  // Once: a second load meanwhile would take the copying class for the global one.
  decodeur ??= importerXz()
  return decodeur
}
/**
 * The xz decoder's stream class: the bytes of a compressed stream, decoded.
 * @typedef {new (flux: ReadableStream<Uint8Array>) => ReadableStream<Uint8Array>} Decodeur
 */
/** @type {Promise<Decodeur> | null} */
let decodeur = null

/** @returns {Promise<Decodeur>} */
async function importerXz() {
  const Original = globalThis.ReadableStream
  /** The worker's global scope, whose ReadableStream is replaced while the decoder loads. */
  const portee = /** @type {{ReadableStream: unknown}} */ (globalThis)
  const Flux = /** @type {new (source: object, strategie?: QueuingStrategy<Uint8Array>) => ReadableStream<Uint8Array>} */ (Original)
  /** @param {ReadableStreamDefaultController<Uint8Array>} controleur */
  const copiant = controleur => ({
    enqueue: (/** @type {Uint8Array} */ morceau) => controleur.enqueue(morceau.slice()),
    close: () => controleur.close(),
    error: (/** @type {unknown} */ erreur) => controleur.error(erreur),
  })
  portee.ReadableStream = class extends Flux {
    /**
     * @param {{start?: (c: object) => unknown, pull?: (c: object) => unknown, cancel?: (r: unknown) => unknown}} [source]
     * @param {QueuingStrategy<Uint8Array>} [strategie]
     */
    constructor(source = {}, strategie = undefined) {
      super(
        {
          start: (/** @type {ReadableStreamDefaultController<Uint8Array>} */ controleur) => source.start?.(copiant(controleur)),
          pull: (/** @type {ReadableStreamDefaultController<Uint8Array>} */ controleur) => source.pull?.(copiant(controleur)),
          cancel: (/** @type {unknown} */ raison) => source.cancel?.(raison),
        },
        strategie,
      )
    }
  }
  try {
    // @ts-ignore -- xzwasm.js is npm « xzwasm »'s bundle, copied into the site at build time (no types).
    await import("./xzwasm.js")
  } finally {
    portee.ReadableStream = Original
  }
  return /** @type {any} */ (self).xzwasm.XzReadableStream
}

// The decoder's streams share its memory, and one that grows it (a new stream's dictionary)
// leaves the others reading a detached buffer: one stream at a time, in the order they were
// asked for (the wasm first, then the library, then the wheel), not in the order their first
// bytes arrive (``prendreUnTour``); each one's bytes meanwhile keep arriving into a buffer.
/** @type {Promise<void>} */
let decodage = Promise.resolve()
const ATTENTE_MAXIMALE = 64 << 20 // bytes of a waiting xz stream buffered (more than any of ours)

/**
 * A stream's turn at the xz decoder: it may decode once ``precedent`` (the turns taken before) is
 * over, and says ``fini()`` when it is over or given up (its followers then wait for its own
 * predecessors only).
 * @typedef {{precedent: Promise<void>, fini: () => void}} Tour
 */

/**
 * Take the next turn at the xz decoder, when a download is asked for (before its first bytes).
 * @returns {Tour}
 */
export function prendreUnTour() {
  const precedent = decodage
  /** @type {() => void} */
  let resoudre = () => {}
  decodage = new Promise(r => {
    resoudre = r
  })
  return { precedent, fini: () => void precedent.then(resoudre) }
}

/**
 * The bytes of the xz stream ``flux`` decoded while they arrive by ``Decodeur`` (from ``chargerXz``),
 * at its ``tour`` (``prendreUnTour``: the streams asked for before are over). ``surErreur`` is told of
 * a broken stream (its reader also gets the error).
 * @param {ReadableStream<Uint8Array>} flux
 * @param {Decodeur} Decodeur
 * @param {(erreur: unknown) => void} [surErreur]
 * @param {Tour} [tour]
 */
export function dexzer(flux, Decodeur, surErreur = () => {}, tour = prendreUnTour()) {
  /** @type {TransformStream<Uint8Array, Uint8Array>} */
  const attente = new TransformStream({}, new ByteLengthQueuingStrategy({ highWaterMark: ATTENTE_MAXIMALE }))
  const tampon = flux.pipeThrough(attente)
  const ouvrir = async () => {
    await tour.precedent
    return new Decodeur(tampon).getReader()
  }
  return relayer(ouvrir, surErreur, raison => tampon.cancel(raison), tour.fini)
}
