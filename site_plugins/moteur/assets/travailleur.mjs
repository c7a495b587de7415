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

async function demarrer() {
  const reponse = await fetch(new URL("moteur/manifeste.json", ASSETS), { cache: "no-cache" })
  if (!reponse.ok) throw new Error(`manifeste du moteur introuvable (HTTP ${reponse.status})`)
  const manifeste = await reponse.json()
  const pyodide = await loadPyodide({ indexURL: new URL("pyodide/", ASSETS).href })
  await pyodide.loadPackage(new URL(`moteur/${manifeste.roue}`, ASSETS).href, { messageCallback: () => {} })
  const web = pyodide.pyimport("rules_py.web")
  return web.Moteur.depuis_entropie(entropie())
}

const moteur = demarrer()
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
