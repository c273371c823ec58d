package launch

import (
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	"gpuplace/internal/catalog"
)

// dstackConfiguration is a dstack configuration for one place: a fleet of
// the instances (training, and serving without a known server), or, for
// an LLM, a service that runs the answer's engine on every replica (env
// passing a gated model's token on). Fields as dstack's
// configuration models define them (src/dstack/_internal/core/models/
// fleets.py, configurations.py and profiles.py at dstackai/dstack
// 511c318c: type, name, nodes, placement, replicas, image, commands, port,
// model, resources.gpu, resources.cpu, resources.memory, resources.
// shm_size, backends, regions, instance_types, spot_policy).
func dstackConfiguration(p Plan, pl Place) (*yaml.Node, error) {
	backend := dstackBackends[pl.Provider] // Check has refused the others
	spot := "on-demand"
	if pl.spot() {
		spot = "spot"
	}
	resources := mapping(
		field{key: "gpu", value: dstackGPU(pl)},
		field{key: "cpu", value: cpuOnly(pl, integer(pl.VCPUs))},
		field{key: "memory", value: cpuOnly(pl, str(gib(pl.MemoryGiB)))},
		field{key: "shm_size", value: shmSize(p)},
	)
	placement := []field{
		{key: "resources", value: resources},
		{key: "backends", value: strs(backend)},
		{key: "regions", value: strs(pl.Region)},
		{key: "instance_types", value: strs(pl.InstanceType)},
		{key: "spot_policy", value: str(spot), comment: pl.reservedNote()},
	}
	if p.LLM == nil {
		note := "The instances your service runs on: add a service configuration with your model server."
		if p.Kind == catalog.KindTraining {
			note = "The nodes your training runs on: submit a task to this fleet."
		}
		fleet := []field{
			{key: "type", value: str("fleet"), comment: note},
			{key: "name", value: str(p.Name)},
			{key: "nodes", value: integer(pl.Instances)},
		}
		if p.Kind == catalog.KindTraining && pl.Instances > 1 {
			fleet = append(fleet, field{key: "placement", value: str("cluster"), comment: "Nodes on one interconnected network."})
		}
		return mapping(append(fleet, placement...)...), nil
	}
	commands := strs(strings.Split(p.LLM.command(pl.replicasPerInstance()), "\n")...)
	service := []field{
		{key: "type", value: str("service")},
		{key: "name", value: str(p.Name)},
		{key: "image", value: str(p.LLM.image(pl))},
		{key: "env", value: hfTokenList(p.LLM), comment: hfTokenNote(p.LLM)},
		{key: "commands", value: commands},
		{key: "port", value: integer(servingPort)},
		{key: "model", value: str(p.LLM.Repo)},
		{key: "replicas", value: integer(pl.Instances), comment: "One replica is one instance."},
	}
	n := mapping(append(service, placement...)...)
	n.HeadComment = comment(p.LLM.notes(pl, pl.replicasPerInstance())...)
	return n, nil
}

// dstackGPU is resources.gpu: "name:memory:count" ("A100:80GB:8"), or the
// memory and count where dstack's name for the GPU is not known; nil for a
// CPU server.
func dstackGPU(pl Place) *yaml.Node {
	if pl.GPU == nil {
		return nil
	}
	spec := gib(pl.GPU.MemoryGB) + ":" + strconv.Itoa(pl.GPUs)
	if name, ok := dstackGPUName(pl.GPU); ok {
		spec = name + ":" + spec
	}
	return str(spec)
}

// cpuOnly is v for a CPU server, nil for a GPU one (whose instance type
// already fixes its CPUs and memory).
func cpuOnly(pl Place, v *yaml.Node) *yaml.Node {
	if pl.GPU != nil {
		return nil
	}
	return v
}

// shmSize is the shared memory a tensor-parallel engine needs between its
// processes (vLLM's Docker page asks for --ipc=host or a large --shm-size).
func shmSize(p Plan) *yaml.Node {
	if p.LLM == nil || p.LLM.GPUs() < 2 {
		return nil
	}
	return str("16GB")
}

// hfTokenList is a dstack env list passing the Hugging Face token on
// from the environment dstack apply runs in (a name without a value);
// nil for a repository that needs none.
func hfTokenList(s *LLMServer) *yaml.Node {
	if !s.Gated {
		return nil
	}
	return strs(hfTokenEnv)
}

// hfTokenNote says where the token comes from.
func hfTokenNote(s *LLMServer) string {
	if !s.Gated {
		return ""
	}
	return "Set " + hfTokenEnv + " where you run dstack apply: dstack passes it on."
}
