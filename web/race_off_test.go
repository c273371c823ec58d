//go:build !race

package web_test

// raceEnabled is true under the race detector, which slows the advisor
// down many times: timing tests then check only what does not depend on
// time.
const raceEnabled = false
