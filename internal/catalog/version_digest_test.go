package catalog_test

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"io/fs"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"gpuplace/data"
)

// versionID is the version.json line naming the catalog's version.
var versionID = regexp.MustCompile(`(?m)^ "id": "([^"]+)",$`)

// Ensure the embedded catalog's version id moves whenever its data does:
// a database that stored a version keeps serving what it stored under
// that id, so new figures under an old id never reach it. Each id is
// recorded with the digest of its files in testdata/catalog_digests.txt.
func TestCatalogVersionMovesWithItsData(t *testing.T) {
	names, err := fs.Glob(data.FS, "*.json")
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(names)
	h := sha256.New()
	var id string
	for _, n := range names {
		b, err := fs.ReadFile(data.FS, n)
		if err != nil {
			t.Fatal(err)
		}
		if n == "version.json" {
			m := versionID.FindSubmatch(b)
			if m == nil {
				t.Fatal("version.json names no id")
			}
			id = string(m[1])
			b = versionID.ReplaceAll(b, nil)
		}
		h.Write([]byte(n + "\x00"))
		h.Write(b)
	}
	digest := hex.EncodeToString(h.Sum(nil))
	f, err := os.Open("testdata/catalog_digests.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) != 2 || fields[0] != id {
			continue
		}
		if fields[1] != digest {
			t.Fatalf("the catalog's data changed under version %s: give version.json a new id and record it here:\n%s %s", id, "<new id>", digest)
		}
		return
	}
	t.Fatalf("version %s is not recorded: add this line to internal/catalog/testdata/catalog_digests.txt\n%s %s", id, id, digest)
}
