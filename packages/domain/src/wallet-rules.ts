// The reseller programme's and the wallet's rules and messages (issue 12), without zod: the app's root keeps a share
// link's code on every page (lib/proxy-code.ts), and importing api/wallet.ts there would ship zod to every page.
/** 推广码: 8 characters of an alphabet without look-alikes (no 0/O, 1/I/L). */
export const PROXY_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const PROXY_CODE_LENGTH = 8;
export const PROXY_CODE_PATTERN = /^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{8}$/;
/** The commission rate a new reseller gets, in basis points of the paid amount (10%), unless configured. */
export const DEFAULT_PROXY_RATE_BP = 1000;
/** The query parameter of a share link (/market?proxy=CODE). */
export const PROXY_QUERY_PARAM = 'proxy';
/** Product kinds an order may be attributed to a reseller for (not VIP cards, not activities). */
export const PROXY_PRODUCT_KINDS = ['report', 'trade'] as const;

/** The least one withdrawal may take, in 分 (¥10). */
export const WITHDRAW_MIN_FEN = 1000;
/** The most one withdrawal may take, in 分 (¥50,000): a bound for the input, not a business rule. */
export const WITHDRAW_MAX_FEN = 5_000_000;
/** How long the console takes to review a withdrawal (shown on the pages). */
export const WITHDRAW_REVIEW_DAYS = '1-3个工作日';

export const WALLET_MESSAGES = {
  proxyUnknown: '推广码不存在，请检查后重试',
  proxyOwn: '不能使用自己的推广码下单',
  withdrawAmount: '请输入正确的提现金额（最多两位小数）',
  withdrawMin: `单笔提现金额不能低于¥${WITHDRAW_MIN_FEN / 100}`,
  withdrawMax: `单笔提现金额不能超过¥${WITHDRAW_MAX_FEN / 100}`,
  withdrawOverBalance: '提现金额不能超过可提现余额',
  withdrawPending: '您有一笔提现正在审核中，审核完成后才能再次申请',
  decided: '该提现申请已处理，请刷新后查看',
  withdrawalUnknown: '提现申请不存在',
  memo: '备注须为2-100个字',
  decision: '请选择通过或驳回',
  opsOnly: '仅运营人员可以审核提现',
} as const;
