// Registers the site's service worker and tells the reader when the site runs offline.
// Storing the whole site (tens of megabytes) waits for the page's start-up to be over.
import { apresLeDemarrage } from "./demarrage.js"

const RACINE = new URL("../../", import.meta.url)
const MESSAGE = "Hors ligne\u00a0: le site et ses outils fonctionnent avec la copie enregistrée sur cet appareil."
/** @type {HTMLParagraphElement | null} */
let bandeau = null

/** @param {boolean} horsLigne */
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

// Offline or not is decided by a real request to the site's own origin, never by what a cache answered:
// a HEAD of sw.js (no body), never stored (``no-store``), with the query the service worker lets go
// straight to the network. No answer within 3 s: offline; any answer, even an error status: online.
const SONDE_DELAI = 3_000 // ms
const SONDE_REPRISE = 4_000 // ms: while offline, probe again this often (a return goes unannounced)
/** @type {Promise<void> | null} */
let sondage = null
/** @type {ReturnType<typeof setTimeout> | undefined} */
let reprise

/** Probe the site's origin and show the answer; one probe at a time. */
function sonder() {
  sondage ??= (async () => {
    const abandon = new AbortController()
    const minuterie = setTimeout(() => abandon.abort(), SONDE_DELAI)
    let horsLigne = false
    try {
      const adresse = new URL(`sw.js?sonde=${Date.now()}`, RACINE)
      await fetch(adresse, { method: "HEAD", cache: "no-store", signal: abandon.signal })
    } catch {
      horsLigne = true // refused or aborted: a failed probe is the answer, never an uncaught error
    } finally {
      clearTimeout(minuterie)
    }
    montrer(horsLigne)
    clearTimeout(reprise)
    if (horsLigne) reprise = setTimeout(sonder, SONDE_REPRISE)
  })().finally(() => {
    sondage = null
  })
  return sondage
}

const DELAI_MOTEUR = 15_000 // ms: a slow phone's engine start-up; beyond, register anyway
const PRET = "regles-hors-ligne-annonce" // the build whose « Disponible hors ligne » was already said

const DUREE_ANNONCE = 6_000 // ms: a note without a button goes away by itself

/** A discreet note: with a button when ``action`` is given, at the foot of the screen; without one, over
 * the header's title for a few seconds (it covers nothing of the page, and a tap on it closes it).
 * @param {string} texte
 * @param {{libelle: string, faire: () => void} | null} [action]
 */
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
    document.body.append(annonce)
    return
  }
  const titre = document.querySelector(".md-header__title")
  annonce.addEventListener("click", () => annonce.remove())
  setTimeout(() => annonce.remove(), DUREE_ANNONCE)
  if (titre) {
    annonce.classList.add("regles-annonce--entete")
    titre.append(annonce)
  } else document.body.append(annonce)
}

/**
 * Once the whole site is kept on the device: say so, once per build.
 * @param {string} version
 */
function disponible(version) {
  document.documentElement.dataset.horsLignePret = version
  try {
    if (localStorage.getItem(PRET) === version) return
    localStorage.setItem(PRET, version)
  } catch {
    // Storage refused (private mode): the note may come again, nothing else changes.
  }
  annoncer("Disponible hors ligne\u00a0: le site marche aussi sans réseau.")
}

/**
 * A new build waits: offer to reload, which lets it take over (never a mix of two builds).
 * @param {ServiceWorkerRegistration} inscription
 */
function surveillerLesVersions(inscription) {
  /** @param {ServiceWorker} travailleur */
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
    // The service worker's view is a hint (its network-first answer may come from the HTTP cache): probe.
    if (data?.type === "hors-ligne") sonder()
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
        // The browser's own sentence is English: its error's name (SecurityError…) says enough.
        .catch(erreur =>
          console.warn(`Mode hors ligne indisponible : le navigateur refuse le service worker (${erreur?.name}).`),
        ),
    { delai: DELAI_MOTEUR },
  )
  // A page the service worker controls may have come from the copy kept on the device: probe.
  if (navigator.serviceWorker.controller) sonder()
}

addEventListener("offline", sonder)
addEventListener("online", sonder)
if (navigator.onLine === false) sonder()
