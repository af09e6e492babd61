package mealprep

// RecipeTokens is the price of one generated recipe (app/mealprep charges one token per recipe
// asked for). It is the smallest next step a person takes, so the home calls a balance "low"
// only below it: the two sign-up tokens pay for two recipes and are not "low".
const RecipeTokens = 1
