package locale

// earlier holds the sentences of answers pinned by earlier releases whose
// wording or arguments have changed since: a pinned link stores its answer
// as message ids and arguments, so these stay for as long as such links
// are served. New answers use the ids that replaced them.
var earlier = map[string][2]string{
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
