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
const PRET = "regles-hors-ligne-annonce" // the build whose « Disponible hors ligne » was already said

/** A discreet note at the foot of the screen; with a button when ``action`` is given. */
function annoncer(texte, action = null) {
  document.querySelector(".regles-annonce")?.remove()
  const annonce = document.createElement("p")
  annonce.className = "regles-annonce"
  annonce.setAttribute("role", "status")
  annonce.textContent = texte
  if (action) {
    const bouton = document.createElement("button")
    bouton.type = "button"
    bouton.className = "md-button md-button--primary"
    bouton.textContent = action.libelle
    bouton.addEventListener("click", action.faire)
    annonce.append(" ", bouton)
  } else {
    setTimeout(() => annonce.remove(), 6_000)
  }
  document.body.append(annonce)
}

/** Once the whole site is kept on the device: say so, once per build. */
function disponible(version) {
  document.documentElement.dataset.horsLignePret = version
  try {
    if (localStorage.getItem(PRET) === version) return
    localStorage.setItem(PRET, version)
  } catch {
    // Storage refused (private mode): the note may come again, nothing else changes.
  }
  annoncer("Disponible hors ligne\u00a0: le site et ses outils marchent désormais sans réseau sur cet appareil.")
}

/** A new build waits: offer to reload, which lets it take over (never a mix of two builds). */
function surveillerLesVersions(inscription) {
  const proposer = travailleur => {
    document.documentElement.dataset.nouvelleVersion = "true"
    annoncer("Nouvelle version disponible.", {
      libelle: "Recharger",
      faire: () => travailleur.postMessage({ type: "activer" }),
    })
  }
  if (inscription.waiting && navigator.serviceWorker.controller) proposer(inscription.waiting)
  inscription.addEventListener("updatefound", () => {
    const nouveau = inscription.installing
    nouveau?.addEventListener("statechange", () => {
      if (nouveau.state === "installed" && navigator.serviceWorker.controller) proposer(nouveau)
    })
  })
}

if ("serviceWorker" in navigator && location.protocol.startsWith("http")) {
  navigator.serviceWorker.addEventListener("message", ({ data }) => {
    if (data?.type === "hors-ligne") montrer(true)
    if (data?.type === "en-ligne") montrer(false)
    if (data?.type === "hors-ligne-pret") disponible(data.version)
  })
  // The new build took over (the reader asked for it): load the page from it, whole.
  let recharge = false
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (recharge || document.documentElement.dataset.nouvelleVersion !== "true") return
    recharge = true
    location.reload()
  })
  apresLeDemarrage(
    () =>
      navigator.serviceWorker
        .register(new URL("sw.js", RACINE), { scope: RACINE.href, type: "classic" })
        .then(surveillerLesVersions)
        .catch(erreur => console.warn(`Mode hors ligne indisponible : ${erreur.message}`)),
    { delai: DELAI_MOTEUR },
  )
  // Was this page served from the copy kept on the device? The worker knows.
  navigator.serviceWorker.controller?.postMessage({ type: "etat" })
}

addEventListener("offline", () => montrer(true))
addEventListener("online", () => montrer(false))
if (navigator.onLine === false) montrer(true)
