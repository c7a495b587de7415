// The rules engine's module worker: loads the self-hosted Pyodide and the rules_py
// wheel, then answers structured messages {id, op, args} by calling the facade
// rules_py.web (JSON in, JSON out). It never evaluates a code string.
import { loadPyodide } from "../pyodide/pyodide.mjs"

const ASSETS = new URL("../", import.meta.url)

/** Fresh entropy from the browser's cryptographic source, as hexadecimal text. */
function entropie() {
  const octets = crypto.getRandomValues(new Uint8Array(32))
  return Array.from(octets, octet => octet.toString(16).padStart(2, "0")).join("")
}

const DELAI_MAXIMAL = 120_000 // ms: a slow phone needs tens of seconds; beyond, something is broken

/** Fetch ``chemin`` (relative to assets/) or fail with a French message naming the file. */
async function verifier(chemin, options = {}) {
  let reponse
  try {
    reponse = await fetch(new URL(chemin, ASSETS), options)
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

async function charger() {
  const manifeste = await (await verifier("moteur/manifeste.json", { cache: "no-cache" })).json()
  // Pyodide logs a failed download of its wasm but never settles: check it first.
  await verifier("pyodide/pyodide.asm.wasm", { method: "HEAD" })
  const pyodide = await loadPyodide({ indexURL: new URL("pyodide/", ASSETS).href })
  await pyodide.loadPackage(new URL(`moteur/${manifeste.roue}`, ASSETS).href, { messageCallback: () => {} })
  const web = pyodide.pyimport("rules_py.web")
  return web.Moteur.depuis_entropie(entropie())
}

const moteur = Promise.race([charger(), delai(DELAI_MAXIMAL)])
moteur.then(
  () => postMessage({ type: "etat", etat: "pret" }),
  erreur => postMessage({ type: "etat", etat: "echec", message: String(erreur?.message ?? erreur) }),
)

self.onmessage = async ({ data }) => {
  const { id, op, args } = data ?? {}
  try {
    const pret = await moteur
    const texte = pret.appeler_json(String(op), JSON.stringify(args ?? {}))
    postMessage({ id, reponse: JSON.parse(texte) })
  } catch (erreur) {
    postMessage({ id, echec: String(erreur?.message ?? erreur) })
  }
}
