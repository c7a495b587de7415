// The site's service worker, written at each build with its version and file list.
// It precaches the whole site after a first visit so that the pages, the search and
// every widget (Pyodide, snapshot, wheel) work with no network; a new build has a new
// version, whose cache replaces the old one.
//
// Never a file twice: what the engine's worker downloaded during this first visit is
// in the Cache Storage « regles-reserve » (site_plugins/moteur/assets/telechargement.mjs);
// the copy takes it from there when it is this build's (same SHA-256), and asks the
// network only for the rest, revalidating what the browser's HTTP cache holds. A file
// with alternatives (the wasm in gzip or in xz, the wheel and the reduced library as
// they are or in xz: a list in FICHIERS) is kept once: the one the engine downloaded,
// else the first. Pyodide's wasm and JavaScript, downloaded gzipped (a third and a fifth
// of the bytes), are kept as they are (DEGZIPPES), gunzipped here from the engine's
// download (else the network's): the engine then reads them with no gunzipping at each
// start. (Chrome keeps no compiled code for a response a service worker built.)
/** This worker's own scope (a service worker's). */
const travail = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self))
const VERSION = __VERSION__
const FICHIERS = __FICHIERS__
const EMPREINTES = __EMPREINTES__
const DEGZIPPES = __DEGZIPPES__
const CACHE = `regles-${VERSION}`
const RESERVE = "regles-reserve"
const RACINE = new URL("./", travail.location.href)

/**
 * The build's assets (Pyodide, the snapshot, scripts, styles) straight from the cache,
 * without waking this worker, where the browser has static routing; pages, HEAD requests
 * and anything missing from the cache still go through the handlers below.
 * @param {ExtendableEvent} evenement
 * @returns {Promise<void>}
 */
function routerLesRessources(evenement) {
  const Motif = /** @type {any} */ (globalThis).URLPattern
  if (!("addRoutes" in evenement) || typeof Motif === "undefined") return Promise.resolve()
  const ressources = new Motif({ pathname: `${RACINE.pathname}assets/*` })
  // Static routing (Chrome 123+): not in TypeScript's library yet.
  return /** @type {{addRoutes: (regles: object) => Promise<void>}} */ (evenement)
    .addRoutes({ condition: { urlPattern: ressources, requestMethod: "GET" }, source: { cacheName: CACHE } })
    .catch(() => {})
}

/** @param {Response} reponse */
async function empreinte(reponse) {
  const hache = await crypto.subtle.digest("SHA-256", await reponse.arrayBuffer())
  return Array.from(new Uint8Array(hache), octet => octet.toString(16).padStart(2, "0")).join("")
}

/**
 * The copy of ``fichier`` the engine kept during this visit, if it is this build's.
 * @param {Cache | null} reserve
 * @param {string} fichier
 */
async function dejaTelecharge(reserve, fichier) {
  if (!reserve || !EMPREINTES[fichier]) return null
  const reponse = await reserve.match(new URL(fichier, RACINE).href, { ignoreVary: true })
  if (!reponse) return null
  return (await empreinte(reponse.clone())) === EMPREINTES[fichier] ? reponse : null
}

/** ``fichier`` gunzipped from ``jumeau``, its gzipped twin (as it came if the host had already decoded
 * it); null when that is not this build's file.
 * @param {Response} jumeau
 * @param {string} fichier
 */
async function degzipper(jumeau, fichier) {
  try {
    const octets = new Uint8Array(await jumeau.arrayBuffer())
    const gzip = octets[0] === 0x1f && octets[1] === 0x8b
    const flux = new Blob([octets]).stream()
    const degzip = /** @type {ReadableWritablePair<Uint8Array, Uint8Array>} */ (new DecompressionStream("gzip"))
    const clair = await new Response(gzip ? flux.pipeThrough(degzip) : flux).arrayBuffer()
    if ((await empreinte(new Response(clair))) !== EMPREINTES[fichier]) return null
    return new Response(clair, { headers: { "Content-Type": DEGZIPPES[fichier] } })
  } catch {
    return null // a truncated or broken twin
  }
}

/**
 * ``fichier`` as it is, gunzipped from the twin the engine downloaded, else from the network's.
 * @param {Cache | null} reserve
 * @param {string} fichier
 */
async function enClair(reserve, fichier) {
  const adresse = new URL(`${fichier}.gz`, RACINE).href
  const garde = await reserve?.match(adresse, { ignoreVary: true })
  const duMoteur = garde ? await degzipper(garde, fichier) : null
  if (duMoteur) return duMoteur
  const reponse = await fetch(adresse, { cache: "no-cache" })
  const clair = reponse.ok ? await degzipper(reponse, fichier) : null
  if (!clair) throw new Error(`fichier illisible : ${fichier}.gz`)
  return clair
}

async function garderLeSite() {
  const cache = await caches.open(CACHE)
  const reserve = (await caches.has(RESERVE)) ? await caches.open(RESERVE) : null
  /** @type {Request[]} */
  const manquants = []
  await Promise.all(
    FICHIERS.map(async entree => {
      const alternatives = Array.isArray(entree) ? entree : [entree]
      for (const fichier of alternatives) {
        const reponse = await dejaTelecharge(reserve, fichier)
        if (reponse) return cache.put(new URL(fichier, RACINE).href, reponse)
      }
      if (DEGZIPPES[alternatives[0]]) {
        return cache.put(new URL(alternatives[0], RACINE).href, await enClair(reserve, alternatives[0]))
      }
      manquants.push(new Request(new URL(alternatives[0], RACINE), { cache: "no-cache" }))
    }),
  )
  await cache.addAll(manquants)
  await caches.delete(RESERVE)
}

travail.addEventListener("install", evenement => {
  evenement.waitUntil(routerLesRessources(evenement))
  // The first copy takes over at once; a new build waits until the reader reloads (« Nouvelle version
  // disponible — recharger »), so that no open page is ever served a mix of two builds.
  evenement.waitUntil(garderLeSite().then(() => (travail.registration.active ? undefined : travail.skipWaiting())))
})

travail.addEventListener("activate", evenement => {
  evenement.waitUntil(
    (async () => {
      for (const nom of await caches.keys()) {
        if (nom.startsWith("regles-") && nom !== CACHE) await caches.delete(nom)
      }
      // Pages go to the network first: the browser starts that request while this worker boots.
      await travail.registration.navigationPreload?.enable()
      await travail.clients.claim()
      await signaler({ type: "hors-ligne-pret", version: VERSION, fichiers: FICHIERS.length })
    })(),
  )
})

travail.addEventListener("message", evenement => {
  if (evenement.data?.type === "activer") travail.skipWaiting()
})

/** @param {object} message */
async function signaler(message) {
  for (const client of await travail.clients.matchAll({ includeUncontrolled: true })) client.postMessage(message)
}

/** @param {RequestInfo | URL} requete */
async function depuisLeCache(requete) {
  const cache = await caches.open(CACHE)
  return (await cache.match(requete, { ignoreSearch: true })) ?? null
}

/** Pages: the network first (so a reader online sees the latest build), the cache offline. */
/**
 * @param {Request} requete
 * @param {Promise<Response | undefined>} prechargement
 */
async function page(requete, prechargement) {
  try {
    return (await prechargement) ?? (await fetch(requete))
  } catch {
    const gardee = (await depuisLeCache(requete)) ?? (await depuisLeCache(new URL("404.html", RACINE)))
    await signaler({ type: "hors-ligne" })
    return gardee ?? Response.error()
  }
}

/** Assets: versioned with the build, so the cache first. */
/** @param {Request} requete */
async function ressource(requete) {
  const gardee = await depuisLeCache(requete)
  if (gardee) return gardee
  try {
    return await fetch(requete)
  } catch (erreur) {
    await signaler({ type: "hors-ligne" })
    throw erreur
  }
}

/** HEAD (the engine checks its wasm exists): answered from the cache when possible. */
/** @param {Request} requete */
async function entete(requete) {
  const gardee = await depuisLeCache(new Request(requete.url))
  if (gardee) return new Response(null, { status: gardee.status, headers: gardee.headers })
  return fetch(requete)
}

travail.addEventListener("fetch", evenement => {
  const requete = evenement.request
  const adresse = new URL(requete.url)
  // The pages' probe of the network (hors-ligne.js): straight to it, never answered from a cache.
  if (adresse.origin !== travail.location.origin || adresse.searchParams.has("sonde")) return
  if (requete.method === "HEAD") evenement.respondWith(entete(requete))
  else if (requete.method !== "GET") return
  else if (requete.mode === "navigate" || (requete.headers.get("accept") ?? "").includes("text/html")) {
    evenement.respondWith(page(requete, evenement.preloadResponse))
  } else evenement.respondWith(ressource(requete))
})
