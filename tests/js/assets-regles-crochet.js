// The resolution hook of assets-regles.js: "./x.js" from a plugin's browser modules, when x.js is not
// beside the importer, is the x.js another plugin ships into assets/regles/.
import { existsSync, readdirSync } from "node:fs"
import { fileURLToPath, pathToFileURL } from "node:url"
import path from "node:path"

const PLUGINS = fileURLToPath(new URL("../../site_plugins/", import.meta.url))
/** The folders whose modules the site serves from assets/regles/. */
const DOSSIERS = readdirSync(PLUGINS, { withFileTypes: true })
  .filter(entree => entree.isDirectory())
  .flatMap(entree => [path.join(PLUGINS, entree.name, "assets"), path.join(PLUGINS, entree.name)])
  .filter(dossier => existsSync(dossier))

/**
 * @param {string} specifier
 * @param {{parentURL?: string}} context
 * @param {(specifier: string, context: object) => Promise<{url: string}>} suivant
 */
export async function resolve(specifier, context, suivant) {
  const parent = context.parentURL?.startsWith("file:") ? fileURLToPath(context.parentURL) : ""
  if (specifier.startsWith("./") && parent.startsWith(PLUGINS) && !existsSync(path.resolve(path.dirname(parent), specifier))) {
    for (const dossier of DOSSIERS) {
      const chemin = path.join(dossier, specifier)
      if (existsSync(chemin)) return { url: pathToFileURL(chemin).href, shortCircuit: true }
    }
  }
  return suivant(specifier, context)
}
