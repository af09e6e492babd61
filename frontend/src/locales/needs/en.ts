/** English texts of the needs explanation written without AI (survey). Spread into ../en.ts. */
export const needsGuideEn = {
  needsGuide: {
    title: 'What these numbers mean',
    note: 'Written from your numbers, without AI. It does not replace medical advice.',
    activity: 'Activity: “{{level}}” adds {{activityKcal}} kcal a day to the {{bmr}} kcal your body burns at rest, for moving, working and exercise.',
    objective: {
      weight_loss: 'Objective: {{kcal}} kcal a day, {{balance}} kcal less than you burn (−20%); your body draws the difference from its reserves.',
      muscle_gain: 'Objective: {{kcal}} kcal a day, {{balance}} kcal more than you burn (+10%), enough to build muscle without storing much fat.',
      recomposition: 'Objective: {{kcal}} kcal a day, a small deficit of {{balance}} kcal (−10%) to lose fat, with plenty of protein to keep muscle.',
      maintenance: 'Objective: {{kcal}} kcal a day, as much as you burn: your weight should stay stable.',
    },
    split: '{{protein}}/{{fat}}/{{carbs}} split: {{proteinKcal}} kcal of protein ({{proteinG}} g), {{fatKcal}} kcal of fat ({{fatG}} g) and {{carbsKcal}} kcal of carbs ({{carbsG}} g).',
    protein: {
      above: 'Protein: {{proteinG}} g, that is {{perKg}} g per {{unit}} of body weight. The adult reference is {{floorPerKg}} g per {{unit}}, {{floorG}} g for {{weight}} {{unit}}: you are above it.',
      below: 'Protein: {{proteinG}} g, that is {{perKg}} g per {{unit}} of body weight, under the adult reference of {{floorPerKg}} g per {{unit}} ({{floorG}} g for {{weight}} {{unit}}): a higher-protein split would reach it.',
      raised: 'Protein: recomposition needs at least {{floorPerKg}} g per {{unit}}, {{floorG}} g for {{weight}} {{unit}}. The split gave less: protein is raised to {{proteinG}} g and fat and carbs go down to match.',
      recomposition: 'Protein: {{proteinG}} g, that is {{perKg}} g per {{unit}}; recomposition needs at least {{floorPerKg}} g per {{unit}} ({{floorG}} g for {{weight}} {{unit}}), which the split already exceeds.',
    },
    weekly: {
      loss: 'Estimate: about {{kg}} {{unit}} less a week ({{balance}} kcal × 7 days ÷ {{kcalPerKg}} kcal per {{unit}}). The scale moves more in the first weeks, with water.',
      gain: 'Estimate: about {{kg}} {{unit}} more a week ({{balance}} kcal × 7 days ÷ {{kcalPerKg}} kcal per {{unit}}), muscle and a little fat.',
      stable: 'Estimate: a stable weight, since you eat what you burn.',
    },
    review: 'Revisit: take the survey again in {{weeks}} weeks ({{date}}) or as soon as your weight has changed by {{kg}} {{unit}}, and whenever your activity changes.',
    pace_one: 'At this pace, {{kg}} {{unit}} take about {{count}} week.',
    pace_other: 'At this pace, {{kg}} {{unit}} take about {{count}} weeks.',
  },
} as const
