package web

import (
	"fmt"
	"testing"
)

// Ensure askedAgain says a question comes again only while it is among
// the last askedKeys remembered, and remembers no more than those.
func TestAskedAgain(t *testing.T) {
	a := newAskedAgain()
	if a.again("q") {
		t.Fatal("a question never asked counts as asked again")
	}
	if !a.again("q") {
		t.Fatal("a question asked twice does not count as asked again")
	}
	for i := range askedKeys {
		if a.again(fmt.Sprint("other ", i)) {
			t.Fatalf("question %d, asked once, counts as asked again", i)
		}
	}
	if len(a.in) > askedKeys {
		t.Errorf("%d hashes remembered, more than %d", len(a.in), askedKeys)
	}
	if a.again("q") {
		t.Error("a question asked more than askedKeys questions ago is still remembered")
	}
	if !a.again("q") {
		t.Error("a question forgotten and asked twice again does not count as asked again")
	}
}
