// The site serves every plugin's browser modules from one folder, assets/regles/, and a module there
// imports its neighbours as "./x.js" whichever plugin ships them. Node sees the same folder: a relative
// import from one plugin's modules that is not beside it is looked up among the other plugins' modules
// (`node --import ./tests/js/assets-regles.js --test tests/js/`; tsconfig.json says it with rootDirs).
import { register } from "node:module"

register("./assets-regles-crochet.js", import.meta.url)
