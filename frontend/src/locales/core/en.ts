import type { CoreMessages } from '../types'

export const enCore: CoreMessages = {
  common: {
    confirm: 'Confirm',
    cancel: 'Cancel',
    confirmTitle: 'Please confirm',
    skipToContent: 'Skip to content',
    brandHome: '{{brand}}, home',
    close: 'Close',
    dismiss: 'Dismiss message',
    newTab: '(opens in a new tab)',
  },
  nav: {
    main: 'Main navigation',
    dashboard: 'Dashboard navigation',
    openMenu: 'Open menu',
    closeMenu: 'Close menu',
    features: 'Features',
    proof: 'In practice',
    pricing: 'Pricing',
    faq: 'FAQ',
    general: 'General',
    household: 'Household',
    account: 'Account',
    settings: 'Settings',
    products: 'Products',
    admin: 'Admin',
    signIn: 'Sign in',
    signOut: 'Sign out',
    getStarted: 'Start for free',
    dashboardLink: 'My dashboard',
    mobileApp: 'Install the app',
  },
  language: {
    label: 'Language',
    fr: 'Français',
    en: 'English',
  },
  landing: {
    title: 'Meal prep made to measure',
    hero: {
      eyebrow: 'Meal prep & macros, minus the headache',
      title: 'Your foods, your macros, your recipes for the week.',
      subtitle:
        'Pick what you feel like eating: Gamelle builds recipes and a complete meal prep, fitted to the gram to your protein, fat and carb needs.',
      ctaPrimary: 'Create my meal prep',
      ctaSecondary: 'How it works',
      note: '2 free tokens once your email is verified. No card needed.',
      statRecipes: 'recipe generated per token',
      statPrecision: 'maximum gap on your macros',
      statMinutes: 'to plan your week',
      statMinutesValue: '15 min',
      preview: {
        label: 'Example of a generated recipe',
        title: 'Chicken, sweet potato and broccoli bowl',
        meal: 'Lunch · 1 token',
        protein: 'Protein',
        fat: 'Fat',
        carbs: 'Carbs',
        grams: '{{value}} g',
        onTarget: 'On target',
      },
    },
    features: {
      heading: 'Everything you need to eat well all week',
      subheading: 'Recipes that start in your fridge and land right on your goals.',
      recipes: {
        title: 'Recipes from your foods',
        description:
          'Select the foods you like: Gamelle turns them into simple recipes, with quantities and steps.',
      },
      macros: {
        title: 'Fitted to your macros',
        description:
          'Every recipe aims at your protein, fat and carb goals, and tells you plainly how far off it is when it cannot hit them.',
      },
      mealprep: {
        title: 'One-click meal prep',
        description:
          'Group your recipes into a meal prep for the week: breakfast, lunch, dinner and snacks.',
      },
      shopping: {
        title: 'Exportable shopping list',
        description:
          'Export the shopping list for as many days as you need, quantities added up and sorted by aisle.',
      },
      needs: {
        title: 'Nutritional needs, calculated',
        description:
          'Answer a short survey: weight, height, activity, goal. We work out your daily needs.',
      },
      tokens: {
        title: 'Tokens, not a subscription',
        description:
          'Pay for what you use: 1 token per generated recipe, no commitment and no hidden renewal.',
      },
    },
    proof: {
      heading: 'What Gamelle does, measured',
      subheading: 'No made-up testimonials: what the app guarantees, and a real plate it worked out.',
      tolerance: {
        title: 'Within 5% of your macros',
        text: 'Every recipe aims at your calories, protein, fat and carbohydrates per serving, within 5% (3 g for small amounts).',
      },
      refund: {
        title: 'Target missed, token back',
        text: 'If a recipe does not reach the target within 5%, the token spent is refunded automatically.',
      },
      data: {
        title: 'Public nutrition data',
        text: 'Foods and their nutrition values come from the French food composition table Ciqual (Anses).',
      },
      example: {
        title: 'A plate Gamelle worked out',
        name: 'Rice bowl with pan-fried chicken and broccoli',
        serving: 'Per serving (the recipe makes 3)',
        chicken: 'skinless chicken breast, raw',
        rice: 'white rice, raw',
        broccoli: 'broccoli, raw',
        oil: 'extra virgin olive oil',
        target: 'Target per serving: {{kcal}} kcal, {{protein}} g protein, {{fat}} g fat, {{carbs}} g carbohydrates, reached within 5%.',
      },
    },
    pricing: {
      heading: 'Simple token packs',
      subheading: '1 token = 1 generated recipe. Calculating your nutritional needs costs 10 tokens.',
      tokens_one: '{{count}} token',
      tokens_other: '{{count}} tokens',
      perToken: '{{price}} per token',
      perUnit: '{{value}} tokens per {{unit}}',
      discount: '{{percent}}% off compared with the smallest pack',
      mostPopular: 'Most popular',
      bestValue: 'Best value',
      buy: 'Choose this pack',
      buyLabel: 'Choose this pack of {{count}} tokens',
      promo: 'Code BIENVENUE30: 30% off your first order.',
      empty: 'Token packs will be available soon.',
    },
    faq: {
      heading: 'Frequently asked questions',
      subheading: 'Can’t find your answer? Write to us, we reply quickly.',
      '1': {
        question: 'How does Gamelle create my recipes?',
        answer:
          'You choose the foods in your meal prep, then Gamelle works out the quantities that come closest to your macro goals for each meal, and writes simple steps.',
      },
      '2': {
        question: 'What is a token?',
        answer:
          'A token is Gamelle’s unit of payment. Generating a recipe costs 1 token; calculating your nutritional needs costs 10.',
      },
      '3': {
        question: 'Can I try it for free?',
        answer:
          'Yes. You get 2 free tokens as soon as your email address is verified, enough to generate two recipes.',
      },
      '4': {
        question: 'Are my macros really respected?',
        answer:
          'We aim for a gap of at most 5% (or 3 g) per meal. When your foods do not allow it, the recipe shows you the exact gap.',
      },
      '5': {
        question: 'Can I follow a vegetarian or vegan diet?',
        answer:
          'Of course. Set your diet in your preferences: suggestions and recipes adapt to it.',
      },
      '6': {
        question: 'How does the shopping list work?',
        answer:
          'From a meal prep, export the list for the number of days you want: the quantities of each food are added up.',
      },
      '7': {
        question: 'Are the prices shown exact?',
        answer:
          'They are estimates per food. You can set a maximum price per recipe, which Gamelle will not exceed.',
      },
      '8': {
        question: 'Do tokens expire?',
        answer:
          'No. Your tokens stay on your account until you use them. There is no subscription.',
      },
      '9': {
        question: 'What do you do with my data?',
        answer:
          'We only use your data to run the service. You can delete your account at any time; everything is detailed in our privacy policy.',
      },
    },
    finalCta: {
      heading: 'Your first two recipes are on us.',
      body: 'Create an account and confirm your email: 2 free tokens, that is 2 recipes fitted to your macros, no card needed. A full week (4 recipes or more) and the detailed needs calculation (10 tokens) take a token pack.',
    },
  },
  footer: {
    tagline: 'Recipes and meal preps fitted to your macros, from the foods you love.',
    product: 'Product',
    legal: 'Legal',
    social: 'Follow us',
    terms: 'Terms of use',
    privacy: 'Privacy policy',
    legalNotice: 'Legal notice',
    twitter: 'Twitter',
    youtube: 'YouTube',
    rights: '© {{year}} {{brand}}. All rights reserved.',
  },
  offline: {
    offline: 'You are offline: the pages you already opened are still available.',
    needsServer: 'This page needs a connection. Try again when the network is back.',
    back: 'You are back online.',
  },
  errors: {
    backHome: 'Back to home',
    code: 'Error {{status}}',
    reference: 'Reference to quote: {{id}}',
    badRequest: {
      title: 'Unreadable request',
      body: 'This address or form holds characters we cannot read. Check the address, or go back to the previous page to try again.',
    },
    formResent: {
      title: 'Form already sent',
      body: 'This form was already sent with other values; nothing was done this time. Go back to the previous page, reload it and try again.',
    },
    methodNotAllowed: {
      title: 'This address only takes a form',
      body: 'This address does not open directly: it receives a form. Go back to the previous page to try again.',
    },
    unavailable: {
      title: 'Service temporarily unavailable',
      body: 'We cannot answer right now. Try again in a few seconds; nothing was lost.',
      retry: 'Try again',
    },
    notFound: {
      title: 'Page not found',
      body: 'This page does not exist or has moved. Check the address or start again from the home page.',
    },
    serverError: {
      title: 'Server error',
      body: 'Something went wrong on our side. We have been notified; please try again in a moment.',
    },
    forbidden: {
      title: 'Access denied',
      body: 'You do not have permission to view this page.',
    },
    pageExpired: {
      title: 'Page expired',
      body: 'Your session expired for security reasons. Reload the page and try again; nothing was changed.',
      reload: 'Reload the page',
    },
  },
  dashboard: {
    balance_one: '{{count}} token',
    balance_other: '{{count}} tokens',
    balanceLabel: 'Balance:',
    buyTokens: 'Buy tokens',
    userMenu: '{{name}}’s account',
    roleAdmin: 'Administrator',
    roleUser: 'User',
  },
}
