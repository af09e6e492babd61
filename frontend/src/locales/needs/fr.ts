/** Textes français de l’explication des besoins écrite sans IA (questionnaire). Fusionnés dans ../fr.ts. */
export const needsGuideFr = {
  needsGuide: {
    title: 'Ce que disent ces chiffres',
    note: 'Explication écrite à partir de vos chiffres, sans IA. Elle ne remplace pas un avis médical.',
    activity: 'Activité\u202f: «\u202f{{level}}\u202f» ajoute {{activityKcal}} kcal par jour aux {{bmr}} kcal que votre corps dépense au repos, pour bouger, travailler et faire du sport.',
    objective: {
      weight_loss: 'Objectif\u202f: {{kcal}} kcal par jour, {{balance}} kcal de moins que ce que vous dépensez (−20\u202f%)\u202f; votre corps puise la différence dans ses réserves.',
      muscle_gain: 'Objectif\u202f: {{kcal}} kcal par jour, {{balance}} kcal de plus que ce que vous dépensez (+10\u202f%), de quoi construire du muscle sans trop stocker de gras.',
      recomposition: 'Objectif\u202f: {{kcal}} kcal par jour, un léger déficit de {{balance}} kcal (−10\u202f%) pour perdre du gras, avec beaucoup de protéines pour garder le muscle.',
      maintenance: 'Objectif\u202f: {{kcal}} kcal par jour, autant que ce que vous dépensez\u202f: votre poids doit rester stable.',
    },
    split: 'Répartition {{protein}}/{{fat}}/{{carbs}}\u202f: {{proteinKcal}} kcal de protéines ({{proteinG}} g), {{fatKcal}} kcal de lipides ({{fatG}} g) et {{carbsKcal}} kcal de glucides ({{carbsG}} g).',
    protein: {
      above: 'Protéines\u202f: {{proteinG}} g, soit {{perKg}} g par {{unit}} de poids. Le repère pour un adulte est de {{floorPerKg}} g par {{unit}}, {{floorG}} g pour {{weight}} {{unit}}\u202f: vous êtes au-dessus.',
      below: 'Protéines\u202f: {{proteinG}} g, soit {{perKg}} g par {{unit}} de poids, sous le repère pour un adulte de {{floorPerKg}} g par {{unit}} ({{floorG}} g pour {{weight}} {{unit}})\u202f: une répartition plus riche en protéines l’atteindrait.',
      raised: 'Protéines\u202f: la recomposition demande au moins {{floorPerKg}} g par {{unit}}, {{floorG}} g pour {{weight}} {{unit}}. La répartition en donnait moins\u202f: les protéines sont relevées à {{proteinG}} g et les lipides et glucides baissent d’autant.',
      recomposition: 'Protéines\u202f: {{proteinG}} g, soit {{perKg}} g par {{unit}}\u202f; la recomposition demande au moins {{floorPerKg}} g par {{unit}} ({{floorG}} g pour {{weight}} {{unit}}), que la répartition dépasse déjà.',
    },
    weekly: {
      loss: 'Estimation\u202f: environ {{kg}} {{unit}} de moins par semaine ({{balance}} kcal × 7 jours ÷ {{kcalPerKg}} kcal par {{unit}}). La balance varie davantage les premières semaines, avec l’eau.',
      gain: 'Estimation\u202f: environ {{kg}} {{unit}} de plus par semaine ({{balance}} kcal × 7 jours ÷ {{kcalPerKg}} kcal par {{unit}}), du muscle et un peu de gras.',
      stable: 'Estimation\u202f: un poids stable, puisque vous mangez ce que vous dépensez.',
    },
    review: 'À revoir\u202f: refaites le questionnaire dans {{weeks}} semaines (le {{date}}) ou dès que votre poids a changé de {{kg}} {{unit}}, et chaque fois que votre activité change.',
    pace_one: 'À ce rythme, {{kg}} {{unit}} prennent environ {{count}} semaine.',
    pace_other: 'À ce rythme, {{kg}} {{unit}} prennent environ {{count}} semaines.',
  },
} as const
