// Helper worker of the engine's worker: downloads and gunzips the memory snapshot
// on its own thread, so that the engine's thread meanwhile runs Pyodide's
// JavaScript. Answers one message {url} with {octets} (transferred) or {erreur}.

async function decompresser(url) {
  let reponse
  try {
    reponse = await fetch(url)
  } catch {
    throw new Error("instantané inaccessible")
  }
  if (!reponse.ok) throw new Error(`instantané inaccessible (HTTP ${reponse.status})`)
  const morceaux = []
  let taille = 0
  const lecteur = reponse.body.pipeThrough(new DecompressionStream("gzip")).getReader()
  for (;;) {
    const { done, value } = await lecteur.read()
    if (done) break
    morceaux.push(value)
    taille += value.length
  }
  const octets = new Uint8Array(taille)
  let position = 0
  for (const morceau of morceaux) {
    octets.set(morceau, position)
    position += morceau.length
  }
  return octets
}

self.onmessage = async ({ data }) => {
  try {
    const octets = await decompresser(String(data?.url))
    postMessage({ octets }, [octets.buffer])
  } catch (erreur) {
    postMessage({ erreur: String(erreur?.message ?? erreur) })
  }
}
