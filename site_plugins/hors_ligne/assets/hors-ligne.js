// Registers the site's service worker and tells the reader when the site runs offline.
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

/**
 * Call ``fonction`` once the page's own start-up is over: after ``load`` and, on a page
 * with widgets, once the rules engine is ready or has failed. Storing the whole site
 * (tens of megabytes) would otherwise compete with the engine's start-up.
 */
function apresLeDemarrage(fonction) {
  const racine = document.documentElement
  const fini = () => ["pret", "echec"].includes(racine.dataset.moteur)
  const attendreLeMoteur = () => {
    if (!window.__reglesMoteur || fini()) return fonction()
    let minuterie = null
    const observateur = new MutationObserver(() => {
      if (fini()) une()
    })
    const une = () => {
      observateur.disconnect()
      clearTimeout(minuterie)
      fonction()
    }
    observateur.observe(racine, { attributes: true, attributeFilter: ["data-moteur"] })
    minuterie = setTimeout(une, DELAI_MOTEUR)
  }
  if (document.readyState === "complete") attendreLeMoteur()
  else addEventListener("load", attendreLeMoteur, { once: true })
}

if ("serviceWorker" in navigator && location.protocol.startsWith("http")) {
  navigator.serviceWorker.addEventListener("message", ({ data }) => {
    if (data?.type === "hors-ligne") montrer(true)
    if (data?.type === "en-ligne") montrer(false)
    if (data?.type === "hors-ligne-pret") document.documentElement.dataset.horsLignePret = data.version
  })
  apresLeDemarrage(() =>
    navigator.serviceWorker
      .register(new URL("sw.js", RACINE), { scope: RACINE.href, type: "classic" })
      .catch(erreur => console.warn(`Mode hors ligne indisponible : ${erreur.message}`)),
  )
  // Was this page served from the copy kept on the device? The worker knows.
  navigator.serviceWorker.controller?.postMessage({ type: "etat" })
}

addEventListener("offline", () => montrer(true))
addEventListener("online", () => montrer(false))
if (navigator.onLine === false) montrer(true)
