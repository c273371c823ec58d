//go:build !race

package advisor_test

// raceEnabled is true under the race detector, which slows Recommend down
// enough that the property tests try fewer requests.
const raceEnabled = false
