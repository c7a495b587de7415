// Registers the site's service worker and tells the reader when the site runs offline.
// Storing the whole site (tens of megabytes) waits for the page's start-up to be over.
import { apresLeDemarrage } from "./demarrage.js"

const RACINE = new URL("../../", import.meta.url)
const MESSAGE = "Hors ligne\u00a0: le site et ses outils fonctionnent avec la copie enregistrée sur cet appareil."
let bandeau = null

function montrer(horsLigne) {
  if (!bandeau || !bandeau.isConnected) {
    bandeau = document.createElement("p")
    bandeau.className = "regles-hors-ligne"
    bandeau.setAttribute("role", "status")
    bandeau.hidden = true
    document.body.append(bandeau)
  }
  bandeau.textContent = horsLigne ? MESSAGE : ""
  bandeau.hidden = !horsLigne
  document.documentElement.dataset.horsLigne = String(horsLigne)
}

const DELAI_MOTEUR = 15_000 // ms: a slow phone's engine start-up; beyond, register anyway

if ("serviceWorker" in navigator && location.protocol.startsWith("http")) {
  navigator.serviceWorker.addEventListener("message", ({ data }) => {
    if (data?.type === "hors-ligne") montrer(true)
    if (data?.type === "en-ligne") montrer(false)
    if (data?.type === "hors-ligne-pret") document.documentElement.dataset.horsLignePret = data.version
  })
  apresLeDemarrage(
    () =>
      navigator.serviceWorker
        .register(new URL("sw.js", RACINE), { scope: RACINE.href, type: "classic" })
        .catch(erreur => console.warn(`Mode hors ligne indisponible : ${erreur.message}`)),
    { delai: DELAI_MOTEUR },
  )
  // Was this page served from the copy kept on the device? The worker knows.
  navigator.serviceWorker.controller?.postMessage({ type: "etat" })
}

addEventListener("offline", () => montrer(true))
addEventListener("online", () => montrer(false))
if (navigator.onLine === false) montrer(true)
