package locale

// quotes holds what the quote builder says about its fields, and the
// sentences a quote states its data with.
var quotes = map[string][2]string{
	"invalid.required":         {"required", "必填"},
	"invalid.text.long":        {"at most %s characters", "最多 %s 个字符"},
	"invalid.email":            {"is not an email address", "不是有效的邮箱地址"},
	"invalid.quote.valid_days": {"must be between 1 and %s days", "必须在 1 到 %s 天之间"},
	"invalid.quote.no_lines":   {"a quote needs at least one line", "报价单至少需要一行"},
	"invalid.quote.lines":      {"at most %s lines", "最多 %s 行"},
	"invalid.too_large":        {"is too large", "过大"},
	"invalid.percent":          {"must be between 0 and 100", "必须在 0 到 100 之间"},
	"invalid.quote.days":       {"must be a whole number of days", "必须是整数天数"},
	"invalid.logo.size":        {"the logo is larger than %s KB", "标志文件大于 %s KB"},
	"invalid.logo.type":        {"the logo must be a PNG or JPEG image", "标志必须是 PNG 或 JPEG 图片"},
	"invalid.logo.pixels":      {"the logo is more than %s pixels wide or high", "标志的宽或高超过 %s 像素"},

	"quote.data.throughput": {"Throughput: %s (%s).", "吞吐量：%s（%s）。"},
	"quote.data.prices":     {"Prices of %s in %s: %s (%s).", "%s 在 %s 的价格：%s（%s）。"},
	"quote.data.rate":       {"1 USD = %s %s (rate of %s).", "1 美元 = %s %s（%s 的汇率）。"},
}
