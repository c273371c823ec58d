package locale

import "strings"

// zhCities names, in Simplified Chinese, the cities and areas the
// catalog's regions and metros are at (their English names as the catalog
// spells them). A name not here is shown as the catalog spells it.
var zhCities = map[string]string{
	"Amsterdam": "阿姆斯特丹", "Amsterdam area": "阿姆斯特丹地区", "Arizona": "亚利桑那州", "Ashburn": "阿什本",
	"Ashburn (N. Virginia)": "阿什本（北弗吉尼亚）", "Auckland": "奥克兰", "Austin": "奥斯汀", "Beauharnois": "博阿尔努瓦",
	"Beijing": "北京", "Berlin": "柏林", "Brussels": "布鲁塞尔", "Busan": "釜山", "California": "加利福尼亚州",
	"Canberra": "堪培拉", "Cardiff": "加的夫", "Central Texas": "得克萨斯州中部", "Changhua County": "彰化县",
	"Chennai": "金奈", "Cheyenne": "夏延", "Chicago": "芝加哥", "Columbus": "哥伦布", "Columbus (Ohio)": "哥伦布（俄亥俄州）",
	"Council Bluffs": "康瑟尔布拉夫斯", "Dallas": "达拉斯", "Dammam": "达曼", "Delhi": "德里",
	"Des Moines, Iowa": "得梅因（艾奥瓦州）", "Des Moines (Iowa)": "得梅因（艾奥瓦州）", "Doha": "多哈", "Dubai": "迪拜",
	"Dublin": "都柏林", "Eemshaven": "埃姆斯哈文", "Finland (Helsinki area)": "芬兰（赫尔辛基地区）", "Frankfurt": "法兰克福",
	"Frosinone": "弗罗西诺内", "Geneva": "日内瓦", "Germany": "德国", "Germany or Finland": "德国或芬兰",
	"Gravelines": "格拉沃利讷", "Guangzhou": "广州", "Gävle": "耶夫勒", "Hamina": "哈米纳", "Hangzhou": "杭州",
	"Helsinki": "赫尔辛基", "Hong Kong": "香港", "Illinois": "伊利诺伊州", "India": "印度", "Israel": "以色列",
	"Italy": "意大利", "Jakarta": "雅加达", "Johannesburg": "约翰内斯堡", "Jurong West": "裕廊西",
	"Kristiansand": "克里斯蒂安桑", "Kuala Lumpur": "吉隆坡", "Las Vegas": "拉斯维加斯", "Lille": "里尔",
	"London": "伦敦", "Los Angeles": "洛杉矶", "Madrid": "马德里", "Malmö": "马尔默", "Marseille": "马赛",
	"Melbourne": "墨尔本", "Milan": "米兰", "Moncks Corner": "蒙克斯科纳", "Moncks Corner (S. Carolina)": "蒙克斯科纳（南卡罗来纳州）",
	"Montreal": "蒙特利尔", "Mumbai": "孟买", "N. Virginia": "北弗吉尼亚", "New York": "纽约", "Ningxia": "宁夏",
	"North Texas": "得克萨斯州北部", "Nuremberg": "纽伦堡", "Oregon": "俄勒冈州", "Osaka": "大阪", "Oslo": "奥斯陆",
	"Paris": "巴黎", "Phoenix": "菲尼克斯", "Portland (Oregon)": "波特兰（俄勒冈州）", "Pune": "浦那",
	"Quincy, Washington": "昆西（华盛顿州）", "Quincy (Washington)": "昆西（华盛顿州）", "Rome": "罗马",
	"Salt Lake City": "盐湖城", "San Antonio": "圣安东尼奥", "San Francisco": "旧金山", "San Francisco Bay Area": "旧金山湾区",
	"Santiago": "圣地亚哥", "Seoul": "首尔", "Shanghai": "上海", "Shenzhen": "深圳", "Singapore": "新加坡",
	"St. Ghislain": "圣吉斯兰", "Stavanger": "斯塔万格", "Stockholm": "斯德哥尔摩",
	"Stockholm, Sweden, or Oslo, Norway": "瑞典斯德哥尔摩或挪威奥斯陆", "Sydney": "悉尼", "São Paulo": "圣保罗",
	"Taipei": "台北", "Tel Aviv": "特拉维夫", "Texas": "得克萨斯州", "The Dalles": "达尔斯", "Tokyo": "东京",
	"Toronto": "多伦多", "Turin": "都灵", "Ulanqab": "乌兰察布", "Utah": "犹他州", "Vienna": "维也纳",
	"Virginia": "弗吉尼亚州", "Warsaw": "华沙", "Washington, DC": "华盛顿特区", "Zurich": "苏黎世",
}

// City names a city or area in the printer's language, as the catalog
// spells it where the language has no name for it.
func (p Printer) City(name string) string {
	if p.lang == ZH {
		if n, ok := zhCities[name]; ok {
			return n
		}
		// "Tokyo (ap-northeast-1)" and the like: the city before a
		// parenthesis.
		if city, rest, ok := strings.Cut(name, " ("); ok {
			if n, ok := zhCities[city]; ok {
				return n + "（" + strings.TrimSuffix(rest, ")") + "）"
			}
		}
	}
	return name
}

// CityWord is a city as a Text argument, said in the reader's language.
func CityWord(name string) Arg { return Arg{Word: cityPrefix + name} }

const cityPrefix = "city."
