package locale

// earlier holds the sentences of answers pinned by earlier releases whose
// wording or arguments have changed since: a pinned link stores its answer
// as message ids and arguments, so these stay for as long as such links
// are served. New answers use the ids that replaced them.
var earlier = map[string][2]string{
	"why.serving.one": {"%s × %s in %s (%s) serves %s requests/s at peak: each handles %s requests/s, sized for %s %% utilisation.", "%s × %s 位于 %s（%s），承载峰值每秒 %s 个请求：每个实例每秒可处理 %s 个请求，按 %s%% 利用率配置。"},
	"why.serving":     {"%s × %s in %s (%s) serve %s requests/s at peak: each handles %s requests/s, sized for %s %% utilisation.", "%s × %s 位于 %s（%s），承载峰值每秒 %s 个请求：每个实例每秒可处理 %s 个请求，按 %s%% 利用率配置。"},
	"why.llm.model.one": {"%s × %s in %s (%s) runs replicas of %s × %s in %s, %s in all, for %s output tokens/s at peak: each carries up to %s tokens/s with %s ms to the first token and %s ms per token at the 95th percentile, %s requests running at once (%s; the serving model's held-out error for these GPUs is %s %%).",
		"%s × %s（%s，%s）运行副本，每个副本 %s × %s，%s，共 %s 个，峰值输出 %s token/s：每个副本最多同时运行 %[13]s 个请求、输出 %[10]s token/s，首 token 时间 %[11]s 毫秒，每 token %[12]s 毫秒（95 百分位；%[14]s；服务模型在这类 GPU 上的留出误差为 %[15]s%%）。"},
	"why.llm.model": {"%s × %s in %s (%s) run replicas of %s × %s in %s, %s in all, for %s output tokens/s at peak: each carries up to %s tokens/s with %s ms to the first token and %s ms per token at the 95th percentile, %s requests running at once (%s; the serving model's held-out error for these GPUs is %s %%).",
		"%s × %s（%s，%s）运行副本，每个副本 %s × %s，%s，共 %s 个，峰值输出 %s token/s：每个副本最多同时运行 %[13]s 个请求、输出 %[10]s token/s，首 token 时间 %[11]s 毫秒，每 token %[12]s 毫秒（95 百分位；%[14]s；服务模型在这类 GPU 上的留出误差为 %[15]s%%）。"},
	"why.llm.one": {"%s × %s in %s (%s) runs replicas of %s × %s in %s, %s in all, for %s output tokens/s at peak: each serves %s tokens/s with %s ms to the first token and %s ms per token (%s) and holds %s requests at once.",
		"%s × %s（%s，%s）运行副本，每个副本 %s × %s，%s，共 %s 个，峰值输出 %s token/s：每个副本 %s token/s，首 token 时间 %s 毫秒，每 token %s 毫秒（%s），可同时容纳 %s 个请求。"},
	"why.llm": {"%s × %s in %s (%s) run replicas of %s × %s in %s, %s in all, for %s output tokens/s at peak: each serves %s tokens/s with %s ms to the first token and %s ms per token (%s) and holds %s requests at once.",
		"%s × %s（%s，%s）运行副本，每个副本 %s × %s，%s，共 %s 个，峰值输出 %s token/s：每个副本 %s token/s，首 token 时间 %s 毫秒，每 token %s 毫秒（%s），可同时容纳 %s 个请求。"},
	"why.llm.model.at.one": {"%s × %s in %s runs replicas of %s × %s in %s, %s in all, for %s output tokens/s at peak: each carries up to %s tokens/s with %s ms to the first token and %s ms per token at the 95th percentile, %s requests running at once (%s; the serving model's held-out error for these GPUs is %s %%).",
		"%s × %s（%s）运行副本，每个副本 %s × %s，%s，共 %s 个，峰值输出 %s token/s：每个副本最多同时运行 %[12]s 个请求、输出 %[9]s token/s，首 token 时间 %[10]s 毫秒，每 token %[11]s 毫秒（95 百分位；%[13]s；服务模型在这类 GPU 上的留出误差为 %[14]s%%）。"},
	"why.llm.model.at": {"%s × %s in %s run replicas of %s × %s in %s, %s in all, for %s output tokens/s at peak: each carries up to %s tokens/s with %s ms to the first token and %s ms per token at the 95th percentile, %s requests running at once (%s; the serving model's held-out error for these GPUs is %s %%).",
		"%s × %s（%s）运行副本，每个副本 %s × %s，%s，共 %s 个，峰值输出 %s token/s：每个副本最多同时运行 %[12]s 个请求、输出 %[9]s token/s，首 token 时间 %[10]s 毫秒，每 token %[11]s 毫秒（95 百分位；%[13]s；服务模型在这类 GPU 上的留出误差为 %[14]s%%）。"},
	"why.llm.tpot": {"No figure of %s meets %s ms per output token: the fastest it is known to serve at is %s ms.", "%s 没有满足每 token %s 毫秒的数据：已知最快为 %s 毫秒。"},
	"why.unmet": {"No allowed placement, in up to %s regions, keeps %s %% of users within %s ms. This one keeps the most within it: %s %% (weighted latency %s ms).",
		"在最多 %s 个区域的所有允许方案中，没有一个能让 %s%% 的用户在 %s 毫秒以内。此方案让最多的用户达标：%s%%（加权延迟 %s 毫秒）。"},
	"lost.costs_more":      {"Costs %s %% more (+%s %s).", "成本高 %s%%（+%s %s）。"},
	"lost.costs_less":      {"Costs %s %% less (−%s %s).", "成本低 %s%%（−%s %s）。"},
	"lost.less_within":     {"Keeps fewer users within the target: %s %% against %s %%.", "达标的用户更少：%s%%，而推荐方案为 %s%%。"},
	"lost.slower_same":     {"Keeps as many users within the target, but its weighted latency is higher: %s ms against %s ms. %s", "达标用户一样多，但加权延迟更高：%s 毫秒，而推荐方案为 %s 毫秒。%s"},
	"lost.slower":          {"Slower: weighted latency %s ms against %s ms. %s", "更慢：加权延迟 %s 毫秒，而推荐方案为 %s 毫秒。%s"},
	"lost.longer":          {"Slower: the job takes %s h against %s h. %s", "更慢：任务需要 %s 小时，而推荐方案为 %s 小时。%s"},
	"spot.saves.inference": {"Spot saves %s %% against on-demand, including %s spare replica to ride out interruptions (%s).", "竞价实例比按需节省 %s%%，其中包含 %s 个备用副本以应对中断（%s）。"},
	"why.training.one":     {"%s × %s (%s × %s) finishes %s × %s epochs in %s h at %s %s per GPU (%s, %s).", "%s × %s（%s × %s）以每个 GPU %[8]s %[9]s 的速度（%[10]s，%[11]s），在 %[7]s 小时内完成 %[5]s × %[6]s 轮。"},
	"why.training":         {"%s × %s (%s × %s) finish %s × %s epochs in %s h at %s %s per GPU (%s, %s).", "%s × %s（%s × %s）以每个 GPU %[8]s %[9]s 的速度（%[10]s，%[11]s），在 %[7]s 小时内完成 %[5]s × %[6]s 轮。"},
	"estimated.service":    {"Service time per request: %s ms on %s, scaled to other GPUs by measured throughput", "每个请求的服务时间：在 %[2]s 上为 %[1]s 毫秒，按实测吞吐量换算到其他 GPU"},
}
