package baseline

import (
	"errors"
)

// ExplainRequest is everything an explainer (an AI model) is told about a needs calculation:
// the formula's result with its inputs (age, sex, weight, height, activity level, objective,
// preset) and the person's own words about their activity. Nothing that identifies the person
// (name, email, ids) is part of it.
type ExplainRequest struct {
	Needs               Needs
	ActivityDescription string
	OtherActivities     string
	// Lang is the person's language, "fr" or "en": the explanation is written in it.
	Lang string
}

// MaxExplanationRunes caps the explanation a page shows.
const MaxExplanationRunes = 600

// Reasons an explanation is not kept.
var (
	ErrExplanationEmpty   = errors.New("explanation is empty")
	ErrExplanationLink    = errors.New("explanation contains a link")
	ErrExplanationNumbers = errors.New("explanation states a number the formula did not compute")
)
