// The product API envelope (spec §7 "resultCode 0 means success and data is in body", ARCHITECTURE §4).

export type Envelope<T> = { resultCode: number; errMsg: string; body: T };

export const RESULT_CODE = {
  ok: 0,
  badRequest: 400,
  unauthorized: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  tooMany: 429,
  server: 500,
} as const;

export function ok<T>(body: T): Envelope<T> {
  return { resultCode: RESULT_CODE.ok, errMsg: '', body };
}

export function fail(resultCode: number, errMsg: string): Envelope<null> {
  return { resultCode, errMsg, body: null };
}

/** A failure with a Chinese errMsg the client may show as a toast (spec §8); statusCode is the HTTP status. */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly statusCode: number;
  readonly resultCode: number;

  constructor(statusCode: number, resultCode: number, message: string) {
    super(message);
    this.statusCode = statusCode;
    this.resultCode = resultCode;
  }

  static badRequest(msg: string): ApiError {
    return new ApiError(400, RESULT_CODE.badRequest, msg);
  }

  static unauthorized(msg = '请先登录'): ApiError {
    return new ApiError(401, RESULT_CODE.unauthorized, msg);
  }

  static forbidden(msg = '暂无权限'): ApiError {
    return new ApiError(403, RESULT_CODE.forbidden, msg);
  }

  static notFound(msg = '请求的资源不存在'): ApiError {
    return new ApiError(404, RESULT_CODE.notFound, msg);
  }

  static conflict(msg: string): ApiError {
    return new ApiError(409, RESULT_CODE.conflict, msg);
  }

  static tooMany(msg = '操作过于频繁，请稍后再试'): ApiError {
    return new ApiError(429, RESULT_CODE.tooMany, msg);
  }

  toEnvelope(): Envelope<null> {
    return fail(this.resultCode, this.message);
  }
}

export type ValidationIssue = { path: PropertyKey[]; code: string; message: string };

const CJK = /[\u4e00-\u9fff]/;

function pathLabel(path: PropertyKey[]): string {
  let label = '';
  for (const key of path) {
    if (typeof key === 'number') label += `[${key}]`;
    else label += `${label ? '.' : ''}${typeof key === 'symbol' ? (key.description ?? '') : key}`;
  }
  return label;
}

function reason(issue: ValidationIssue): string {
  const { code, message } = issue;
  // zod 4 says "expected X, received undefined"; zod 3 says "Required".
  const missing = /received (?:undefined|null)|^Required$/i.test(message);
  const emptyString = /expected string to have >=?1 characters?|at least 1 character/i.test(message);
  switch (code) {
    case 'invalid_type':
      return missing ? '不能为空' : '格式不正确';
    case 'too_small':
      return emptyString ? '不能为空' : '小于允许的最小值';
    case 'too_big':
      return '超过允许的最大值';
    case 'invalid_value':
    case 'invalid_enum_value':
    case 'invalid_literal':
      return '取值不在允许范围内';
    case 'unrecognized_keys':
      return '包含不支持的参数';
    default:
      return '格式不正确';
  }
}

function describe(issue: ValidationIssue): string {
  if (issue.code === 'unrecognized_keys') {
    const keys = [...issue.message.matchAll(/"([^"]+)"/g)].map((m) => m[1]).join('、');
    if (keys) return `不支持的参数 ${keys}`;
  }
  const label = pathLabel(issue.path);
  return label ? `${label} ${reason(issue)}` : `请求参数${reason(issue)}`;
}

/**
 * One errMsg for a failed validation, e.g. '参数错误：cityId 不能为空'. A message a schema author
 * already wrote in Chinese (e.g. '请填写正确格式的手机号') is user copy: kept as written, and
 * shown bare when it is the only problem.
 */
export function zodIssuesToChinese(issues: ValidationIssue[]): string {
  const parts = [...new Set(issues.map((issue) => (CJK.test(issue.message) ? issue.message : describe(issue))))];
  const [only] = parts;
  if (parts.length === 1 && only !== undefined && CJK.test(issues[0]?.message ?? '')) return only;
  return parts.length ? `参数错误：${parts.join('；')}` : '参数错误';
}
