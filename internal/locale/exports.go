package locale

// exports holds the words of an exported quote (PDF, XLSX, CSV).
var exports = map[string][2]string{
	"export.title":          {"Quote", "报价单"},
	"export.number":         {"Number", "编号"},
	"export.date":           {"Date", "日期"},
	"export.valid_until":    {"Valid until", "有效期至"},
	"export.customer":       {"Customer", "客户"},
	"export.reference":      {"Reference", "参考号"},
	"export.currency":       {"Currency", "货币"},
	"export.item":           {"Item", "项目"},
	"export.quantity":       {"Quantity", "数量"},
	"export.unit":           {"Unit", "单位"},
	"export.unit_price":     {"Unit price", "单价"},
	"export.discount":       {"Discount %", "折扣 %"},
	"export.amount":         {"Amount", "金额"},
	"export.subtotal":       {"Subtotal before discounts", "折扣前小计"},
	"export.quote_discount": {"Discount on the quote %", "整单折扣 %"},
	"export.total":          {"Total", "总计"},
	"export.notes":          {"Notes", "备注"},
	"export.terms":          {"Terms and conditions", "条款和条件"},
	"export.assumptions":    {"Assumptions and data", "假设与数据来源"},
	"export.catalog":        {"Catalog", "目录"},
	"export.status":         {"Status", "状态"},
	"export.no_cjk": {"Note: no Chinese font is installed on the server, so characters outside Latin-1 are shown as '?'.",
		"注意：服务器未安装中文字体，Latin-1 以外的字符显示为“?”。"},
}
