// The community's shared rules (issue 17, PAGES.md §3.8): how long a post may be, its images, the Q&A topics, review
// dimensions and tags, viewing-note highlights, what a report may say, the posting limits, and the messages users
// see when a post is refused. The server checks with these and the pages count characters with the same numbers.

/** What a post is: a question, an answer, a review, a reply to a review, a viewing note. */
export type PostKind = 'question' | 'answer' | 'review' | 'review_reply' | 'note';

/** Shown / hidden by moderation (restorable) / deleted (never shown again). */
export const CONTENT_STATUSES = ['visible', 'hidden', 'deleted'] as const;
export type ContentStatus = (typeof CONTENT_STATUSES)[number];

export const QA_TITLE_MAX = 50;
export const QA_TITLE_MIN = 5;
export const QA_BODY_MAX = 500;
export const ANSWER_BODY_MIN = 2;
export const ANSWER_BODY_MAX = 1000;
export const REVIEW_BODY_MIN = 10;
export const REVIEW_BODY_MAX = 500;
export const REPLY_BODY_MAX = 200;
export const NOTE_BODY_MAX = 1000;
export const POST_IMAGES_MAX = 3;
export const INFORM_DESCRIPTION_MAX = 200;
export const INFORM_IMAGES_MAX = 3;

/** Uploads (POST upload/image): at most 5 MB as sent; stored re-encoded with the long edge at most this. */
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export const UPLOAD_MAX_EDGE = 1280;
export const UPLOAD_PURPOSES = ['question', 'answer', 'review', 'note', 'inform', 'chat'] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];
/** Where uploaded images are served: /img/u/<sha256>.<ext>. */
export const UPLOAD_PATH_PREFIX = '/img/u/';
export const UPLOAD_PATH_PATTERN = /^\/img\/u\/[0-9a-f]{64}\.(?:jpg|png|webp|gif)$/;

/** 问答 topic chips of /{city}/questions. */
export const QA_TOPICS = [
  { key: 'price', label: '房价行情' },
  { key: 'school', label: '学区教育' },
  { key: 'traffic', label: '交通出行' },
  { key: 'property', label: '物业管理' },
  { key: 'amenities', label: '周边配套' },
  { key: 'loan', label: '贷款税费' },
  { key: 'policy', label: '购房政策' },
  { key: 'other', label: '其他' },
] as const;
export type QaTopic = (typeof QA_TOPICS)[number]['key'];

/** 小区点评's four scores beside the overall one. */
export const REVIEW_DIMENSIONS = [
  { key: 'traffic', label: '交通' },
  { key: 'amenities', label: '配套' },
  { key: 'property', label: '物业' },
  { key: 'environment', label: '环境' },
] as const;
export type ReviewDimension = (typeof REVIEW_DIMENSIONS)[number]['key'];
export const REVIEW_SCORE_MIN = 1;
export const REVIEW_SCORE_MAX = 5;
export const REVIEW_TAGS_MAX = 5;
/** Tags a reviewer may pick: the good and the bad. A review may only claim what the estate has (seeded ones check). */
export const REVIEW_TAGS = [
  '近地铁',
  '交通便利',
  '商超齐全',
  '学区好',
  '物业负责',
  '绿化好',
  '安静',
  '停车方便',
  '人车分流',
  '户型方正',
  '采光好',
  '性价比高',
  '物业一般',
  '停车难',
  '临街吵',
  '房龄老',
  '配套不足',
  '电梯老旧',
] as const;
/** Who wrote a review: an owner (verified by 业主认证), a tenant or a visitor, as declared. */
export const REVIEW_RELATIONS = [
  { key: 'owner', label: '业主' },
  { key: 'tenant', label: '租户' },
  { key: 'visitor', label: '看房者' },
] as const;

/** 看房笔记 highlights, each 好 | 中 | 差. */
export const NOTE_HIGHLIGHTS = [
  { key: 'daylight', label: '采光' },
  { key: 'noise', label: '噪音' },
  { key: 'layout', label: '户型' },
  { key: 'property', label: '物业' },
  { key: 'upkeep', label: '房屋状况' },
] as const;
export const NOTE_GRADES = ['好', '中', '差'] as const;

/** What may be reported (/inform?targetType&targetId). */
export const INFORM_TARGETS = [
  'listing',
  'estate',
  'deal',
  'rental',
  'question',
  'answer',
  'review',
  'review_reply',
  'note',
] as const;
export type InformTarget = (typeof INFORM_TARGETS)[number];

/** The reasons offered, by kind of target: wrong data for market records, abuse for posts. */
export const INFORM_REASONS = {
  wrong_price: '价格不实',
  wrong_facts: '房源信息有误',
  sold_or_stale: '房源已售/已下架',
  fake_listing: '虚假房源',
  wrong_estate_facts: '小区信息有误',
  wrong_deal: '成交数据有误',
  ad_spam: '广告/引流',
  abuse: '辱骂/人身攻击',
  illegal: '违法违规',
  fraud: '诈骗信息',
  other: '其他',
} as const;
export type InformReason = keyof typeof INFORM_REASONS;
export const INFORM_REASONS_BY_TARGET: Record<InformTarget, readonly InformReason[]> = {
  listing: ['wrong_price', 'wrong_facts', 'sold_or_stale', 'fake_listing', 'other'],
  rental: ['wrong_price', 'wrong_facts', 'sold_or_stale', 'fake_listing', 'other'],
  estate: ['wrong_estate_facts', 'wrong_price', 'other'],
  deal: ['wrong_deal', 'other'],
  question: ['ad_spam', 'abuse', 'illegal', 'fraud', 'other'],
  answer: ['ad_spam', 'abuse', 'illegal', 'fraud', 'other'],
  review: ['ad_spam', 'abuse', 'illegal', 'fraud', 'other'],
  review_reply: ['ad_spam', 'abuse', 'illegal', 'fraud', 'other'],
  note: ['ad_spam', 'abuse', 'illegal', 'fraud', 'other'],
};

/**
 * Posting limits, per user over all kinds of post: a burst of POST_BURST, then one every POST_REFILL_MS. A new
 * account may not post for NEW_ACCOUNT_COOLDOWN_MS after it signs up (spam accounts are made and used at once).
 */
export const POST_BURST = 5;
export const POST_REFILL_MS = 60_000;
export const NEW_ACCOUNT_COOLDOWN_MS = 10 * 60_000;

export const COMMUNITY_MESSAGES = {
  rateLimited: '发布太频繁，请稍后再试',
  newAccount: '新注册账号需等待10分钟后才能发布内容',
  banned: '账号已被禁言，无法发布内容',
  blockedWords: '内容包含违规信息，请修改后再发布',
  empty: '请输入内容',
  tooManyImages: `最多上传${POST_IMAGES_MAX}张图片`,
  imageNotYours: '图片无效，请重新上传',
  questionDeleted: '问题已删除',
  notFound: '内容不存在或已删除',
  notYours: '只能修改或删除自己发布的内容',
  uploadTooLarge: '图片不能超过5MB',
  uploadNotImage: '仅支持上传JPG、PNG、WebP或GIF图片',
  uploadUnreadable: '图片无法识别，请换一张试试',
} as const;
