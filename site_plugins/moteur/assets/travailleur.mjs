// The rules engine's module worker: loads the self-hosted Pyodide and the rules_py
// wheel, then answers structured messages {id, op, args} by calling the facade
// rules_py.web (JSON in, JSON out). It never evaluates a code string.
//
// On the network, bytes are what a reader waits for: Pyodide's wasm and JavaScript
// come gzipped and are gunzipped while they stream in (any static host can serve
// them), the wasm, the wheel and the reduced library in xz on a slow link, and every
// file the engine fetches is kept for the offline copy, which then does not download it
// again (telechargement.mjs). The copy keeps the wasm and the JavaScript gunzipped: from
// there, they are read as they are.
import { loadPyodide } from "../pyodide/pyodide.mjs"
import { chargerXz, degzipper, dexzer, entamer, telecharger, toutEstGarde } from "./telechargement.mjs"

const ASSETS = new URL("../", import.meta.url)
const INDEX = new URL("pyodide/", ASSETS).href

/** Fresh entropy from the browser's cryptographic source, as hexadecimal text. */
function entropie() {
  const octets = crypto.getRandomValues(new Uint8Array(32))
  return Array.from(octets, octet => octet.toString(16).padStart(2, "0")).join("")
}

// When each step of the start-up ended (ms since the worker began), for the benchmarks.
const etapes = {}
function noter(etape) {
  etapes[etape] = Math.round(performance.now())
}

const DELAI_MAXIMAL = 120_000 // ms: a slow phone needs tens of seconds; beyond, something is broken

/** Fetch ``chemin`` (relative to assets/) or fail with a French message naming the file. */
async function verifier(chemin, options = {}) {
  let reponse
  try {
    reponse = await telecharger(new URL(chemin, ASSETS).href, options)
  } catch {
    throw new Error(`fichier du moteur inaccessible : ${chemin}`)
  }
  if (!reponse.ok) throw new Error(`fichier du moteur inaccessible : ${chemin} (HTTP ${reponse.status})`)
  return reponse
}

function delai(ms) {
  return new Promise((_, rejeter) =>
    setTimeout(() => rejeter(new Error("le moteur met trop de temps à démarrer")), ms),
  )
}

/** A promise rejected by ``signaler(erreur)``: a download that broke while Pyodide read it. */
let signaler
const casse = new Promise((_, rejeter) => {
  signaler = rejeter
})
casse.catch(() => {})

// Resolved once the wasm's last byte has arrived: the link is then free for the wheel,
// downloaded while the wasm compiles and Python starts (not after, as Pyodide would).
let wasmArrive
const wasmRecu = new Promise(resoudre => {
  wasmArrive = () => {
    noter("wasm")
    resoudre()
  }
})

// Below this speed (bytes per second, as the page measured it: see the worker's name),
// the wasm comes in xz (and, on a plain start, the wheel and the reduced library): 0.9 MB
// fewer than gzip (0.8 s at 9 Mbit/s), decoded as fast as it arrives there, but 0.3-0.4 s
// slower to decode than gzip, a loss on a fast link.
// (The snapshot is downloaded from 2.7 MB/s up: a slow link is a plain start with xz.)
const LIEN_LENT = 2_500_000
// The page's measure (bytes per second), read once from this worker's name; null without one.
const debitNomme = self.name.match(/;debit=(\d+)$/)
const DEBIT_DE_LA_PAGE = debitNomme ? Number(debitNomme[1]) : null

/** Whether this device holds the file ``chemin`` (relative to assets/): its offline copy. */
async function surLAppareil(chemin) {
  try {
    return Boolean(await caches.match(new URL(chemin, ASSETS).href, { ignoreVary: true }))
  } catch {
    return false
  }
}

/**
 * Whether to read Pyodide's file ``nom`` as it is: with no measure of the link (a page from the
 * offline copy or the browser's cache), when the offline copy holds it so (gunzipped there once).
 */
async function telQuel(nom) {
  return DEBIT_DE_LA_PAGE === null && surLAppareil(`pyodide/${nom}`)
}

/**
 * Whether to fetch the xz twin ``chemin`` (relative to assets/): below ``LIEN_LENT``; with
 * no measure (a page from the browser's cache or the offline copy), if this device holds it.
 */
async function enXz(chemin) {
  return DEBIT_DE_LA_PAGE !== null ? DEBIT_DE_LA_PAGE < LIEN_LENT : surLAppareil(chemin)
}

/** A function failing the engine with a French message naming the broken download ``nom``. */
const illisible = nom => () => signaler(new Error(`fichier du moteur illisible : ${nom}`))
const arrivee = () => new TransformStream({ flush: () => wasmArrive() })
const enWasm = flux => new Response(flux, { headers: { "Content-Type": "application/wasm" } })

const MAGIE_XZ = [0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00] // the xz format's first bytes

/**
 * The bytes of the xz file ``chemin`` decoded while they stream in (through ``etape``, if
 * given, before the decoder), or null (no such file, no decoder, not xz at all).
 */
async function telechargerEnXz(chemin, etape = null) {
  const [reponse, decodeur] = await Promise.allSettled([verifier(chemin), chargerXz()])
  if (reponse.status !== "fulfilled") return null
  try {
    const { debut, flux } = await entamer(reponse.value.body, MAGIE_XZ.length)
    if (decodeur.status === "fulfilled" && MAGIE_XZ.every((octet, i) => debut[i] === octet)) {
      const nom = chemin.split("/").pop().replace(/\.xz$/, "")
      return dexzer(etape ? flux.pipeThrough(etape) : flux, decodeur.value, illisible(nom))
    }
    flux.cancel().catch(() => {})
  } catch {
    // Cut before its first bytes: the other twin.
  }
  return null
}

/** The archive ``adresse`` (the wheel, the reduced library): its xz twin on a slow link, else itself. */
async function telechargerLArchive(adresse) {
  const chemin = adresse.slice(ASSETS.href.length)
  const xz = (await enXz(`${chemin}.xz`)) ? await telechargerEnXz(`${chemin}.xz`) : null
  return xz ? new Response(xz) : telecharger(adresse)
}

/**
 * Pyodide's wasm: its xz twin on a slow link, as it is from the offline copy, else its gzipped
 * twin (a third of the bytes), decoded while it streams into ``WebAssembly.instantiateStreaming``;
 * the gzipped twin when the xz one is missing, the plain file when neither is there.
 */
async function telechargerLeWasm() {
  if (await enXz("pyodide/pyodide.asm.wasm.xz")) {
    const xz = await telechargerEnXz("pyodide/pyodide.asm.wasm.xz", arrivee())
    if (xz) return enWasm(xz)
  }
  if (await telQuel("pyodide.asm.wasm")) {
    wasmArrive() // from the device: the link is free
    return verifier("pyodide/pyodide.asm.wasm")
  }
  let reponse = null
  try {
    reponse = await verifier("pyodide/pyodide.asm.wasm.gz")
  } catch {
    wasmArrive()
    return verifier("pyodide/pyodide.asm.wasm")
  }
  return enWasm(degzipper(reponse.body.pipeThrough(arrivee()), illisible("pyodide.asm.wasm")))
}

// The link's speed as this worker saw it (bytes per second, while the wasm downloads
// too): the gzipped module's bytes over the time they took to arrive; null if unknown.
let debit = null

/** The link's speed (bytes per second): the best of the page's measure and this worker's (one slow
 * sample, a cold server, must not hide a fast link); null if neither is known. */
function vitesseDuLien() {
  const mesures = [DEBIT_DE_LA_PAGE, debit].filter(Number.isFinite)
  return mesures.length ? Math.max(...mesures) : null
}

/** Bytes per second of the download of ``adresse``, from its resource timing entry. */
function mesurerLeDebit(adresse, octets) {
  const entree = performance.getEntriesByName(adresse, "resource").at(-1)
  if (!entree || !(entree.responseStart > 0)) return null
  return octets / (Math.max(entree.responseEnd - entree.responseStart, 1) / 1000)
}

/** Pyodide's JavaScript module: as it is from the offline copy, else from its gzipped twin (a fifth of
 * the bytes), else the plain file. */
async function chargerLeModule() {
  if (!(await telQuel("pyodide.asm.mjs"))) {
    try {
      const reponse = await verifier("pyodide/pyodide.asm.mjs.gz")
      const compresse = await reponse.arrayBuffer()
      debit = mesurerLeDebit(reponse.url, compresse.byteLength)
      const texte = await new Response(degzipper(new Response(compresse).body)).blob()
      const adresse = URL.createObjectURL(new Blob([texte], { type: "text/javascript" }))
      try {
        return (await import(adresse)).default
      } finally {
        URL.revokeObjectURL(adresse)
      }
    } catch {
      // The plain file.
    }
  }
  return (await import(`${INDEX}pyodide.asm.mjs`)).default
}

// Pyodide logs a failed wasm compilation (a broken or refused download) and waits
// forever: the engine fails instead.
const instancier = WebAssembly.instantiateStreaming.bind(WebAssembly)
WebAssembly.instantiateStreaming = (...arguments_) =>
  instancier(...arguments_).catch(erreur => {
    signaler(new Error(`fichier du moteur illisible : pyodide.asm.wasm (${erreur?.message ?? erreur})`))
    throw erreur
  })

// The biggest downloads start at once; Pyodide's own requests for them are answered
// with these (a body is read once: a second load, after a broken snapshot, downloads again).
const WASM = `${INDEX}pyodide.asm.wasm`
let wasm = telechargerLeWasm()
const premierWasm = wasm
const module = chargerLeModule()
module.catch(() => {})
// The wheel's and the reduced library's addresses and their downloads begun early (on a
// plain start), each answered to Pyodide's own request once.
const roue = { adresse: null, reponse: null }
const bibliotheque = { adresse: null, reponse: null }
const chercher = globalThis.fetch
globalThis.fetch = (ressource, options = {}) => {
  if (ressource instanceof Request) return chercher(ressource, options)
  const adresse = new URL(ressource, location.href).href
  for (const archive of [roue, bibliotheque]) {
    if (adresse === archive.adresse && archive.reponse) {
      const reponse = archive.reponse
      archive.reponse = null
      return reponse
    }
  }
  if (adresse !== WASM) return telecharger(adresse, options)
  const reponse = wasm ?? telechargerLeWasm()
  wasm = null
  return reponse
}

const DELAI_INSTANTANE = 30_000 // ms: beyond, the snapshot is deemed broken and a plain load follows

const INSTANTANE = "moteur/instantane.bin.gz"

/** Whether the manifest vouches for the snapshot (same Pyodide, same wheel, a size). */
function compatible(manifeste) {
  const instantane = manifeste.instantane
  return (
    instantane?.fichier === INSTANTANE.split("/").pop() &&
    instantane.pyodide === manifeste.pyodide &&
    instantane.roue === manifeste.empreinte &&
    Number.isSafeInteger(instantane.taille) &&
    instantane.taille > 0
  )
}

/**
 * The snapshot's helper worker, ended at once when the engine starts without the snapshot; and its
 * answer, the snapshot {taille, segments, donnees} downloaded and gunzipped there once asked for it.
 */
function aideALInstantane() {
  let aide = null
  let demarre = false
  let resoudre, rejeter
  const instantane = new Promise((oui, non) => {
    resoudre = oui
    rejeter = non
  })
  instantane.catch(() => {})
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
      return impossible()
    }
    aide.onmessage = ({ data }) => {
      // The helper closes itself once it has kept the snapshot for the offline copy.
      if (data?.donnees instanceof Uint8Array && Array.isArray(data.segments)) resoudre(data)
      else rejeter(new Error(data?.erreur ?? "instantané illisible"))
    }
    aide.onerror = evenement => {
      evenement.preventDefault()
      aide.terminate()
      impossible()
    }
  }
  return {
    demarrer,
    decompresser() {
      demarrer()
      aide?.postMessage({ url: new URL(INSTANTANE, ASSETS).href })
      return instantane
    },
    renvoyer: () => aide?.terminate(),
  }
}
const aide = aideALInstantane()
// Unless the link is slow (then the engine most likely starts without the snapshot), the helper
// starts with this worker: its own start-up overlaps the manifest's download.
if (DEBIT_DE_LA_PAGE === null || DEBIT_DE_LA_PAGE >= LIEN_LENT) aide.demarrer()

/**
 * Zero ``memoire[debut:fin]`` where it is not zero already: page by page (4 KB), only the pages
 * holding a non-zero byte are written (writing a fresh memory's untouched page costs it a page).
 */
function effacer(memoire, debut, fin) {
  const premier = Math.ceil(debut / 4)
  const dernier = Math.floor(fin / 4)
  if (dernier <= premier) return void memoire.fill(0, debut, fin)
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
 * a fresh memory is zero already. Its header (the first segment's first bytes) goes
 * to Pyodide's own ``restoreSnapshot``, which checks it and returns its metadata.
 */
function restaurerEnPlace(Module, { segments, donnees }, restaurerLEntete) {
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
  return metadonnees
}

// What a restored snapshot saves over a plain start. Since the reduced library and the
// wheel hold bytecode (no Python source compiled at start), a plain start costs less
// than half of its CPU of before (4.2 s): the snapshot saves about 1 s of this machine's
// CPU, more on a slower device or a busy one (and the wheel's download). It is downloaded
// (5.4 MB) when that takes less than 2 s: from about 2.7 MB/s (21 Mbit/s) up, never on
// "4G". The link is the best of the page's measure (its name, by which the wasm's format is
// chosen) and the module's 0.26 MB as this worker saw them arrive beside the wasm (on a busy
// machine, a loopback server can look slower than that: the plain start works as well).
const GAIN_INSTANTANE = 2 // s

/**
 * Whether downloading the snapshot is quicker than the plain start it saves, on this link. Decided,
 * when it can be, without waiting for the module's measure: the snapshot's download starts earlier.
 */
async function instantaneRentable(manifeste) {
  if (navigator.connection?.saveData) return false
  const rentable = lien => lien === null || manifeste.instantane.octets / lien <= GAIN_INSTANTANE
  if (DEBIT_DE_LA_PAGE !== null && rentable(DEBIT_DE_LA_PAGE)) return true
  if (DEBIT_DE_LA_PAGE === null) {
    // This device holds the library in xz (not what the snapshot was made over), or the snapshot.
    if (await enXz(`moteur/${manifeste.bibliotheque}.xz`)) return false
    if (await surLAppareil(INSTANTANE)) return true
  }
  await module.catch(() => {})
  return rentable(vitesseDuLien())
}

/**
 * Pyodide restored from the build's memory snapshot (rules_py already imported), or null.
 *
 * Pyodide starts at once: it fetches its files, compiles its wasm and runs its
 * JavaScript while a helper worker downloads and gunzips the snapshot; Pyodide's
 * file-system hook waits for the snapshot, and only then is it restored, in place.
 */
async function restaurer(options, manifeste) {
  try {
    const jamais = new Promise(() => {})
    // Pyodide sizes its memory by this buffer, never written (untouched, it costs no memory).
    const taille = new Uint8Array(manifeste.instantane.taille)
    const instantane = aide.decompresser().then(instantane => {
      if (instantane.taille !== taille.length) throw new Error("instantané d’une autre taille qu’annoncé")
      return instantane
    })
    const creer = options.createPyodideModule
    const createPyodideModule = async reglages => {
      const Module = await (await creer)(reglages)
      const restaurerLEntete = Module.API.restoreSnapshot
      const image = await instantane
      Module.API.restoreSnapshot = () => restaurerEnPlace(Module, image, restaurerLEntete)
      return Module
    }
    const pyodide = await Promise.race([
      // A failed download leaves this load waiting forever: the race below settles first.
      loadPyodide({
        ...options,
        createPyodideModule,
        _loadSnapshot: taille,
        fsInit: () => instantane.catch(() => jamais),
      }),
      instantane.then(() => jamais),
      delai(DELAI_INSTANTANE),
    ])
    pyodide.pyimport("rules_py.web")
    return pyodide
  } catch (erreur) {
    console.warn(`Instantané du moteur inutilisable, chargement normal : ${erreur?.message ?? erreur}`)
    return null
  }
}

/** A promise that never settles when ``verification`` succeeds, and rejects when it fails. */
function siEchec(verification) {
  return verification.then(() => new Promise(() => {}))
}

async function charger() {
  // The wasm's and the module's downloads have begun; the manifest says what else there is.
  const manifeste = await verifier("moteur/manifeste.json", { cache: "no-cache" }).then(reponse => reponse.json())
  noter("manifeste")
  // The reduced standard library, when the build made one (with the snapshot): what the
  // engine imports; the rest is fetched at the first import of a missing module.
  const reduite = manifeste.bibliotheque ? new URL(`moteur/${manifeste.bibliotheque}`, ASSETS).href : undefined
  const options = { indexURL: INDEX, createPyodideModule: module, stdLibURL: reduite }
  // Pyodide's package list, cut by the build to what the engine loads (none but its
  // wheel, given by address): a round trip and 0.1 MB saved.
  if (manifeste.verrou?.info) options.lockFileContents = manifeste.verrou
  // Pyodide logs a failed or broken download of its wasm but never settles: these fail for it.
  const echecs = [siEchec(premierWasm), casse]
  let pyodide = null
  if (compatible(manifeste) && (await instantaneRentable(manifeste))) {
    pyodide = await Promise.race([restaurer(options, manifeste), ...echecs])
  } else aide.renvoyer()
  source = pyodide ? "instantane" : "chargement"
  if (!pyodide) {
    // Never on a snapshot start: the library's xz twin is re-packed (other offsets than the snapshot's).
    if (reduite) {
      bibliotheque.adresse = reduite
      bibliotheque.reponse = telechargerLArchive(reduite)
      bibliotheque.reponse.catch(() => {})
    }
    roue.adresse = new URL(`moteur/${manifeste.roue}`, ASSETS).href
    roue.reponse = wasmRecu.then(() => telechargerLArchive(roue.adresse))
    roue.reponse.catch(() => {})
    pyodide = await Promise.race([loadPyodide(options), ...echecs])
  }
  noter("pyodide")
  if (reduite) pyodide.pyimport("_regles_bibliotheque").installer(`${INDEX}python_stdlib.zip`)
  if (source === "chargement") {
    // Pyodide logs a wheel it could not install and goes on: the engine fails instead, in French.
    const erreurs = []
    const installation = pyodide.loadPackage(roue.adresse, {
      messageCallback: () => {},
      errorCallback: message => erreurs.push(message),
    })
    await Promise.race([installation, casse])
    if (erreurs.length) throw new Error(`fichier du moteur illisible : ${manifeste.roue}`)
    noter("roue")
  }
  // A restored snapshot replays the random state it was made with: reseed from the
  // browser's cryptographic source (the engine's own generator is created below).
  pyodide.pyimport("random").seed(entropie())
  // The facade registers no tool by itself: it imports the tools of the page (the message
  // « operations »), the rest once the engine is ready (importerLeReste); a snapshot holds them all already.
  const web = pyodide.pyimport("rules_py.web")
  web.preparer(operationsDeLaPage)
  noter("import")
  const pret = web.Moteur.depuis_entropie(entropie())
  noter("moteur")
  return { pret, web }
}

// The operations of the page's widgets, as the page says them (before the engine is ready).
let operationsDeLaPage = []

/** Import every tool module (those already there cost nothing), one per task: a call waits for one
 * module at most. */
async function importerLeReste(web) {
  for (const module of web.modules()) {
    await new Promise(resoudre => setTimeout(resoudre))
    web.importer([module])
  }
}

let source = ""
const charge = Promise.race([charger(), delai(DELAI_MAXIMAL)])
const moteur = charge.then(({ pret }) => pret)
charge.then(
  ({ web }) => {
    const lien = vitesseDuLien()
    postMessage({ type: "etat", etat: "pret", source, etapes, debit: lien === null ? null : Math.round(lien) })
    // Its downloads are kept for the offline copy by this thread, busy until now: the page waits for
    // this before the copy starts (demarrage.js), which then takes them instead of downloading them again.
    toutEstGarde().then(() => postMessage({ type: "garde" }))
    // A module that fails to import fails its own calls, with their message. Until the imports are over,
    // one of them may hold this thread longer than the page's heartbeat waits: it starts after « importe ».
    importerLeReste(web)
      .catch(() => {})
      .then(() => postMessage({ type: "importe" }))
  },
  erreur => {
    aide.renvoyer()
    postMessage({ type: "etat", etat: "echec", message: String(erreur?.message ?? erreur) })
  },
)

self.onmessage = async ({ data }) => {
  if (data?.type === "operations") {
    if (Array.isArray(data.operations)) operationsDeLaPage = data.operations.map(String).slice(0, 200)
    return
  }
  const { id, op, args } = data ?? {}
  try {
    const pret = await moteur
    const texte = pret.appeler_json(String(op), JSON.stringify(args ?? {}))
    postMessage({ id, reponse: JSON.parse(texte) })
  } catch (erreur) {
    postMessage({ id, echec: String(erreur?.message ?? erreur) })
  }
}
