// The engine worker's link-speed policy: the page's measure of the link (in this worker's name), the
// worker's own measure (Pyodide's gzipped module as it arrived), and what they choose: the xz twins on a
// slow link, the files as they are from the offline copy when there is no measure.

const ASSETS = new URL("../", import.meta.url)

// Below this speed (bytes per second, as the page measured it: see the worker's name),
// the wasm comes in xz (and, on a plain start, the wheel and the reduced library): 0.9 MB
// fewer than gzip (0.8 s at 9 Mbit/s), decoded as fast as it arrives there, but 0.3-0.4 s
// slower to decode than gzip, a loss on a fast link.
// (The snapshot is downloaded from 2.7 MB/s up: a slow link is a plain start with xz.)
export const LIEN_LENT = 2_500_000
// The page's measure (bytes per second), read once from this worker's name; null without one.
const debitNomme = self.name.match(/;debit=(\d+)$/)
export const DEBIT_DE_LA_PAGE = debitNomme ? Number(debitNomme[1]) : null

/**
 * Whether this device holds the file ``chemin`` (relative to assets/): its offline copy.
 * @param {string} chemin
 * @returns {Promise<boolean>}
 */
export async function surLAppareil(chemin) {
  try {
    return Boolean(await caches.match(new URL(chemin, ASSETS).href, { ignoreVary: true }))
  } catch {
    return false
  }
}

/**
 * Whether to read Pyodide's file ``nom`` as it is: with no measure of the link (a page from the
 * offline copy or the browser's cache), when the offline copy holds it so (gunzipped there once).
 * @param {string} nom
 * @returns {Promise<boolean>}
 */
export async function telQuel(nom) {
  return DEBIT_DE_LA_PAGE === null && surLAppareil(`pyodide/${nom}`)
}

/**
 * Whether to fetch the xz twin ``chemin`` (relative to assets/): below ``LIEN_LENT``; with
 * no measure (a page from the browser's cache or the offline copy), if this device holds it.
 * @param {string} chemin
 * @returns {Promise<boolean>}
 */
export async function enXz(chemin) {
  return DEBIT_DE_LA_PAGE !== null ? DEBIT_DE_LA_PAGE < LIEN_LENT : surLAppareil(chemin)
}

// The link's speed as this worker saw it (bytes per second, while the wasm downloads
// too): the gzipped module's bytes over the time they took to arrive; null if unknown.
/** @type {number | null} */
let debit = null

/**
 * The link's speed (bytes per second): the best of the page's measure and this worker's (one slow
 * sample, a cold server, must not hide a fast link); null if neither is known.
 * @returns {number | null}
 */
export function vitesseDuLien() {
  const mesures = [DEBIT_DE_LA_PAGE, debit].filter(Number.isFinite)
  return mesures.length ? Math.max(.../** @type {number[]} */ (mesures)) : null
}

/**
 * Keep this worker's measure: bytes per second of the download of ``adresse`` (``octets`` long), from
 * its resource timing entry (unknown without one).
 * @param {string} adresse
 * @param {number} octets
 */
export function mesurerLeDebit(adresse, octets) {
  const entree = /** @type {PerformanceResourceTiming | undefined} */ (performance.getEntriesByName(adresse, "resource").at(-1))
  debit = !entree || !(entree.responseStart > 0)
    ? null
    : octets / (Math.max(entree.responseEnd - entree.responseStart, 1) / 1000)
}
