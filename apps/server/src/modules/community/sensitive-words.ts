// The community's sensitive words (words.ts matches them). Kept short and specific: a word here must almost never
// appear in an honest question or review about a home, or the filter refuses good posts. Compared after folding
// (words.ts foldForFilter), so write each once, in simplified Chinese or lower-case ASCII.

/** Refused outright: fraud, gambling, pornography, violence, illegal services. */
export const BLOCK_WORDS: readonly string[] = [
  // gambling
  '网络赌博',
  '线上赌场',
  '百家乐',
  '时时彩',
  '六合彩',
  '博彩平台',
  '赌球',
  '菠菜网',
  // pornography
  '色情',
  '裸聊',
  '约炮',
  '一夜情',
  '援交',
  '黄色网站',
  // fraud and illegal services
  '代开发票',
  '办假证',
  '刻章办证',
  '洗钱',
  '套现秒到',
  '信用卡套现',
  '网贷口子',
  '黑户贷款',
  '刷单返利',
  '高额返利',
  '裸贷',
  '代办房产证',
  '假离婚包过',
  '假结婚买房',
  '收购银行卡',
  '出售银行卡',
  '出售身份证',
  // drugs and weapons
  '冰毒',
  '摇头丸',
  '大麻',
  '枪支出售',
  '仿真枪',
  // violence
  '砍死你',
  '弄死你',
  '杀了你全家',
];

/** Kept but queued for moderation: pulling users off the platform, advertising, agents touting. */
export const FLAG_WORDS: readonly string[] = [
  '加微信',
  '加我微信',
  '加v',
  '私聊我',
  '私信我',
  '扫码进群',
  '进群',
  '加群',
  'qq群',
  '联系电话',
  '内部房源',
  '内部价',
  '特价房源',
  '稳赚',
  '保证升值',
  '包过',
  '零首付',
  '首付分期',
  '垫资',
  '代理注册',
  '刷好评',
  '推广',
  '免费领取',
  '点击链接',
];
