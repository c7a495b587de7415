// The engine's snapshot restore (site_plugins/moteur/assets/restauration.mjs), outside any worker: the
// manifest's vouching, and the restore in place on a fake Pyodide memory, byte for byte.
import assert from "node:assert/strict"
import test from "node:test"

import { compatible, effacer, restaurerEnPlace } from "../../site_plugins/moteur/assets/restauration.mjs"

const MANIFESTE = {
  pyodide: "314.0.7",
  empreinte: "abc123",
  instantane: { fichier: "instantane.bin.gz", pyodide: "314.0.7", roue: "abc123", taille: 31457424 },
}

test("le manifeste se porte garant de l’instantané de la même version de Pyodide et de la même roue", () => {
  assert.equal(compatible(MANIFESTE), true)
  assert.equal(compatible({ ...MANIFESTE, pyodide: "314.0.6" }), false)
  assert.equal(compatible({ ...MANIFESTE, empreinte: "autre" }), false)
  assert.equal(compatible({ ...MANIFESTE, instantane: { ...MANIFESTE.instantane, fichier: "autre.bin.gz" } }), false)
  assert.equal(compatible({ ...MANIFESTE, instantane: { ...MANIFESTE.instantane, taille: 0 } }), false)
  assert.equal(compatible({ ...MANIFESTE, instantane: { ...MANIFESTE.instantane, taille: 1.5 } }), false)
  assert.equal(compatible({ pyodide: "314.0.7", empreinte: "abc123" }), false)
})

const ENTETE = 16
const TAILLE = 16384 // the fake memory: four pages of 4 KB

/**
 * An image (header, then memory) whose memory holds bytes at ``pleins`` ([start, length] in memory), the
 * segments that cover them (the first one holding the header), and the segments' bytes end to end.
 * @param {[number, number][]} pleins
 */
function image(pleins) {
  const complete = new Uint8Array(ENTETE + TAILLE)
  new DataView(complete.buffer).setUint32(4, ENTETE, true)
  complete.set([0x50, 0x59, 0x53, 0x4e], 0) // the header's own first bytes
  complete.fill(7, 8, ENTETE)
  for (const [debut, longueur] of pleins) {
    for (let i = 0; i < longueur; i++) complete[ENTETE + debut + i] = ((debut + i) % 251) + 1
  }
  /** @type {[number, number][]} */
  const segments = pleins.map(([debut, longueur]) => [ENTETE + debut, longueur])
  segments[0] = [0, ENTETE + pleins[0][0] + pleins[0][1]]
  const donnees = new Uint8Array(segments.reduce((somme, [, longueur]) => somme + longueur, 0))
  let position = 0
  for (const [debut, longueur] of segments) {
    donnees.set(complete.subarray(debut, debut + longueur), position)
    position += longueur
  }
  return { complete, segments, donnees }
}

/**
 * A fresh Pyodide memory written below its break ``ecrite`` (0xAB), zero above it.
 * @param {number} ecrite
 */
function memoireFraiche(ecrite) {
  const HEAP8 = new Uint8Array(TAILLE)
  HEAP8.fill(0xab, 0, ecrite)
  return { HEAP8, _sbrk: () => ecrite }
}

test("la restauration en place laisse la mémoire exactement comme l’image entière", () => {
  const { complete, segments, donnees } = image([
    [0, 200],
    [5000, 4],
    [9000, 3000],
  ])
  const Module = memoireFraiche(10_000)
  /** @type {number[]} */
  const entetes = []
  const metadonnees = restaurerEnPlace(Module, { segments, donnees }, entete => {
    entetes.push(entete.length, entete[0])
    return { version: 1 }
  })
  assert.deepEqual(metadonnees, { version: 1 })
  assert.deepEqual(entetes, [ENTETE, 0x50])
  assert.deepEqual(Module.HEAP8, complete.subarray(ENTETE))
})

test("au-dessus de la limite écrite, la mémoire neuve n’est pas touchée", () => {
  const { segments, donnees } = image([[0, 32]])
  const Module = memoireFraiche(4096)
  Module.HEAP8[12_000] = 9 // above the break: a fresh memory is zero there, so it is never written
  restaurerEnPlace(Module, { segments, donnees }, () => null)
  assert.equal(Module.HEAP8[31], 32)
  assert.equal(Module.HEAP8[32], 0)
  assert.equal(Module.HEAP8[4095], 0)
  assert.equal(Module.HEAP8[12_000], 9)
})

test("un instantané sans entête lisible est refusé avant d’écrire la mémoire", () => {
  const { segments, donnees } = image([[0, 32]])
  const Module = memoireFraiche(100)
  const refuse = /** @param {[number, number][]} segs @param {Uint8Array} octets */ (segs, octets) =>
    assert.throws(() => restaurerEnPlace(Module, { segments: segs, donnees: octets }, () => null), {
      message: "instantané illisible",
    })
  refuse([], donnees)
  refuse([[4, 40]], donnees)
  refuse([[0, 8]], donnees)
  const entetePlusLongue = donnees.slice()
  new DataView(entetePlusLongue.buffer).setUint32(4, 4096, true)
  refuse(segments, entetePlusLongue)
  assert.equal(Module.HEAP8[0], 0xab)
})

test("effacer ne met à zéro que la plage demandée, page par page", () => {
  const memoire = new Uint8Array(3 * 4096 + 8).fill(1)
  effacer(memoire, 3, 3 * 4096 + 5)
  assert.deepEqual([...memoire.subarray(0, 3)], [1, 1, 1])
  assert.equal(memoire.subarray(3, 3 * 4096 + 5).every(octet => octet === 0), true)
  assert.deepEqual([...memoire.subarray(3 * 4096 + 5)], [1, 1, 1])
  const courte = new Uint8Array(8).fill(2)
  effacer(courte, 1, 3)
  assert.deepEqual([...courte], [2, 0, 0, 2, 2, 2, 2, 2])
})
