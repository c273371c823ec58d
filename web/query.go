package web

import "gpuplace/internal/question"

// Query keys of the site's own, beside the question's (internal/question).
const (
	// keyLang is a page's language, not part of the question.
	keyLang = question.KeyLang
	// keyCandidates is the API's alone: how many of the chart's
	// candidates an answer lists.
	keyCandidates = "candidates"
)
