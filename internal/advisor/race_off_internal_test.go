//go:build !race

package advisor

// raceOn is true under the race detector, which slows the search down
// enough that the reference solver's test tries fewer questions.
const raceOn = false
