// The payer's openid for JSAPI (WeChat official-account web OAuth, snsapi_base: silent, no consent page):
//   1. the page goes to open.weixin.qq.com/connect/oauth2/authorize?appid&redirect_uri&response_type=code
//      &scope=snsapi_base&state#wechat_redirect;
//   2. WeChat sends the browser back to redirect_uri?code&state;
//   3. the server exchanges the code: GET api.weixin.qq.com/sns/oauth2/access_token?appid&secret&code
//      &grant_type=authorization_code → {access_token, expires_in, refresh_token, openid, scope}, or {errcode, errmsg}.
// In PAY_MODE=sandbox both URLs point at /__sandbox/wechat (connect/oauth2/authorize and sns/oauth2/access_token).
import { z } from 'zod';
import type { HttpClient } from '../provider.ts';
import type { WechatOauthKeys } from './keys.ts';

export const WECHAT_OAUTH_AUTHORIZE_URL = 'https://open.weixin.qq.com/connect/oauth2/authorize';
export const WECHAT_SNS_API_BASE_URL = 'https://api.weixin.qq.com';

export interface WechatOauthConfig extends WechatOauthKeys {
  authorizeUrl: string;
  apiBaseUrl: string;
  http: HttpClient;
}

export interface WechatOauth {
  /** Where to send the browser; WeChat comes back to redirectUri?code&state. */
  authorizeUrl(redirectUri: string, state: string): string;
  /** The openid of a code (single use, 5 minutes). Throws with WeChat's errcode when refused. */
  openid(code: string): Promise<string>;
}

const tokenAnswer = z.union([
  z.object({ openid: z.string().min(1), access_token: z.string(), scope: z.string().optional() }),
  z.object({ errcode: z.number(), errmsg: z.string().optional() }),
]);

export function createWechatOauth(config: WechatOauthConfig): WechatOauth {
  return {
    authorizeUrl(redirectUri, state) {
      const query = new URLSearchParams({
        appid: config.appid,
        redirect_uri: redirectUri,
        response_type: 'code',
        scope: 'snsapi_base',
        state,
      });
      return `${config.authorizeUrl}?${query.toString()}#wechat_redirect`;
    },
    async openid(code) {
      const query = new URLSearchParams({
        appid: config.appid,
        secret: config.appSecret,
        code,
        grant_type: 'authorization_code',
      });
      const res = await config.http({
        method: 'GET',
        url: `${config.apiBaseUrl}/sns/oauth2/access_token?${query.toString()}`,
      });
      let json: unknown;
      try {
        json = JSON.parse(res.body);
      } catch {
        json = undefined;
      }
      const parsed = tokenAnswer.safeParse(json);
      if (res.status !== 200 || !parsed.success) throw new Error(`WeChat OAuth: unexpected answer ${res.status}`);
      if ('errcode' in parsed.data) {
        throw new Error(`WeChat OAuth: ${parsed.data.errcode} ${parsed.data.errmsg ?? ''}`.trim());
      }
      return parsed.data.openid;
    },
  };
}
