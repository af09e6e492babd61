/**
 * French texts of the public pages other than the landing page (terms, privacy, legal notice,
 * waitlist): they load with those pages, not with the landing page (i18n/index.ts). Spread into
 * ../fr.ts.
 */
export const publicFr = {
  terms: {
    title: 'Conditions d’utilisation',
    updated: 'Dernière mise à jour : 1er janvier 2025',
    intro:
      'Ces conditions encadrent l’utilisation de Gamelle. En créant un compte, vous les acceptez. Ce texte est un modèle provisoire.',
    sections: {
      service: {
        title: 'Le service',
        body: 'Gamelle génère des recettes et des meal preps à partir des aliments que vous choisissez et de vos objectifs nutritionnels. Les informations fournies ne remplacent pas l’avis d’un professionnel de santé.',
      },
      account: {
        title: 'Votre compte',
        body: 'Vous êtes responsable de l’exactitude des informations de votre compte et de la confidentialité de vos identifiants. Utilisez une adresse e-mail réelle : sans elle, votre compte ne peut pas être récupéré.',
      },
      tokens: {
        title: 'Jetons et paiements',
        body: 'Les jetons s’achètent par packs et servent à générer des recettes ou à calculer vos besoins. Ils n’expirent pas et ne sont pas remboursables une fois utilisés. Une génération qui échoue est remboursée automatiquement.',
      },
      liability: {
        title: 'Responsabilité',
        body: 'Les valeurs nutritionnelles et les prix sont des estimations. Vérifiez toujours les allergènes et les étiquettes des produits que vous achetez.',
      },
      changes: {
        title: 'Modifications',
        body: 'Nous pouvons faire évoluer ces conditions. Nous vous préviendrons par e-mail de tout changement important.',
      },
    },
  },
  privacy: {
    title: 'Politique de confidentialité',
    updated: 'Dernière mise à jour : 1er janvier 2025',
    intro:
      'Nous collectons le minimum de données nécessaire au fonctionnement de Gamelle, et nous ne les vendons jamais. Ce texte est un modèle provisoire.',
    sections: {
      data: {
        title: 'Données collectées',
        body: 'Votre adresse e-mail, votre nom, vos préférences alimentaires, vos réponses au questionnaire nutritionnel et l’historique de vos jetons.',
      },
      use: {
        title: 'Utilisation',
        body: 'Ces données servent à générer vos recettes, calculer vos besoins, gérer vos achats et vous envoyer les e-mails liés à votre compte.',
      },
      payments: {
        title: 'Paiements',
        body: 'Les paiements sont traités par notre prestataire de paiement. Nous ne voyons ni ne stockons jamais vos numéros de carte.',
      },
      cookies: {
        title: 'Cookies',
        body: 'Nous utilisons uniquement des cookies nécessaires : session, protection contre la falsification de requêtes et mémorisation de votre langue.',
      },
      rights: {
        title: 'Vos droits',
        body: 'Vous pouvez consulter, corriger ou supprimer vos données à tout moment depuis votre compte ou en nous écrivant. La suppression efface votre identité ; l’historique comptable est conservé de façon anonyme.',
      },
    },
  },
  waitlist: {
    title: 'Installer l’application',
    eyebrow: 'Sur Android, iPhone et ordinateur',
    heading: 'Gamelle sur votre écran d’accueil',
    subheading:
      'Installez Gamelle depuis votre navigateur : vos meal preps, vos recettes, le plan de cuisine et la dernière liste de courses s’ouvrent même sans réseau, au supermarché ou en cuisine.',
    points: {
      offline: 'Liste de courses et recettes disponibles hors ligne',
      timer: 'Mode cuisine : une étape à la fois, minuteurs, écran allumé',
      sync: 'Les articles cochés hors ligne se synchronisent au retour du réseau',
    },
    install: 'Installer Gamelle',
    installed: 'Gamelle est installée sur cet appareil.',
    stepsTitle: 'Comment l’installer',
    platforms: {
      android: {
        name: 'Android (Chrome)',
        steps: { s1: 'Ouvrez Gamelle dans Chrome.', s2: 'Touchez le menu ⋮ en haut à droite.', s3: 'Choisissez « Installer l’application » (ou « Ajouter à l’écran d’accueil »).' },
      },
      ios: {
        name: 'iPhone et iPad (Safari)',
        steps: { s1: 'Ouvrez Gamelle dans Safari.', s2: 'Touchez le bouton Partager (le carré avec une flèche).', s3: 'Choisissez « Sur l’écran d’accueil », puis « Ajouter ».' },
      },
      desktop: {
        name: 'Ordinateur (Chrome, Edge)',
        steps: { s1: 'Ouvrez Gamelle dans Chrome ou Edge.', s2: 'Cliquez sur l’icône d’installation à droite de la barre d’adresse.', s3: 'Confirmez avec « Installer ».' },
      },
    },
    nativeTitle: 'Applications natives iOS et Android',
    nativeText: 'Des applications pour l’App Store et Google Play sont en préparation. Laissez votre adresse pour être prévenu de leur lancement.',
    emailLabel: 'Adresse e-mail',
    emailPlaceholder: 'vous@exemple.fr',
    submit: 'Me prévenir',
    submitting: 'Envoi…',
    privacyNote: 'Un seul e-mail, au lancement. Pas de spam.',
  },
  legal: {
    title: 'Mentions légales',
    publisher: 'Éditeur',
    address: 'Adresse',
    director: 'Directeur de la publication',
    host: 'Hébergeur',
    contact: 'Nous écrire',
  },
} as const
