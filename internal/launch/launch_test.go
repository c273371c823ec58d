package launch_test

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"net/url"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"go.yaml.in/yaml/v3"

	"gpuplace/data"
	"gpuplace/internal/advisor"
	"gpuplace/internal/catalog"
	"gpuplace/internal/launch"
	"gpuplace/internal/locale"
)

var loadCatalog = sync.OnceValues(func() (*catalog.Catalog, error) { return catalog.Load(data.FS) })

// answer asks the embedded catalog a question given as request JSON.
func answer(t *testing.T, body string) (*catalog.Catalog, advisor.Result) {
	t.Helper()
	cat, err := loadCatalog()
	if err != nil {
		t.Fatal(err)
	}
	req, err := advisor.DecodeRequest(strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	res, err := advisor.Recommend(cat, req)
	if err != nil {
		t.Fatal(err)
	}
	if res.Pick == nil {
		t.Fatalf("%s: no pick", body)
	}
	return cat, res
}

// questions are answers of each kind the launch files serve: training on
// one node and on several, serving without an engine (on GPUs and on a CPU
// server), LLM serving (one GPU per replica, and tensor parallel), and an
// answer in several regions.
var questions = map[string]string{
	"training":           `{"workload":{"kind":"training","profile":"resnet50","deadline_hours":6}}`,
	"training-aws-nodes": `{"workload":{"kind":"training","profile":"resnet50","deadline_hours":1},"providers":["aws"],"pricing":["on_demand","spot"]}`,
	"serving":            `{"workload":{"kind":"inference","profile":"bert-large","rps":300,"peak_rps":300},"users":[{"location":"US","share":1}],"accelerator":"gpu"}`,
	"serving-spot-azure": `{"workload":{"kind":"inference","profile":"bert-large","rps":100,"peak_rps":200},"users":[{"location":"US","share":1}],"accelerator":"gpu","providers":["azure"],"pricing":["spot"]}`,
	"llm":                `{"workload":{"kind":"inference","profile":"llama-3.1-8b","rps":5,"peak_rps":10},"users":[{"location":"US","share":1}]}`,
	"llm-70b-aws":        `{"workload":{"kind":"inference","profile":"llama-3.3-70b","rps":2,"peak_rps":5,"precision":"mixed"},"users":[{"location":"US","share":1}],"providers":["aws"]}`,
	"llm-sglang":         `{"workload":{"kind":"inference","profile":"llama-3.1-8b","rps":20,"peak_rps":40,"engine":"sglang"},"users":[{"location":"US","share":1}],"providers":["aws"],"gpus":["a100-40gb"]}`,
	"llm-trtllm":         `{"workload":{"kind":"inference","profile":"llama-3.1-8b","rps":20,"peak_rps":40,"engine":"trtllm"},"users":[{"location":"US","share":1}],"providers":["aws"],"gpus":["a100-40gb"]}`,
	"llm-vllm-70b":       `{"workload":{"kind":"inference","profile":"llama-3.3-70b","rps":5,"engine":"vllm","input_tokens":3000,"output_tokens":700},"users":[{"location":"US","share":1}],"providers":["lambda"]}`,
	"cpu-serving":        `{"workload":{"kind":"inference","profile":"resnet50","rps":20},"users":[{"location":"DE","share":1}],"gdpr":"eu","accelerator":"cpu","providers":["aws"]}`,
	"two-regions":        `{"workload":{"kind":"inference","profile":"resnet50","rps":200,"peak_rps":400,"latency_ms":60},"users":[{"location":"US","share":0.5},{"location":"DE","share":0.5}],"accelerator":"gpu","providers":["aws"]}`,
}

// Ensure every format's file for every question is valid YAML with one
// document per region, names only the keys its tool documents, carries
// the answer's catalog version, and launches exactly what the answer
// says: provider, region, instance type, counts, GPUs, pricing and, for an
// LLM, the engine's tensor-parallel size and operating point. A tool that
// does not support a provider refuses, naming the format key.
func TestLaunchFilesLaunchTheAnswer(t *testing.T) {
	launched := map[launch.Format]int{}
	engines := map[string]bool{}
	for name, body := range questions {
		cat, res := answer(t, body)
		if res.Pick.Serving != nil {
			engines[res.Pick.Serving.Engine] = true
		}
		plan, err := launch.FromAnswer(cat, res, 0, "https://gpuplace.test/advice?q")
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		for _, f := range launch.Formats {
			b, err := launch.Write(f, plan)
			if check := launch.Check(f, plan); fmt.Sprint(check) != fmt.Sprint(err) {
				t.Errorf("%s %s: Check says %v, Write %v", name, f, check, err)
			}
			var unsupported *launch.UnsupportedError
			if errors.As(err, &unsupported) {
				checkRefusal(t, name, f, res.Pick, unsupported, err)
				continue
			}
			if err != nil {
				t.Fatalf("%s %s: %v", name, f, err)
			}
			launched[f]++
			docs := decodeAll(t, b)
			if len(docs) != len(res.Pick.Placements) {
				t.Fatalf("%s %s: %d documents for %d places:\n%s", name, f, len(docs), len(res.Pick.Placements), b)
			}
			if s := res.Pick.Serving; s != nil && (!bytes.Contains(b, []byte("Served with "+s.Engine+", the engine the answer was sized on")) ||
				gated(res) && !bytes.Contains(b, []byte("as HF_TOKEN"))) {
				t.Errorf("%s %s: the file does not say it serves with %s, or how to give it a token:\n%s", name, f, s.Engine, b)
			}
			if !bytes.Contains(b, []byte("Catalog version: "+res.CatalogVersion+";")) || !bytes.Contains(b, []byte("https://gpuplace.test/advice?q")) {
				t.Errorf("%s %s: the header does not name the answer and its catalog version:\n%s", name, f, b)
			}
			names := map[string]bool{}
			for i, doc := range docs {
				where := fmt.Sprintf("%s %s place %d", name, f, i+1)
				if n := launchedName(doc); names[n] {
					t.Errorf("%s: named %q as another region is: the tool keeps one of each name", where, n)
				} else {
					names[n] = true
				}
				checkKeys(t, where, doc, documented[f])
				p := res.Pick.Placements[i]
				switch f {
				case launch.SkyPilot:
					checkSkyPilot(t, where, doc, res, p)
				case launch.Dstack:
					checkDstack(t, where, doc, res, p)
				case launch.Kubernetes:
					checkKubernetes(t, where, doc, res, p)
				}
			}
		}
	}
	if len(engines) != len(engineFlags) {
		t.Errorf("the questions are sized on %v; the test needs every engine", engines)
	}
	for _, f := range launch.Formats {
		if launched[f] < 3 {
			t.Errorf("%s launched %d of the questions; the test needs at least 3 to mean anything", f, launched[f])
		}
	}
}

// checkRefusal requires a refusal to be for a provider of the option, as
// the format key's field error.
func checkRefusal(t *testing.T, name string, f launch.Format, o *advisor.Option, unsupported *launch.UnsupportedError, err error) {
	t.Helper()
	if f == launch.Kubernetes {
		t.Fatalf("%s: Kubernetes runs on any provider's nodes, yet refused: %v", name, err)
	}
	var fe locale.FieldErrors
	if !errors.As(err, &fe) || len(fe) != 1 || fe[0].Field != launch.KeyFormat {
		t.Errorf("%s %s: refusal %v is not the format key's field error", name, f, err)
	}
	cat, _ := loadCatalog()
	if !slices.ContainsFunc(o.Placements, func(p advisor.Placement) bool { return cat.ProviderLabel(p.Provider) == unsupported.Provider }) {
		t.Errorf("%s %s: refused for %s, which the option does not use", name, f, unsupported.Provider)
	}
}

// decodeAll parses every YAML document of a file.
// launchedName is the name a document launches under: its name, or a
// manifest's metadata.name.
func launchedName(doc map[string]any) string {
	if m, ok := doc["metadata"].(map[string]any); ok {
		return fmt.Sprint(m["name"])
	}
	return fmt.Sprint(doc["name"])
}

func decodeAll(t *testing.T, b []byte) []map[string]any {
	t.Helper()
	dec := yaml.NewDecoder(bytes.NewReader(b))
	var docs []map[string]any
	for {
		var doc map[string]any
		err := dec.Decode(&doc)
		if errors.Is(err, io.EOF) {
			return docs
		}
		if err != nil {
			t.Fatalf("invalid YAML: %v\n%s", err, b)
		}
		docs = append(docs, doc)
	}
}

// keys is a documented schema: a mapping's keys, with the schema of the
// mappings (or lists of mappings) under them; nil accepts any keys (free
// maps such as labels and nodeSelector).
type keys map[string]keys

// documented holds the keys each tool's documentation defines, as far as
// the files use them:
//   - SkyPilot: docs/source/reference/yaml-spec.rst (skypilot-org/skypilot
//     0048bbf6): name, num_nodes, resources.{infra, instance_type,
//     accelerators, use_spot, ports}, setup, run, service.{readiness_probe,
//     replicas};
//   - dstack: the configuration models at dstackai/dstack 511c318c (fleets.py,
//     configurations.py, profiles.py, resources.py);
//   - Kubernetes: the apps/v1 Deployment, batch/v1 Job and core/v1 Pod
//     references (https://kubernetes.io/docs/reference/kubernetes-api/).
var documented = map[launch.Format]keys{
	launch.SkyPilot: {
		"name": {}, "num_nodes": {}, "setup": {}, "run": {},
		"secrets":   nil,
		"resources": {"infra": {}, "instance_type": {}, "accelerators": {}, "use_spot": {}, "ports": {}},
		"service":   {"readiness_probe": {}, "replicas": {}},
	},
	launch.Dstack: {
		"type": {}, "name": {}, "nodes": {}, "placement": {}, "replicas": {}, "image": {}, "env": {}, "commands": {}, "port": {}, "model": {},
		"resources": {"gpu": {}, "cpu": {}, "memory": {}, "shm_size": {}},
		"backends":  {}, "regions": {}, "instance_types": {}, "spot_policy": {},
	},
	launch.Kubernetes: {
		"apiVersion": {}, "kind": {},
		"metadata": {"name": {}, "labels": nil, "annotations": nil},
		"spec": {
			"replicas": {}, "selector": {"matchLabels": nil}, "completions": {}, "parallelism": {}, "completionMode": {},
			"template": {
				"metadata": {"labels": nil},
				"spec": {
					"nodeSelector": nil, "restartPolicy": {},
					"tolerations": {"key": {}, "operator": {}, "value": {}, "effect": {}},
					"volumes":     {"name": {}, "emptyDir": {"medium": {}, "sizeLimit": {}}},
					"containers": {
						"name": {}, "image": {}, "command": {}, "args": {},
						"env":            {"name": {}, "valueFrom": {"secretKeyRef": {"name": {}, "key": {}}}},
						"ports":          {"containerPort": {}},
						"readinessProbe": {"httpGet": {"path": {}, "port": {}}},
						"resources":      {"limits": nil, "requests": {"cpu": {}, "memory": {}}},
						"volumeMounts":   {"name": {}, "mountPath": {}},
					},
				},
			},
		},
	},
}

// checkKeys requires every key of v to be in the schema, recursively.
func checkKeys(t *testing.T, where string, v any, schema keys) {
	t.Helper()
	if schema == nil {
		return
	}
	switch v := v.(type) {
	case map[string]any:
		for k, sub := range v {
			s, ok := schema[k]
			if !ok {
				t.Errorf("%s: key %q is not in the tool's documented schema", where, k)
				continue
			}
			if len(s) > 0 {
				checkKeys(t, where+"."+k, sub, s)
			}
		}
	case []any:
		for i, item := range v {
			checkKeys(t, fmt.Sprintf("%s[%d]", where, i), item, schema)
		}
	}
}

// skyPilotClouds and dstackBackends are the names the tools' documents
// give the providers the test's answers use.
var (
	skyPilotClouds = map[string]string{"aws": "aws", "gcp": "gcp", "azure": "azure", "lambda": "lambda", "nebius": "nebius", "cudo": "cudo", "seeweb": "seeweb"}
	dstackBackends = map[string]string{"aws": "aws", "gcp": "gcp", "azure": "azure", "lambda": "lambda", "nebius": "nebius", "cudo": "cudo", "verda": "verda"}
)

func checkSkyPilot(t *testing.T, where string, doc map[string]any, res advisor.Result, p advisor.Placement) {
	t.Helper()
	r := mapAt(t, where, doc, "resources")
	want := map[string]any{"infra": skyPilotClouds[p.Provider] + "/" + p.Region, "instance_type": p.InstanceType, "use_spot": p.Pricing == catalog.Spot}
	if name, ok := catalog.AcceleratorName(p.GPU); ok {
		want["accelerators"] = name + ":" + strconv.Itoa(p.GPUCount)
	}
	for k, v := range want {
		if r[k] != v {
			t.Errorf("%s: resources.%s = %v, want %v", where, k, r[k], v)
		}
	}
	if res.Request.Workload.Kind == catalog.KindTraining {
		if doc["num_nodes"] != p.Nodes {
			t.Errorf("%s: num_nodes = %v, want the answer's %d nodes", where, doc["num_nodes"], p.Nodes)
		}
		return
	}
	svc := mapAt(t, where, doc, "service")
	if svc["replicas"] != p.Machines() {
		t.Errorf("%s: service.replicas = %v, want the answer's %d instances", where, svc["replicas"], p.Machines())
	}
	if res.Pick.Serving != nil {
		run, _ := doc["run"].(string)
		checkEngine(t, where, strings.Fields(run), res, p, p.Replicas/p.Machines())
		if secrets, _ := doc["secrets"].(map[string]any); gated(res) {
			if v, ok := secrets["HF_TOKEN"]; !ok || v != nil {
				t.Errorf("%s: secrets = %v, want HF_TOKEN asked at launch", where, doc["secrets"])
			}
		}
	}
}

func checkDstack(t *testing.T, where string, doc map[string]any, res advisor.Result, p advisor.Placement) {
	t.Helper()
	for k, v := range map[string]string{"backends": dstackBackends[p.Provider], "regions": p.Region, "instance_types": p.InstanceType} {
		if l, _ := doc[k].([]any); len(l) != 1 || l[0] != v {
			t.Errorf("%s: %s = %v, want [%s]", where, k, doc[k], v)
		}
	}
	if name, _ := doc["name"].(string); !dstackName.MatchString(name) {
		t.Errorf("%s: name %q is not a dstack resource name", where, name)
	}
	wantSpot := "on-demand"
	if p.Pricing == catalog.Spot {
		wantSpot = "spot"
	}
	if doc["spot_policy"] != wantSpot {
		t.Errorf("%s: spot_policy = %v, want %s", where, doc["spot_policy"], wantSpot)
	}
	gpu, _ := mapAt(t, where, doc, "resources")["gpu"].(string)
	if p.GPUCount > 0 && !strings.HasSuffix(gpu, ":"+strconv.Itoa(p.GPUCount)) {
		t.Errorf("%s: resources.gpu = %q, want %d GPUs", where, gpu, p.GPUCount)
	}
	switch {
	case res.Pick.Serving != nil:
		if doc["type"] != "service" || doc["replicas"] != p.Machines() {
			t.Errorf("%s: type %v with %v replicas, want a service of the answer's %d instances", where, doc["type"], doc["replicas"], p.Machines())
		}
		cmds, _ := doc["commands"].([]any)
		if len(cmds) == 0 {
			t.Fatalf("%s: commands = %v, want the engine's", where, doc["commands"])
		}
		var words []string
		for _, c := range cmds {
			words = append(words, strings.Fields(c.(string))...)
		}
		checkEngine(t, where, words, res, p, p.Replicas/p.Machines())
		if env, _ := doc["env"].([]any); gated(res) && !slices.Contains(env, any("HF_TOKEN")) {
			t.Errorf("%s: env = %v, want HF_TOKEN passed on", where, doc["env"])
		}
	case doc["type"] != "fleet" || doc["nodes"] != p.Machines():
		t.Errorf("%s: type %v with %v nodes, want a fleet of the answer's %d instances", where, doc["type"], doc["nodes"], p.Machines())
	}
}

// dstackName is the names dstack takes (src/dstack/_internal/core/services/
// __init__.py at dstackai/dstack 21213d71).
var dstackName = regexp.MustCompile(`^[a-z][a-z0-9-]{1,40}$`)

var dnsLabel = regexp.MustCompile(`^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$`)

func checkKubernetes(t *testing.T, where string, doc map[string]any, res advisor.Result, p advisor.Placement) {
	t.Helper()
	meta := mapAt(t, where, doc, "metadata")
	if name, _ := meta["name"].(string); !dnsLabel.MatchString(name) {
		t.Errorf("%s: metadata.name %q is not a DNS label", where, name)
	}
	spec := mapAt(t, where, doc, "spec")
	pod := mapAt(t, where, mapAt(t, where, spec, "template"), "spec")
	containers, _ := pod["containers"].([]any)
	if len(containers) != 1 {
		t.Fatalf("%s: %d containers, want 1", where, len(containers))
	}
	c := containers[0].(map[string]any)
	gpus := p.GPUCount
	pods := p.Replicas
	if res.Request.Workload.Kind == catalog.KindTraining {
		pods = p.Nodes
		if doc["kind"] != "Job" || doc["apiVersion"] != "batch/v1" || spec["completions"] != pods || spec["parallelism"] != pods {
			t.Errorf("%s: %v %v of %v/%v pods, want a batch/v1 Job of the answer's %d nodes", where, doc["apiVersion"], doc["kind"], spec["completions"], spec["parallelism"], pods)
		}
	} else if doc["kind"] != "Deployment" || doc["apiVersion"] != "apps/v1" || spec["replicas"] != pods {
		t.Errorf("%s: %v %v of %v replicas, want an apps/v1 Deployment of the answer's %d", where, doc["apiVersion"], doc["kind"], spec["replicas"], pods)
	}
	if p.GPUsPerReplica > 0 {
		gpus = p.GPUsPerReplica
	}
	if p.CPU != nil {
		requests := mapAt(t, where, mapAt(t, where, c, "resources"), "requests")
		if requests["cpu"] != strconv.Itoa(p.VCPUs) {
			t.Errorf("%s: a CPU server's pod requests %v CPUs, want its %d", where, requests["cpu"], p.VCPUs)
		}
	} else if limits := mapAt(t, where, mapAt(t, where, c, "resources"), "limits"); limits["nvidia.com/gpu"] != gpus {
		t.Errorf("%s: nvidia.com/gpu = %v, want %d per pod", where, limits["nvidia.com/gpu"], gpus)
	}
	if slices.Contains([]string{"aws", "gcp", "azure"}, p.Provider) {
		sel := mapAt(t, where, pod, "nodeSelector")
		if sel["node.kubernetes.io/instance-type"] != p.InstanceType || sel["topology.kubernetes.io/region"] != p.Region {
			t.Errorf("%s: nodeSelector %v does not select %s in %s", where, sel, p.InstanceType, p.Region)
		}
		if _, spot := sel[spotLabel[p.Provider]]; spot != (p.Pricing == catalog.Spot) {
			t.Errorf("%s: nodeSelector %v: spot label present %v, want %v", where, sel, spot, p.Pricing == catalog.Spot)
		}
	}
	if res.Pick.Serving != nil {
		var args []string
		for _, a := range append(c["command"].([]any), c["args"].([]any)...) {
			args = append(args, a.(string))
		}
		checkEngine(t, where, args, res, p, 1)
		env, _ := c["env"].([]any)
		if gated(res) && (len(env) != 1 || fmt.Sprint(env[0]) != "map[name:HF_TOKEN valueFrom:map[secretKeyRef:map[key:HF_TOKEN name:hf-token]]]") {
			t.Errorf("%s: env = %v, want HF_TOKEN from a Secret", where, c["env"])
		}
	}
}

// spotLabel is the node label of each managed Kubernetes' spot capacity.
var spotLabel = map[string]string{"aws": "eks.amazonaws.com/capacityType", "gcp": "cloud.google.com/gke-spot", "azure": "kubernetes.azure.com/scalesetpriority"}

// mapAt is the mapping under key k of m.
func mapAt(t *testing.T, where string, m map[string]any, k string) map[string]any {
	t.Helper()
	v, ok := m[k].(map[string]any)
	if !ok {
		t.Fatalf("%s: %s is not a mapping: %v", where, k, m[k])
	}
	return v
}

// Ensure an alternative's file launches that alternative, and asking for
// one the answer does not have, or for an unknown format, names the key.
func TestLaunchAlternativesAndKeys(t *testing.T) {
	cat, res := answer(t, questions["serving"])
	if len(res.Alternatives) == 0 {
		t.Fatal("the serving question has no alternatives")
	}
	plan, err := launch.FromAnswer(cat, res, 1, "x")
	if err != nil {
		t.Fatal(err)
	}
	b, err := launch.Write(launch.Kubernetes, plan)
	if err != nil {
		t.Fatal(err)
	}
	alt := res.Alternatives[0].Placements[0]
	if !bytes.Contains(b, []byte("alternative 1")) || !bytes.Contains(b, []byte(alt.InstanceType)) {
		t.Errorf("alternative 1's file does not launch %s:\n%s", alt.InstanceType, b)
	}
	var fe locale.FieldErrors
	if _, err := launch.FromAnswer(cat, res, len(res.Alternatives)+1, "x"); !errors.As(err, &fe) || fe[0].Field != launch.KeyAlt {
		t.Errorf("alt past the alternatives: %v, want the alt key's field error", err)
	}
	for q, field := range map[string]string{"format=yaml": launch.KeyFormat, "format=skypilot&alt=0": launch.KeyAlt,
		"format=dstack&alt=two": launch.KeyAlt, "": launch.KeyFormat, "format=dstack&region=0": launch.KeyRegion,
		"format=skypilot&region=first": launch.KeyRegion} {
		v, _ := urlValues(q)
		if _, fe := launch.ReadKeys(v); len(fe) != 1 || fe[0].Field != field {
			t.Errorf("ReadKeys(%q) = %v; want one error for %s", q, fe, field)
		}
	}
	v, _ := urlValues("format=Kubernetes&alt=2&region=3")
	if k, fe := launch.ReadKeys(v); len(fe) != 0 || k != (launch.Keys{Format: launch.Kubernetes, Alt: 2, Region: 3}) {
		t.Errorf("ReadKeys(format=Kubernetes&alt=2&region=3) = %+v, %v", k, fe)
	}
}

func urlValues(q string) (url.Values, error) { return url.ParseQuery(q) }

// Ensure a region's file alone is that region's document of the whole
// file, named and described as there, with the file's header; a region
// past the option's is the region key's field error.
func TestWriteOneRegion(t *testing.T) {
	cat, res := answer(t, questions["two-regions"])
	plan, err := launch.FromAnswer(cat, res, 0, "https://gpuplace.test/advice?q")
	if err != nil {
		t.Fatal(err)
	}
	if len(plan.Places) < 2 {
		t.Fatalf("the two-region question is answered in %d region(s)", len(plan.Places))
	}
	for _, f := range launch.Formats {
		whole, err := launch.Write(f, plan)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		docs := decodeAll(t, whole)
		for i := range plan.Places {
			b, err := launch.WriteRegion(f, plan, i+1)
			if err != nil {
				t.Fatalf("%s region %d: %v", f, i+1, err)
			}
			one := decodeAll(t, b)
			if len(one) != 1 || !reflect.DeepEqual(one[0], docs[i]) {
				t.Errorf("%s region %d: %d documents, not the whole file's document %d:\n%s", f, i+1, len(one), i+1, b)
			}
			if !bytes.Contains(b, []byte("Catalog version: "+res.CatalogVersion+";")) ||
				!bytes.Contains(b, []byte(fmt.Sprintf("Region %d of %d", i+1, len(plan.Places)))) {
				t.Errorf("%s region %d: no header or region line:\n%s", f, i+1, b)
			}
			// dstack's names are shorter: the region stays whole.
			got, want := launchedName(one[0]), launch.RegionName(plan.Name, plan.Places[i].Region)
			if got != want && (f != launch.Dstack || !strings.HasSuffix(got, "-"+plan.Places[i].Region)) {
				t.Errorf("%s region %d: named %q, want %q", f, i+1, got, want)
			}
		}
		var fe locale.FieldErrors
		if _, err := launch.WriteRegion(f, plan, len(plan.Places)+1); !errors.As(err, &fe) || fe[0].Field != launch.KeyRegion {
			t.Errorf("%s: a region past the option's: %v, want the region key's field error", f, err)
		}
	}
}
