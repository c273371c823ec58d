package templates

// adminMessages are the strings of the catalog admin page.
var adminMessages = map[string][2]string{
	"admin.title":          {"Catalog versions", "目录版本"},
	"admin.import":         {"Import a price list or a catalog", "导入价格表或目录"},
	"admin.import.hint":    {"A CSV in the common public layout (InstanceType, AcceleratorName, AcceleratorCount, vCPUs, MemoryGiB, GpuInfo, Price, SpotPrice, Region, AvailabilityZone) for one provider, merged onto the active version; or a catalog bundle (JSON). It becomes a new, inactive version: check the changes, then activate it.", "一个云服务商的公共格式 CSV（InstanceType、AcceleratorName、AcceleratorCount、vCPUs、MemoryGiB、GpuInfo、Price、SpotPrice、Region、AvailabilityZone），合并到当前版本上；或一个目录包（JSON）。导入后成为一个未启用的新版本：检查变化后再启用。"},
	"admin.file":           {"File", "文件"},
	"admin.provider":       {"Provider (for a CSV)", "云服务商（CSV 用）"},
	"admin.import.submit":  {"Import", "导入"},
	"admin.problems":       {"Nothing was imported: %d problems", "未导入任何内容：%d 个问题"},
	"admin.diff":           {"Version %s against %s", "版本 %s 与 %s 对比"},
	"admin.diff.summary":   {"%d offers added, %d removed, %d changed, %d unchanged.", "新增 %d 个报价，删除 %d 个，变更 %d 个，未变 %d 个。"},
	"admin.moves":          {"Largest price moves (on-demand, USD per hour)", "最大价格变动（按需，美元/小时）"},
	"admin.offer":          {"Offer", "报价"},
	"admin.old":            {"Before", "之前"},
	"admin.new":            {"After", "之后"},
	"admin.added":          {"Added offers", "新增报价"},
	"admin.removed":        {"Removed offers", "删除的报价"},
	"admin.activate":       {"Activate %s", "启用 %s"},
	"admin.activate.short": {"Activate", "启用"},
	"admin.versions":       {"Versions", "版本"},
	"admin.version":        {"Version", "版本"},
	"admin.source":         {"Source", "来源"},
	"admin.active":         {"Active", "当前启用"},
}
