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
import { toutEstGarde } from "./telechargement.mjs"
import {
  ASSETS,
  bibliotheque,
  casse,
  commencerLesTelechargements,
  etapes,
  INDEX,
  noter,
  roue,
  telechargerLArchive,
  verifier,
  wasmRecu,
} from "./transport.mjs"
import { aideALInstantane, compatible, INSTANTANE, restaurerEnPlace } from "./restauration.mjs"
import { DEBIT_DE_LA_PAGE, enXz, LIEN_LENT, surLAppareil, vitesseDuLien } from "./vitesse.mjs"

/** Fresh entropy from the browser's cryptographic source, as hexadecimal text. */
function entropie() {
  const octets = crypto.getRandomValues(new Uint8Array(32))
  return Array.from(octets, octet => octet.toString(16).padStart(2, "0")).join("")
}

const DELAI_MAXIMAL = 120_000 // ms: a slow phone needs tens of seconds; beyond, something is broken

function delai(ms) {
  return new Promise((_, rejeter) =>
    setTimeout(() => rejeter(new Error("le moteur met trop de temps à démarrer")), ms),
  )
}

// The biggest downloads start at once (transport.mjs); Pyodide's own requests are answered with them.
const { premierWasm, module, reprendreLeWasm } = commencerLesTelechargements()

const DELAI_INSTANTANE = 30_000 // ms: beyond, the snapshot is deemed broken and a plain load follows

const aide = aideALInstantane()
// Unless the link is slow (then the engine most likely starts without the snapshot), the helper
// starts with this worker: its own start-up overlaps the manifest's download.
if (DEBIT_DE_LA_PAGE === null || DEBIT_DE_LA_PAGE >= LIEN_LENT) aide.demarrer()

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
    // The wasm again after a broken snapshot (its first download went to the abandoned load), first.
    reprendreLeWasm()
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
