// The core messages: every page's, bundled with the entry. Each area's messages live in
// locales/<area>/ and load with the first page that needs them (i18n/index.ts).
export const frCore = {
  common: {
    confirm: 'Confirmer',
    cancel: 'Annuler',
    confirmTitle: 'Confirmation',
    skipToContent: 'Aller au contenu',
    brandHome: '{{brand}}, accueil',
    close: 'Fermer',
    dismiss: 'Masquer le message',
    newTab: '(nouvel onglet)',
  },
  nav: {
    main: 'Navigation principale',
    dashboard: 'Navigation du tableau de bord',
    openMenu: 'Ouvrir le menu',
    closeMenu: 'Fermer le menu',
    features: 'Fonctionnalités',
    proof: 'En pratique',
    pricing: 'Tarifs',
    faq: 'FAQ',
    general: 'Général',
    household: 'Mon foyer',
    account: 'Compte',
    settings: 'Paramètres',
    products: 'Produits',
    admin: 'Administration',
    signIn: 'Se connecter',
    signOut: 'Se déconnecter',
    getStarted: 'Commencer gratuitement',
    dashboardLink: 'Mon espace',
    mobileApp: 'Installer l’application',
  },
  language: {
    label: 'Langue',
    fr: 'Français',
    en: 'English',
  },
  landing: {
    title: 'Meal prep sur mesure',
    hero: {
      eyebrow: 'Meal prep & macros, sans prise de tête',
      title: 'Vos aliments, vos macros, vos recettes de la semaine.',
      subtitle:
        'Choisissez ce que vous avez envie de manger : Gamelle compose des recettes et un meal prep complet, ajustés au gramme près à vos besoins en protéines, lipides et glucides.',
      ctaPrimary: 'Créer mon meal prep',
      ctaSecondary: 'Comment ça marche',
      note: '2 jetons offerts après vérification de votre e-mail. Sans carte bancaire.',
      statRecipes: 'recette générée par jeton',
      statPrecision: 'd’écart maximal sur vos macros',
      statMinutes: 'pour planifier la semaine',
      statMinutesValue: '15 min',
      preview: {
        label: 'Exemple de recette générée',
        title: 'Bowl poulet, patate douce et brocoli',
        meal: 'Déjeuner · 1 jeton',
        protein: 'Protéines',
        fat: 'Lipides',
        carbs: 'Glucides',
        grams: '{{value}} g',
        onTarget: 'Dans vos objectifs',
      },
    },
    features: {
      heading: 'Tout ce qu’il faut pour bien manger toute la semaine',
      subheading: 'Des recettes qui partent de votre frigo et arrivent pile sur vos objectifs.',
      recipes: {
        title: 'Recettes à partir de vos aliments',
        description:
          'Sélectionnez vos aliments préférés : Gamelle en tire des recettes simples, avec les quantités et les étapes.',
      },
      macros: {
        title: 'Ajustées à vos macros',
        description:
          'Chaque recette vise vos objectifs en protéines, lipides et glucides, et vous dit franchement l’écart quand il y en a un.',
      },
      mealprep: {
        title: 'Meal prep en un clic',
        description:
          'Regroupez vos recettes en un meal prep pour la semaine : petit-déjeuner, déjeuner, dîner et collations.',
      },
      shopping: {
        title: 'Liste de courses exportable',
        description:
          'Exportez la liste de courses pour le nombre de jours voulu, quantités additionnées et classées par rayon.',
      },
      needs: {
        title: 'Besoins nutritionnels calculés',
        description:
          'Répondez à un court questionnaire : poids, taille, activité, objectif. Nous calculons vos besoins journaliers.',
      },
      tokens: {
        title: 'Des jetons, pas d’abonnement',
        description:
          'Vous payez ce que vous utilisez : 1 jeton par recette générée, sans engagement ni renouvellement caché.',
      },
    },
    proof: {
      heading: 'Ce que fait Gamelle, mesuré',
      subheading: 'Pas de témoignages inventés : ce que l’application garantit, et une vraie assiette qu’elle a calculée.',
      tolerance: {
        title: 'À 5 % de vos macros',
        text: 'Chaque recette vise vos calories, protéines, lipides et glucides par portion, à 5 % près (3 g pour les petites quantités).',
      },
      refund: {
        title: 'Cible manquée, jeton rendu',
        text: 'Si une recette n’atteint pas la cible à 5 % près, le jeton dépensé est remboursé automatiquement.',
      },
      data: {
        title: 'Des valeurs publiques',
        text: 'Les aliments et leurs valeurs nutritionnelles viennent de la table Ciqual de l’Anses.',
      },
      example: {
        title: 'Une assiette calculée par Gamelle',
        name: 'Bol de riz, poulet poêlé et brocoli',
        serving: 'Par portion (la recette en fait 3)',
        chicken: 'filet de poulet sans peau, cru',
        rice: 'riz blanc, cru',
        broccoli: 'brocoli, cru',
        oil: 'huile d’olive vierge extra',
        target: 'Cible par portion : {{kcal}} kcal, {{protein}} g de protéines, {{fat}} g de lipides, {{carbs}} g de glucides, atteinte à 5 % près.',
      },
    },
    pricing: {
      heading: 'Des packs de jetons simples',
      subheading: '1 jeton = 1 recette générée. Le calcul de vos besoins nutritionnels coûte 10 jetons.',
      tokens_one: '{{count}} jeton',
      tokens_other: '{{count}} jetons',
      perToken: '{{price}} par jeton',
      perUnit: '{{value}} jetons pour {{unit}}',
      discount: '−{{percent}} % par rapport au plus petit pack',
      mostPopular: 'Le plus populaire',
      bestValue: 'Meilleur rapport qualité-prix',
      buy: 'Choisir ce pack',
      buyLabel: 'Choisir ce pack de {{count}} jetons',
      promo: 'Code BIENVENUE30 : −30 % sur votre première commande.',
      empty: 'Les packs de jetons seront bientôt disponibles.',
    },
    faq: {
      heading: 'Questions fréquentes',
      subheading: 'Vous ne trouvez pas votre réponse ? Écrivez-nous, nous répondons vite.',
      '1': {
        question: 'Comment Gamelle crée-t-il mes recettes ?',
        answer:
          'Vous choisissez les aliments de votre meal prep, puis Gamelle calcule les quantités qui s’approchent au mieux de vos objectifs de macros pour chaque repas, et rédige des étapes simples.',
      },
      '2': {
        question: 'Qu’est-ce qu’un jeton ?',
        answer:
          'Un jeton est l’unité de paiement de Gamelle. Générer une recette coûte 1 jeton ; calculer vos besoins nutritionnels en coûte 10.',
      },
      '3': {
        question: 'Est-ce que je peux essayer gratuitement ?',
        answer:
          'Oui. Vous recevez 2 jetons offerts dès que votre adresse e-mail est vérifiée, de quoi générer deux recettes.',
      },
      '4': {
        question: 'Mes macros sont-elles vraiment respectées ?',
        answer:
          'Nous visons un écart de 5 % au plus (ou 3 g) par repas. Quand vos aliments ne le permettent pas, la recette vous indique l’écart exact.',
      },
      '5': {
        question: 'Puis-je suivre un régime végétarien ou végan ?',
        answer:
          'Bien sûr. Indiquez votre régime dans vos préférences : les suggestions et les recettes s’y adaptent.',
      },
      '6': {
        question: 'Comment fonctionne la liste de courses ?',
        answer:
          'Depuis un meal prep, exportez la liste pour le nombre de jours voulu : les quantités de chaque aliment sont additionnées.',
      },
      '7': {
        question: 'Les prix affichés sont-ils exacts ?',
        answer:
          'Ce sont des estimations par aliment. Vous pouvez fixer un prix maximum par recette, que Gamelle ne dépassera pas.',
      },
      '8': {
        question: 'Les jetons expirent-ils ?',
        answer:
          'Non. Vos jetons restent sur votre compte tant que vous ne les utilisez pas. Il n’y a aucun abonnement.',
      },
      '9': {
        question: 'Que faites-vous de mes données ?',
        answer:
          'Nous n’utilisons vos données que pour faire fonctionner le service. Vous pouvez supprimer votre compte à tout moment ; tout est détaillé dans notre politique de confidentialité.',
      },
    },
    finalCta: {
      heading: 'Vos deux premières recettes sont offertes.',
      body: 'Créez un compte et confirmez votre e-mail\u202f: 2\u00a0jetons offerts, soit 2\u00a0recettes ajustées à vos macros, sans carte bancaire. Une semaine complète (4\u00a0recettes ou plus) et le calcul détaillé de vos besoins (10\u00a0jetons) demandent un pack de jetons.',
    },
  },
  footer: {
    tagline: 'Des recettes et des meal preps ajustés à vos macros, à partir des aliments que vous aimez.',
    product: 'Produit',
    legal: 'Informations légales',
    social: 'Nous suivre',
    terms: 'Conditions d’utilisation',
    privacy: 'Politique de confidentialité',
    legalNotice: 'Mentions légales',
    twitter: 'Twitter',
    youtube: 'YouTube',
    rights: '© {{year}} {{brand}}. Tous droits réservés.',
  },
  offline: {
    offline: 'Vous êtes hors ligne : les pages déjà ouvertes restent disponibles.',
    needsServer: 'Cette page a besoin d’une connexion. Réessayez quand le réseau revient.',
    back: 'Vous êtes de nouveau en ligne.',
  },
  errors: {
    backHome: 'Retour à l’accueil',
    code: 'Erreur {{status}}',
    reference: 'Référence à nous indiquer : {{id}}',
    badRequest: {
      title: 'Requête illisible',
      body: 'Cette adresse ou ce formulaire contient des caractères que nous ne pouvons pas lire. Vérifiez l’adresse, ou revenez à la page précédente pour recommencer.',
    },
    formResent: {
      title: 'Formulaire déjà envoyé',
      body: 'Ce formulaire a déjà été envoyé avec d’autres valeurs ; rien n’a été fait cette fois. Revenez à la page précédente, rechargez-la, puis réessayez.',
    },
    methodNotAllowed: {
      title: 'Adresse réservée à un formulaire',
      body: 'Cette adresse ne s’ouvre pas directement : elle reçoit un formulaire. Revenez à la page précédente pour recommencer.',
    },
    unavailable: {
      title: 'Service momentanément indisponible',
      body: 'Nous ne pouvons pas répondre pour l’instant. Réessayez dans quelques secondes ; rien n’a été perdu.',
      retry: 'Réessayer',
    },
    notFound: {
      title: 'Page introuvable',
      body: 'Cette page n’existe pas ou a été déplacée. Vérifiez l’adresse ou repartez de l’accueil.',
    },
    serverError: {
      title: 'Erreur du serveur',
      body: 'Quelque chose s’est mal passé de notre côté. Nous sommes prévenus ; réessayez dans un instant.',
    },
    forbidden: {
      title: 'Accès refusé',
      body: 'Vous n’avez pas les droits nécessaires pour voir cette page.',
    },
    pageExpired: {
      title: 'Page expirée',
      body: 'Votre session a expiré pour des raisons de sécurité. Rechargez la page puis réessayez ; rien n’a été modifié.',
      reload: 'Recharger la page',
    },
  },
  dashboard: {
    balance_one: '{{count}} jeton',
    balance_other: '{{count}} jetons',
    balanceLabel: 'Solde :',
    buyTokens: 'Acheter des jetons',
    userMenu: 'Compte de {{name}}',
    roleAdmin: 'Administrateur',
    roleUser: 'Utilisateur',
  },
} as const
