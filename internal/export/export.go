// Package export writes a quote as a document a customer can keep: PDF,
// XLSX and CSV, in the quote's language.
package export

import (
	"gpuplace/internal/quote"
)

// labels are the words of an exported quote, by language.
var labels = map[string]map[string]string{
	"en": {
		"title": "Quote", "number": "Number", "date": "Date", "valid_until": "Valid until", "customer": "Customer",
		"reference": "Reference", "currency": "Currency", "item": "Item", "quantity": "Quantity", "unit": "Unit",
		"unit_price": "Unit price", "discount": "Discount %", "amount": "Amount", "subtotal": "Subtotal before discounts",
		"quote_discount": "Discount on the quote %", "total": "Total", "notes": "Notes", "terms": "Terms and conditions",
		"assumptions": "Assumptions and data", "catalog": "Catalog", "rule": quote.RoundingRule, "status": "Status",
		"no_cjk": "Note: no Chinese font is installed on the server, so characters outside Latin-1 are shown as '?'.",
	},
	"zh-CN": {
		"title": "报价单", "number": "编号", "date": "日期", "valid_until": "有效期至", "customer": "客户",
		"reference": "参考号", "currency": "货币", "item": "项目", "quantity": "数量", "unit": "单位",
		"unit_price": "单价", "discount": "折扣 %", "amount": "金额", "subtotal": "折扣前小计",
		"quote_discount": "整单折扣 %", "total": "总计", "notes": "备注", "terms": "条款和条件",
		"assumptions": "假设与数据来源", "catalog": "目录", "status": "状态",
		"rule":   "每行金额 = 数量 × 单价，先扣除该行折扣，再扣除整单折扣，按货币最小单位四舍五入（远离零）。总计为各行舍入后金额之和。",
		"no_cjk": "注意：服务器未安装中文字体，Latin-1 以外的字符显示为“?”。",
	},
}

// label returns a word in the quote's language.
func label(q quote.Quote, key string) string {
	if m, ok := labels[q.Lang]; ok {
		return m[key]
	}
	return labels["en"][key]
}
