// Dice in the text: each <span class="regles-des"> becomes a button that rolls its
// expression through the rules engine; the result appears beside it with its odds
// and goes into the roll log. Widget rolls go into the log too.
import { surChaquePage } from "./demarrage.js"
import { appeler } from "./moteur.js"
import { monterJournal, noter } from "./journal.js"

const POURCENT = new Intl.NumberFormat("fr-FR", { style: "percent", maximumFractionDigits: 2 })

/** An exact probability "a/b" of the answer's JSON as a French percentage ("" when absent). */
function enPourcentage(fraction) {
  const [numerateur, denominateur] = String(fraction ?? "").split("/").map(Number)
  return denominateur ? POURCENT.format(numerateur / denominateur) : ""
}

function resume(resultat) {
  const principal = (resultat.affichage ?? []).find(bloc => bloc.type === "texte")
  return principal ? principal.texte : ""
}

async function lancer(bouton) {
  const expression = bouton.dataset.des
  let sortie = bouton.nextElementSibling
  if (!sortie?.classList.contains("regles-des__resultat")) {
    sortie = document.createElement("span")
    sortie.className = "regles-des__resultat"
    sortie.setAttribute("role", "status")
    bouton.after(sortie)
  }
  sortie.textContent = " … "
  bouton.setAttribute("aria-busy", "true")
  try {
    const reponse = await appeler("des.lancer", { expression })
    if (!reponse.ok) {
      sortie.textContent = ` ${reponse.erreur.message}`
      return
    }
    const { total, probabilite_total: p } = reponse.resultat
    const chance = enPourcentage(p)
    sortie.textContent = ` → ${total}${chance ? ` (chance\u00a0: ${chance})` : ""} `
    sortie.dataset.result = JSON.stringify({ expression, total, des: reponse.resultat.des, probabilite_total: p ?? null })
    noter({ titre: expression, texte: resume(reponse.resultat) })
  } catch (erreur) {
    sortie.textContent = ` Le moteur de règles n’a pas pu se charger (${erreur.message}). `
  } finally {
    bouton.removeAttribute("aria-busy")
  }
}

function monterDes() {
  for (const span of document.querySelectorAll("span.regles-des[data-des]")) {
    const bouton = document.createElement("button")
    bouton.type = "button"
    bouton.className = "regles-des"
    bouton.dataset.des = span.dataset.des
    bouton.textContent = span.textContent
    bouton.title = `Lancer ${span.dataset.des}`
    bouton.addEventListener("click", () => lancer(bouton))
    span.replaceWith(bouton)
  }
  monterJournal()
}

document.addEventListener("regles:resultat", evenement => {
  const { resultat } = evenement.detail ?? {}
  if (!resultat || !("rejouer" in resultat)) return
  const racine = evenement.target.closest?.("[data-widget]")
  const titre = racine?.querySelector(".regles-widget__titre")?.textContent ?? "Widget"
  const texte = racine?.querySelector(".regles-widget__resultat .regles-texte--resultat")?.textContent ?? ""
  noter({ titre, texte, lien: evenement.detail.lien ?? null })
})

surChaquePage(monterDes)
