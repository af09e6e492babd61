/**
 * French texts of the onboarding stepper and the social sign-in buttons. Kept apart from
 * ../fr.ts so this area can grow without touching the main catalogue; spread into it there.
 */
export const onboardingFr = {
  onboarding: {
    title: 'Bien démarrer',
    heading: 'Créez votre compte en quatre étapes',
    progress: 'Étapes de l’inscription',
    stepOf: 'Étape {{current}} sur {{total}}',
    current: 'étape en cours',
    done: 'étape terminée',
    back: 'Retour',
    next: 'Continuer',
    sending: 'Envoi…',
    steps: {
      email: 'Votre e-mail',
      preferences: 'Vos préférences',
      account: 'Votre compte',
      features: 'Tout est prêt',
    },
    email: {
      heading: 'Commençons par votre adresse e-mail',
      intro: 'Elle servira à vous connecter et à recevoir vos recettes. Pas de mot de passe à retenir.',
      label: 'Adresse e-mail',
      placeholder: 'vous@exemple.fr',
    },
    preferences: {
      heading: 'Vos préférences nutritionnelles',
      intro: 'Gratuit : ces réglages suffisent pour vos premières recettes. Le questionnaire détaillé sur vos besoins viendra plus tard.',
      diet: {
        legend: 'Régime alimentaire',
        omnivore: 'Omnivore',
        vegetarian: 'Végétarien',
        vegan: 'Végan',
      },
      objective: {
        legend: 'Objectif',
        weight_loss: 'Perte de poids',
        muscle_gain: 'Prise de muscle',
        recomposition: 'Prise de muscle et perte de poids',
        maintenance: 'Maintien',
      },
      preset: {
        legend: 'Répartition des macronutriments',
        default: 'Standard',
        high_protein: 'Riche en protéines',
        high_carbs: 'Riche en glucides',
        low_carbs: 'Pauvre en glucides',
        balanced: 'Équilibrée',
        split: 'Protéines {{protein}} % · Lipides {{fat}} % · Glucides {{carbs}} %',
      },
    },
    account: {
      heading: 'Vérifiez et créez votre compte',
      intro: 'Voici ce que vous avez choisi. Vous pourrez tout modifier plus tard dans vos réglages.',
      email: 'E-mail',
      diet: 'Régime',
      objective: 'Objectif',
      preset: 'Macros',
      edit: 'Modifier',
      noticeTitle: 'Une adresse réelle, sinon rien',
      notice:
        'Nous allons vous envoyer un lien de vérification. Utilisez une adresse que vous consultez vraiment : sans elle, votre compte ne pourra pas être récupéré.',
      submit: 'Créer mon compte',
    },
    features: {
      heading: 'Accès à toutes les fonctionnalités',
      intro: 'Nous avons envoyé un lien de vérification à {{email}}. Ouvrez-le pour activer votre compte et recevoir vos 2 jetons gratuits.',
      list: {
        recipes: 'Des recettes calculées au gramme près pour vos macros',
        mealprep: 'Des meal preps complets pour la semaine',
        shopping: 'La liste de courses exportée en un clic',
      },
      promo: {
        title: 'Cadeau de bienvenue',
        body: '30 % de réduction sur votre première commande de jetons.',
        codeLabel: 'Votre code',
        copy: 'Copier le code',
        copied: 'Code copié',
      },
      login: 'Se connecter avec un code',
      home: 'Retour à l’accueil',
    },
  },
  social: {
    heading: 'Ou continuez avec',
    google: 'Continuer avec Google',
    apple: 'Continuer avec Apple',
  },
} as const
