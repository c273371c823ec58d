package launch

import (
	"strconv"

	"go.yaml.in/yaml/v3"

	"gpuplace/internal/catalog"
)

// skyPilotTask is a SkyPilot task YAML for one place: the instance type
// in its infra (cloud/region), the accelerators per node and spot; for an
// LLM a SkyServe service that runs the answer's engine on every replica.
// Fields as the YAML reference defines them (docs/source/reference/
// yaml-spec.rst at skypilot-org/skypilot 0048bbf6: name, num_nodes,
// resources.infra, accelerators, instance_type, use_spot, ports, setup,
// run, service.readiness_probe, service.replicas; secrets as the
// environment-variables page documents it).
func skyPilotTask(p Plan, pl Place) (*yaml.Node, error) {
	cloud := skyPilotInfra[pl.Provider] // Check has refused the others
	var accel *yaml.Node
	accelNote := ""
	if name, ok := gpuName(pl.GPU); ok {
		accel = str(name + ":" + strconv.Itoa(pl.GPUs))
	} else if pl.GPU != nil {
		accelNote = "SkyPilot's catalogs have no name for the " + pl.GPU.Name + ": the instance type brings it."
	}
	resources := []field{
		{key: "infra", value: str(cloud + "/" + pl.Region)},
		{key: "instance_type", value: str(pl.InstanceType), comment: accelNote},
		{key: "accelerators", value: accel},
		{key: "use_spot", value: boolean(pl.spot()), comment: pl.reservedNote()},
	}
	task := []field{{key: "name", value: str(p.Name)}}
	if p.Kind == catalog.KindTraining {
		task = append(task,
			field{key: "num_nodes", value: integer(pl.Instances)},
			field{key: "resources", value: mapping(resources...), comment: "Add run: with your training command; it runs on every node."},
		)
		return mapping(task...), nil
	}
	probe, run := str("/"), (*yaml.Node)(nil)
	runNote := "Add run: with your model server, listening on port " + strconv.Itoa(servingPort) + " and answering GET / once ready."
	if p.LLM != nil {
		probe, run, runNote = str(readinessPath), block(p.LLM.command(pl.replicasPerInstance())+"\n"), ""
	}
	resources = append(resources, field{key: "ports", value: integer(servingPort)})
	task = append(task,
		field{key: "service", value: mapping(
			field{key: "readiness_probe", value: probe},
			field{key: "replicas", value: integer(pl.Instances), comment: "One replica is one instance."},
		)},
		field{key: "resources", value: mapping(resources...), comment: runNote},
	)
	if p.LLM != nil {
		task = append(task, field{key: "setup", value: str("pip install " + packages[p.LLM.Engine])}, field{key: "run", value: run})
		if p.LLM.Gated {
			task = append(task, field{key: "secrets", value: mapping(field{key: hfTokenEnv, value: null()}),
				comment: "sky launch --secret " + hfTokenEnv + " passes it from your environment."})
		}
	}
	n := mapping(task...)
	if p.LLM != nil {
		n.HeadComment = comment(p.LLM.notes(pl, pl.replicasPerInstance())...)
	}
	return n, nil
}
