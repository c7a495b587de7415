// Mount every [data-widget] of the page: show its form, send its actions to the
// rules engine, render the answer. Re-mounted on Material's document$ so that
// instant navigation keeps the engine's worker alive between pages.
import { appeler, demarrer, etatMoteur, redemarrer, surEtat } from "./moteur.js"
import { rendre } from "./rendu.js"

const MESSAGES = {
  chargement: "Chargement du moteur de règles…",
  attente: "Calcul en attente du moteur de règles…",
  echec: "Le moteur de règles n'a pas pu se charger. Les tableaux ci-dessus restent valables.",
}

const widgets = new Set()

function lireFormulaire(formulaire) {
  const args = {}
  for (const champ of formulaire.elements) {
    if (!champ.name) continue
    args[champ.name] = champ.type === "checkbox" ? champ.checked : champ.value
  }
  return args
}

function afficherEtat(racine) {
  const { etat, detail } = etatMoteur()
  const zone = racine.querySelector(".regles-widget__etat")
  if (etat === "echec") {
    racine.dataset.state = "error"
    zone.replaceChildren(document.createTextNode(`${MESSAGES.echec} (${detail})`))
    const bouton = document.createElement("button")
    bouton.type = "button"
    bouton.className = "md-button regles-reessayer"
    bouton.textContent = "Réessayer"
    bouton.addEventListener("click", () => redemarrer())
    zone.append(" ", bouton)
    zone.hidden = false
  } else if (etat === "pret") {
    racine.dataset.state = "ready"
    zone.hidden = true
    zone.textContent = ""
  } else {
    racine.dataset.state = "loading"
    zone.textContent = MESSAGES.chargement
    zone.hidden = false
  }
}

function effacerErreurs(racine) {
  for (const erreur of racine.querySelectorAll(".regles-champ__erreur")) {
    erreur.hidden = true
    erreur.textContent = ""
  }
  for (const champ of racine.querySelectorAll("[aria-invalid]")) champ.removeAttribute("aria-invalid")
}

function montrerErreur(racine, erreur) {
  const champ = erreur.champ && racine.querySelector(`.regles-champ[data-champ="${CSS.escape(erreur.champ)}"]`)
  if (champ) {
    const zone = champ.querySelector(".regles-champ__erreur")
    zone.textContent = erreur.message
    zone.hidden = false
    champ.querySelector("input, select")?.setAttribute("aria-invalid", "true")
  }
  const resultat = racine.querySelector(".regles-widget__resultat")
  rendre(resultat, [{ type: "texte", texte: erreur.message, classe: "erreur" }])
}

async function executer(racine, op, args) {
  const resultat = racine.querySelector(".regles-widget__resultat")
  if (etatMoteur().etat !== "pret") {
    rendre(resultat, [{ type: "texte", texte: MESSAGES.attente, classe: "note" }])
  }
  racine.setAttribute("aria-busy", "true")
  try {
    const etat = racine.regles?.etat
    const reponse = await appeler(op, etat === undefined ? args : { ...args, etat })
    effacerErreurs(racine)
    if (reponse?.ok) {
      const { affichage, ...donnees } = reponse.resultat
      rendre(resultat, affichage)
      resultat.dataset.result = JSON.stringify(donnees)
      racine.dataset.resultat = ""
      if ("etat" in donnees) racine.regles.etat = donnees.etat
      racine.dispatchEvent(new CustomEvent("regles:resultat", { bubbles: true, detail: { op, args, resultat: donnees } }))
    } else {
      montrerErreur(racine, reponse?.erreur ?? { message: "Réponse illisible du moteur de règles." })
    }
  } catch (erreur) {
    rendre(resultat, [{ type: "texte", texte: `${MESSAGES.echec} (${erreur.message})`, classe: "erreur" }])
  } finally {
    racine.removeAttribute("aria-busy")
    racine.dataset.reponses = String(Number(racine.dataset.reponses ?? 0) + 1)
  }
}

function monter(racine) {
  if (racine.regles) return
  racine.regles = {}
  const formulaire = racine.querySelector(".regles-widget__formulaire")
  formulaire.hidden = false
  formulaire.addEventListener("submit", evenement => {
    evenement.preventDefault()
    const bouton = evenement.submitter ?? formulaire.querySelector("button[data-op]")
    executer(racine, bouton.dataset.op, lireFormulaire(formulaire))
  })
  racine.addEventListener("click", evenement => {
    const bouton = evenement.target.closest("button[data-action]")
    if (!bouton || !racine.contains(bouton)) return
    const { op, args } = JSON.parse(bouton.dataset.action)
    executer(racine, op, { ...lireFormulaire(formulaire), ...args })
  })
  widgets.add(racine)
  afficherEtat(racine)
}

function monterTout() {
  for (const racine of widgets) if (!racine.isConnected) widgets.delete(racine)
  const racines = document.querySelectorAll("[data-widget]")
  if (!racines.length) return
  racines.forEach(monter)
  demarrer()
}

surEtat(() => {
  for (const racine of widgets) afficherEtat(racine)
})

if (window.document$) window.document$.subscribe(() => monterTout())
else if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", monterTout)
else monterTout()
