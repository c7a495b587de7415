// The engine's early start, inline first in <head> of every page with widgets (the moteur plugin writes
// it there without these comment lines, the worker's address in place of __TRAVAILLEUR__).
//
// The text first: the worker starts once the page has painted (a frame, then a task) and its document
// has come whole (the first paint, which waits for no stylesheet, may come before: the document is then
// the download its measure needs, and the worker does not compete with it), or earlier if moteur.js
// asks for it (``lancer``). Its name carries the link's speed as the page saw it
// (``moteur-de-regles;debit=<bytes per second>``): the best rate among the page's own downloads of
// 32 KB or more that came through the network (not from a cache nor a service worker), counting the
// bytes after the first 16 KB (which may come in one burst) over the time from the first byte to the
// last; the worker takes the xz wasm below 2.5 MB/s (vitesse.mjs). moteur.js adopts the worker (or
// names the ones it starts itself with ``nom``).
(() => {
  /** @type {MoteurPrecoce & {evenements: Array<MessageEvent | ErrorEvent>, travailleur: Worker | null}} */
  const m = { evenements: [], travailleur: null }
  m.nom = () => {
    let debit = 0
    const entrees = [...performance.getEntriesByType("navigation"), ...performance.getEntriesByType("resource")]
    for (const e of /** @type {PerformanceResourceTiming[]} */ (entrees)) {
      if (e.transferSize >= 32768 && !(e.workerStart > 0) && e.responseEnd >= e.responseStart && e.responseStart > 0)
        debit = Math.max(debit, ((e.transferSize - 16384) * 1000) / Math.max(e.responseEnd - e.responseStart, 1))
    }
    return "moteur-de-regles" + (debit ? ";debit=" + Math.round(debit) : "")
  }
  m.lancer = () => {
    if (!m.travailleur) {
      const travailleur = new Worker(__TRAVAILLEUR__, { type: "module", name: m.nom?.() })
      /** @param {MessageEvent | ErrorEvent} v */
      const garder = v => {
        m.evenements.push(v)
      }
      travailleur.onmessage = garder
      travailleur.onerror = garder
      m.travailleur = travailleur
    }
    return m.travailleur
  }
  ;(window.regles = window.regles || {}).moteur = m
  requestAnimationFrame(() => {
    const lancer = () => {
      setTimeout(() => {
        try {
          m.lancer?.()
        } catch {
          // moteur.js starts one
        }
      })
    }
    if (document.readyState !== "loading") lancer()
    else document.addEventListener("readystatechange", lancer, { once: true })
  })
})()
