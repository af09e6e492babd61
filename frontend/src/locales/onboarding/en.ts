import type { onboardingFr } from './fr'

type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> }

/** English texts of the onboarding stepper and the social sign-in buttons (see ./fr.ts). */
export const onboardingEn: Shape<typeof onboardingFr> = {
  onboarding: {
    title: 'Get started',
    heading: 'Create your account in four steps',
    progress: 'Sign-up steps',
    stepOf: 'Step {{current}} of {{total}}',
    current: 'current step',
    done: 'completed step',
    back: 'Back',
    next: 'Continue',
    sending: 'Sending…',
    steps: {
      email: 'Your email',
      preferences: 'Your preferences',
      account: 'Your account',
      features: 'All set',
    },
    email: {
      heading: 'Let’s start with your email address',
      intro: 'You will use it to sign in and receive your recipes. No password to remember.',
      label: 'Email address',
      placeholder: 'you@example.com',
    },
    preferences: {
      heading: 'Your nutritional preferences',
      intro: 'Free: these settings are enough for your first recipes. The detailed needs survey comes later.',
      diet: {
        legend: 'Diet',
        omnivore: 'Omnivore',
        vegetarian: 'Vegetarian',
        vegan: 'Vegan',
      },
      objective: {
        legend: 'Objective',
        weight_loss: 'Weight loss',
        muscle_gain: 'Muscle gain',
        recomposition: 'Muscle gain and weight loss',
        maintenance: 'Maintenance',
      },
      preset: {
        legend: 'Macronutrient split',
        default: 'Standard',
        high_protein: 'High protein',
        high_carbs: 'High carbs',
        low_carbs: 'Low carbs',
        balanced: 'Balanced',
        split: 'Protein {{protein}}% · Fat {{fat}}% · Carbs {{carbs}}%',
      },
    },
    account: {
      heading: 'Review and create your account',
      intro: 'Here is what you chose. You can change everything later in your settings.',
      email: 'Email',
      diet: 'Diet',
      objective: 'Objective',
      preset: 'Macros',
      edit: 'Edit',
      noticeTitle: 'A real address, or nothing',
      notice:
        'We will send you a verification link. Use an address you actually read: without it, your account cannot be recovered.',
      submit: 'Create my account',
    },
    features: {
      heading: 'Access to all features',
      intro: 'We sent a verification link to {{email}}. Open it to activate your account and receive your 2 free tokens.',
      list: {
        recipes: 'Recipes fitted to the gram to your macros',
        mealprep: 'Complete meal preps for the week',
        shopping: 'Your shopping list exported in one click',
      },
      promo: {
        title: 'Welcome gift',
        body: '30% off your first token order.',
        codeLabel: 'Your code',
        copy: 'Copy the code',
        copied: 'Code copied',
      },
      login: 'Sign in with a code',
      home: 'Back to home',
    },
  },
  social: {
    heading: 'Or continue with',
    google: 'Continue with Google',
    apple: 'Continue with Apple',
  },
}
