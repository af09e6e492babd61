import type { publicFr } from './fr'

type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> }

/** English texts of the public pages other than the landing page. Spread into ../en.ts. */
export const publicEn: Shape<typeof publicFr> = {
  terms: {
    title: 'Terms of use',
    updated: 'Last updated: 1 January 2025',
    intro:
      'These terms govern your use of Gamelle. By creating an account you accept them. This text is a provisional template.',
    sections: {
      service: {
        title: 'The service',
        body: 'Gamelle generates recipes and meal preps from the foods you choose and your nutritional goals. The information it gives does not replace advice from a health professional.',
      },
      account: {
        title: 'Your account',
        body: 'You are responsible for the accuracy of your account details and for keeping your credentials secret. Use a real email address: without it your account cannot be recovered.',
      },
      tokens: {
        title: 'Tokens and payments',
        body: 'Tokens are bought in packs and are used to generate recipes or calculate your needs. They do not expire and are not refundable once used. A generation that fails is refunded automatically.',
      },
      liability: {
        title: 'Liability',
        body: 'Nutritional values and prices are estimates. Always check allergens and the labels of the products you buy.',
      },
      changes: {
        title: 'Changes',
        body: 'We may update these terms. We will tell you by email about any significant change.',
      },
    },
  },
  privacy: {
    title: 'Privacy policy',
    updated: 'Last updated: 1 January 2025',
    intro:
      'We collect the minimum data Gamelle needs to work, and we never sell it. This text is a provisional template.',
    sections: {
      data: {
        title: 'Data we collect',
        body: 'Your email address, your name, your food preferences, your answers to the nutrition survey and your token history.',
      },
      use: {
        title: 'How we use it',
        body: 'This data is used to generate your recipes, calculate your needs, handle your purchases and send you emails about your account.',
      },
      payments: {
        title: 'Payments',
        body: 'Payments are handled by our payment provider. We never see or store your card numbers.',
      },
      cookies: {
        title: 'Cookies',
        body: 'We only use necessary cookies: your session, protection against request forgery, and remembering your language.',
      },
      rights: {
        title: 'Your rights',
        body: 'You can view, correct or delete your data at any time from your account or by writing to us. Deletion erases your identity; the accounting history is kept anonymously.',
      },
    },
  },
  waitlist: {
    title: 'Install the app',
    eyebrow: 'On Android, iPhone and computer',
    heading: 'Gamelle on your home screen',
    subheading:
      'Install Gamelle from your browser: your meal preps, recipes, cooking plan and last shopping list open even without a signal, in the supermarket or the kitchen.',
    points: {
      offline: 'Shopping list and recipes available offline',
      timer: 'Kitchen mode: one step at a time, timers, screen kept on',
      sync: 'Items ticked offline sync when the network is back',
    },
    install: 'Install Gamelle',
    installed: 'Gamelle is installed on this device.',
    stepsTitle: 'How to install it',
    platforms: {
      android: {
        name: 'Android (Chrome)',
        steps: { s1: 'Open Gamelle in Chrome.', s2: 'Tap the ⋮ menu at the top right.', s3: 'Choose “Install app” (or “Add to Home screen”).' },
      },
      ios: {
        name: 'iPhone and iPad (Safari)',
        steps: { s1: 'Open Gamelle in Safari.', s2: 'Tap the Share button (the square with an arrow).', s3: 'Choose “Add to Home Screen”, then “Add”.' },
      },
      desktop: {
        name: 'Computer (Chrome, Edge)',
        steps: { s1: 'Open Gamelle in Chrome or Edge.', s2: 'Click the install icon at the right of the address bar.', s3: 'Confirm with “Install”.' },
      },
    },
    nativeTitle: 'Native iOS and Android apps',
    nativeText: 'Apps for the App Store and Google Play are being prepared. Leave your address to hear when they launch.',
    emailLabel: 'Email address',
    emailPlaceholder: 'you@example.com',
    submit: 'Notify me',
    submitting: 'Sending…',
    privacyNote: 'One email, at launch. No spam.',
  },
  legal: {
    title: 'Legal notice',
    publisher: 'Publisher',
    address: 'Address',
    director: 'Publication director',
    host: 'Host',
    contact: 'Write to us',
  },
}
