package locale

// errorPages holds what error pages say, by status or by cause.
var errorPages = map[string][2]string{
	"error.status.400":      {"The request could not be read.", "无法读取该请求。"},
	"error.status.401":      {"Please sign in.", "请先登录。"},
	"error.status.403":      {"Your account may not open this page.", "您的账户无权打开此页面。"},
	"error.status.404":      {"There is nothing at this address.", "此地址没有内容。"},
	"error.status.405":      {"This address does not take this kind of request.", "此地址不接受这种请求。"},
	"error.status.408":      {"The request took too long to arrive.", "请求传输时间过长。"},
	"error.status.409":      {"The quote cannot change this way in its present state.", "报价单在当前状态下不能这样更改。"},
	"error.status.413":      {"The request is too large.", "请求过大。"},
	"error.status.414":      {"The address is too long.", "地址过长。"},
	"error.status.422":      {"Some values are not valid.", "部分取值无效。"},
	"error.status.429":      {"Too many requests from your address. Wait a minute and try again.", "来自您地址的请求过多，请稍等一分钟后重试。"},
	"error.status.499":      {"The request was cancelled.", "请求已取消。"},
	"error.status.500":      {"Something went wrong. Please try again.", "出错了，请重试。"},
	"error.bad_text":        {"These fields must be text (UTF-8) without NUL bytes:", "以下字段必须是不含 NUL 字节的文本（UTF-8）："},
	"error.fields":          {"Some values are not valid:", "以下取值无效："},
	"error.superseded":      {"%s was revised meanwhile (in another tab, or by someone else): only the latest revision changes.", "%s 已在此期间被修订（在另一个标签页中，或由其他人）：只能更改最新版本。"},
	"error.superseded.link": {"Open the latest revision, %s", "打开最新版本 %s"},
	"invalid.whole.range":   {"must be a whole number from %s to %s", "必须是 %s 到 %s 之间的整数"},
	"invalid.owner.unknown": {"no user has this email", "没有使用此邮箱的用户"},
	"invalid.not_text":      {"must be text (UTF-8) without NUL bytes", "必须是不含 NUL 字节的文本（UTF-8）"},
}
