package locale

// explorer holds the catalog explorer's words for providers, their
// headquarters and what an offer's data is worth, as {English, Simplified
// Chinese}; the explorer's older words are in pages.
var explorer = map[string][2]string{
	"explorer.nav.providers": {"Providers", "云服务商"},

	// Providers page.
	"explorer.providers.title":      {"Providers", "云服务商"},
	"explorer.providers.lead":       {"Every provider in the catalog: where it is headquartered (whose law reaches its data, wherever its regions are), what kind of provider it is, how many of its regions and offers the catalog holds, how recent its prices are and where they come from, and whether its egress price is known.", "目录中的全部云服务商：总部所在地（无论其区域在哪里，数据都受总部所在地法律管辖）、服务商类型、目录收录的区域数和报价数、价格的时效与来源，以及出站流量价格是否已知。"},
	"explorer.providers.count":      {"%d providers.", "共 %d 家云服务商。"},
	"explorer.providers.none":       {"No provider matches these filters.", "没有符合这些筛选条件的云服务商。"},
	"explorer.providers.offers":     {"Show the offers of these providers", "查看这些云服务商的报价"},
	"explorer.hq":                   {"Headquarters", "总部"},
	"explorer.hq.eu":                {"In the EU/EEA", "欧盟/欧洲经济区内"},
	"explorer.hq.non_eu":            {"Outside the EU/EEA", "欧盟/欧洲经济区外"},
	"explorer.kind":                 {"Kind of provider", "服务商类型"},
	"explorer.kind.hyperscaler":     {"Hyperscaler", "超大规模云"},
	"explorer.kind.gpu_cloud":       {"GPU cloud", "GPU 云"},
	"explorer.kind.dedicated":       {"Dedicated servers", "独立服务器"},
	"explorer.country_assumed":      {"country not stated", "国家未说明"},
	"explorer.country_assumed.hint": {"The source does not say which country this region is in; it is placed here for latency only, and no data-residency answer uses it.", "来源没有说明该区域位于哪个国家；此处的位置仅用于估算延迟，任何数据驻留答案都不会使用它。"},
	"explorer.col.regions":          {"Regions", "区域数"},
	"explorer.prices_as_of":         {"Prices as of", "价格日期"},
	"explorer.quality":              {"Price sources", "价格来源"},
	"explorer.quality.primary":      {"primary %s", "一手 %s"},
	"explorer.quality.second":       {"secondary %s", "二手 %s"},
	"explorer.quality.unstated":     {"not stated %s", "未注明 %s"},
	"explorer.quality.note":         {"Prices as of: the oldest and the newest date of the provider's prices. Price sources: primary is the provider's own price list, API or catalog; secondary a third party's transcription or resale listing.", "价格日期：该服务商价格中最早和最新的日期。价格来源：一手指云服务商自己的价目表、API 或目录；二手指第三方的转录或转售列表。"},
	"explorer.egress":               {"Egress price", "出站流量价格"},
	"explorer.egress.known":         {"known", "已知"},
	"explorer.egress.unknown":       {"unknown", "未知"},
	"explorer.egress.note":          {"An unknown egress price is never taken as free: a plan that needs it is priced at the dearest egress the catalog knows, and says so.", "未知的出站流量价格绝不按免费计算：需要它的方案按目录中已知的最高出站流量价格计价，并会注明。"},

	// Regions page.
	"explorer.provider_hq":     {"Provider headquarters", "服务商总部"},
	"explorer.regions.hq_note": {"Beside each region's jurisdiction is its provider's: a provider headquartered outside the EU/EEA answers to its home country's law wherever its region is.", "每个区域的法律辖区旁边是其云服务商总部的法律辖区：总部位于欧盟/欧洲经济区以外的服务商，无论区域在哪里，都受其总部所在国法律管辖。"},

	// Offers: what a row's data is worth.
	"explorer.partition":        {"%s of a GPU", "%s 个 GPU"},
	"explorer.partition.title":  {"A partition of one GPU: its memory and speed are that share of the GPU's. Per GPU-hour it is priced as a whole GPU's worth.", "单个 GPU 的一部分：显存和速度按该比例计算。按每 GPU 小时计价时折算为一整个 GPU。"},
	"explorer.listed_only":      {"listed only", "仅见于价目表"},
	"explorer.listed_only.hint": {"The source lists this price for the region without confirming capacity there.", "来源列出了此区域的价格，但未确认该区域有可用容量。"},
	"explorer.secondary":        {"secondary source", "二手来源"},
	"explorer.secondary.hint":   {"The price comes from a third party's transcription or resale listing, not from the provider.", "价格来自第三方的转录或转售列表，而非云服务商本身。"},
	"explorer.setup":            {"setup fee %s", "开通费 %s"},
	"explorer.setup.unknown":    {"setup fee not stated", "开通费未注明"},
	"explorer.own.converted":    {"%s as stated", "原始标价 %s"},
	"explorer.own.stated":       {"as stated", "原始标价"},
	"explorer.own.note":         {" Prices marked “as stated” are the provider's own figures in %s, not converted.", " 标有“原始标价”的是云服务商自己的 %s 标价，未经换算。"},
}
