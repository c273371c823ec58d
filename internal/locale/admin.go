package locale

// admin holds the strings of the catalog admin page.
var admin = map[string][2]string{
	"admin.title":          {"Catalog versions", "目录版本"},
	"admin.import":         {"Import a price list or a catalog", "导入价格表或目录"},
	"admin.import.hint":    {"A CSV in the common public layout (InstanceType, AcceleratorName, AcceleratorCount, vCPUs, MemoryGiB, GpuInfo, Price, SpotPrice, Region, AvailabilityZone) for one provider, merged onto the active version: in every region the list names, that provider's offers become the list's (reserved prices and spot bands are kept for the types that stay); other regions are unchanged. Or a whole catalog bundle (JSON). It becomes a new, inactive version: check the changes, then activate it.", "一个云服务商的公共格式 CSV（InstanceType、AcceleratorName、AcceleratorCount、vCPUs、MemoryGiB、GpuInfo、Price、SpotPrice、Region、AvailabilityZone），合并到当前版本上：在列表涉及的每个区域，该云服务商的报价替换为列表中的报价（保留仍存在的实例类型的预留价格和竞价中断率），其他区域不变。或一个完整的目录包（JSON）。导入后成为一个未启用的新版本：检查变化后再启用。"},
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
	"admin.activated":      {"Version %s is now active: new answers use it; pinned links and quotes keep their own.", "版本 %s 已启用：新的结果将使用它；已固定的链接和报价单保持原有版本。"},
}
