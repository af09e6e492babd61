// Package baseline is a frozen copy of domain/nutrition as of main ebe7157, before issue 19 made
// meal rules and plate composition constraints of the solver. `make bench` runs it beside the
// current engine on the same meal preps, so the plausibility figures have a baseline measured in
// the same run. Never edit it: it is the "before".
package baseline
