// Package launch writes the files that start an answer's option with a
// launch tool: a SkyPilot task, a dstack configuration, or a Kubernetes
// manifest. Each file names only fields the tool's own documentation
// defines (the writers cite the pages), says in a comment which answer and
// catalog version it came from, and is refused, not faked, for a provider
// the tool does not support.
package launch

import (
	"bytes"
	"fmt"
	"slices"
	"strings"

	"go.yaml.in/yaml/v3"

	"gpuplace/internal/locale"
)

// Format is a launch tool's file format.
type Format string

// The formats, as GET /api/v1/advice/launch names them.
const (
	SkyPilot   Format = "skypilot"
	Dstack     Format = "dstack"
	Kubernetes Format = "kubernetes"
)

// Formats lists every format, in the order the answer page shows them.
var Formats = []Format{SkyPilot, Dstack, Kubernetes}

// ParseFormat reads a format's name.
func ParseFormat(s string) (Format, bool) {
	f := Format(strings.ToLower(strings.TrimSpace(s)))
	return f, slices.Contains(Formats, f)
}

// Label is the tool's name as its documentation writes it.
func (f Format) Label() string {
	switch f {
	case SkyPilot:
		return "SkyPilot"
	case Dstack:
		return "dstack"
	}
	return "Kubernetes"
}

// FileName is the name a launch file is saved under.
func (f Format) FileName(name string) string {
	switch f {
	case SkyPilot:
		return name + ".sky.yaml"
	case Dstack:
		return name + ".dstack.yml"
	}
	return name + ".k8s.yaml"
}

// FileName is the name of the plan's file for format f, or of its
// region-th place's file alone (region from 1) when it has several.
func (p Plan) FileName(f Format, region int) string {
	if region > 0 && region <= len(p.Places) && len(p.Places) > 1 {
		return f.FileName(RegionName(p.Name, p.Places[region-1].Region))
	}
	return f.FileName(p.Name)
}

// UnsupportedError says a tool cannot launch an option: it has no support
// for one of the option's providers. It unwraps to the format key's field
// error, which names the providers the tool does launch on.
type UnsupportedError struct {
	Format   Format
	Provider string // the provider's label
	// Supported lists the providers the tool launches on, by label.
	Supported string
}

func (e *UnsupportedError) Error() string { return e.Unwrap().Error() }

// Unwrap is the error as the format key's field error.
func (e *UnsupportedError) Unwrap() error {
	return locale.FieldErrors{locale.Invalid(KeyFormat, "invalid.launch.unsupported", e.Format.Label(), e.Provider, e.Supported)}
}

// Write is the file that launches the plan with the tool of format f: one
// YAML document per place (a place is a region; each is launched on its
// own). An *UnsupportedError says the tool cannot launch the plan.
func Write(f Format, p Plan) ([]byte, error) {
	return WriteRegion(f, p, 0)
}

// WriteRegion is Write for the plan's region-th place alone (from 1; 0:
// every place), named and described as in the whole file: SkyPilot and
// dstack read one document a file. A region past the plan's places is
// the region key's field error.
func WriteRegion(f Format, p Plan, region int) ([]byte, error) {
	if region > len(p.Places) {
		return nil, locale.FieldErrors{locale.Invalid(KeyRegion, "invalid.launch.region", len(p.Places))}
	}
	if err := Check(f, p); err != nil {
		return nil, err
	}
	var docs []*yaml.Node
	for i, pl := range p.Places {
		if region > 0 && i != region-1 {
			continue
		}
		var doc *yaml.Node
		var err error
		one := p.forPlace(pl, maxName[f])
		switch f {
		case SkyPilot:
			doc, err = skyPilotTask(one, pl)
		case Dstack:
			doc, err = dstackConfiguration(one, pl)
		case Kubernetes:
			doc = kubernetesManifest(one, pl)
		default:
			return nil, fmt.Errorf("launch: unknown format %q", f)
		}
		if err != nil {
			return nil, err
		}
		head := append([]string{pl.describe() + "."}, pl.notes()...)
		if len(p.Places) > 1 {
			head[0] = fmt.Sprintf("Region %d of %d: %s", i+1, len(p.Places), head[0])
		}
		if len(docs) == 0 {
			head = append(p.header(f), head...)
		}
		doc.HeadComment = comment(head...) + prepend(doc.HeadComment)
		docs = append(docs, doc)
	}
	var b bytes.Buffer
	enc := yaml.NewEncoder(&b)
	enc.SetIndent(2)
	for _, d := range docs {
		if err := enc.Encode(&yaml.Node{Kind: yaml.DocumentNode, HeadComment: d.HeadComment, Content: []*yaml.Node{withoutHead(d)}}); err != nil {
			return nil, err
		}
	}
	if err := enc.Close(); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// forPlace is the plan as one place's document names it, in at most max
// characters: a plan in several regions names each region's service, run
// or Deployment apart ("gpuplace-bert-large-us-east-1"), the region kept
// whole, so that the tools, which keep one of each name, launch them side
// by side.
func (p Plan) forPlace(pl Place, max int) Plan {
	if len(p.Places) > 1 {
		p.Name = regionName(p.Name, pl.Region, max)
	} else if len(p.Name) > max {
		p.Name = strings.TrimRight(p.Name[:max], "-")
	}
	return p
}

// RegionName is the name of one region's file and of what it launches,
// as the documents of a plan in several regions name them.
func RegionName(name, region string) string { return regionName(name, region, 63) }

// regionName is name with the region added, in at most max characters:
// the region kept whole, name shortened to make room.
func regionName(name, region string, max int) string {
	suffix := "-" + dnsLabel(region)
	if len(name)+len(suffix) > max {
		name = strings.TrimRight(name[:max-len(suffix)], "-")
	}
	return name + suffix
}

// maxName is the longest name each tool takes: a DNS label's 63
// characters, but dstack's 41 (its resource names match
// ^[a-z][a-z0-9-]{1,40}$: src/dstack/_internal/core/services/__init__.py
// at dstackai/dstack 21213d71).
var maxName = map[Format]int{SkyPilot: 63, Dstack: 41, Kubernetes: 63}

// header is the comment a file opens with: where it came from and what it
// launches.
func (p Plan) header(f Format) []string {
	lines := []string{
		fmt.Sprintf("%s file written by gpuplace for %s.", f.Label(), p.Option),
		"Answer: " + p.Origin,
		"Catalog version: " + p.CatalogVersion + "; total " + p.Total + ".",
		"Fields as documented at " + docPage[f] + ".",
	}
	if len(p.Places) > 1 {
		lines = append(lines, fmt.Sprintf("The answer runs in %d regions, each launched on its own under a name of its own "+
			"(with region=N, the address gives the N-th region's file alone).", len(p.Places)))
	}
	return lines
}

// docPage is the page each format's fields come from.
var docPage = map[Format]string{
	// docs/source/reference/yaml-spec.rst at skypilot-org/skypilot 0048bbf6.
	SkyPilot: "https://docs.skypilot.co/en/latest/reference/yaml-spec.html",
	// mkdocs/docs/reference/dstack.yml and the configuration models at
	// dstackai/dstack 511c318c.
	Dstack: "https://dstack.ai/docs/reference/dstack.yml/",
	// The workload APIs, the well-known labels and the GPU scheduling page.
	Kubernetes: "https://kubernetes.io/docs/reference/kubernetes-api/ and https://kubernetes.io/docs/tasks/manage-gpus/scheduling-gpus/",
}

// comment joins lines into a YAML comment block (the encoder adds "# ").
func comment(lines ...string) string { return strings.Join(lines, "\n") }

// prepend puts a separating line before a comment that is not empty.
func prepend(c string) string {
	if c == "" {
		return ""
	}
	return "\n" + c
}

// withoutHead is n without its head comment, which moves to the document.
func withoutHead(n *yaml.Node) *yaml.Node {
	c := *n
	c.HeadComment = ""
	return &c
}
