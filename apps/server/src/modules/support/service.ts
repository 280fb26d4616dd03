// The support centre (PAGES.md §3.12): the signed-in user's summary for support (registration, last purchase,
// membership end) from the users, orders and vip_periods tables; the chat switch and each city's support contacts
// (chat peer, WeChat id, phone) from the server's settings (env.ts SUPPORT_*).
import { isoText, queryRows, sql, type Database } from '@fjt/db';
import {
  ApiError,
  SUPPORT_MESSAGES,
  SUPPORT_NICKNAME_PREFIX,
  maskPhone,
  type ChatPeer,
  type CityPeer,
  type ImUserInfo,
  type Services,
  type SupportUserSummary,
} from '@fjt/domain';
import type { Env } from '../../env.ts';


export interface SupportSettings {
  /** im/switch body.enable. */
  enabled: boolean;
  /** The support peer of a city without its own. */
  peer: ChatPeer;
  cityPeers: Readonly<Record<number, string>>;
  wechatNo: string | null;
  phone: string | null;
}

export type SupportEnv = Partial<
  Pick<Env, 'SUPPORT_ENABLED' | 'SUPPORT_PEER' | 'SUPPORT_CITY_PEERS' | 'SUPPORT_WECHAT_NO' | 'SUPPORT_PHONE'>
>;

/** The settings from the parsed env; what is left out (tests pass a few settings) takes env.ts's defaults. */
export function supportSettings(env: SupportEnv): SupportSettings {
  return {
    enabled: env.SUPPORT_ENABLED ?? true,
    peer: env.SUPPORT_PEER ?? 'support',
    cityPeers: env.SUPPORT_CITY_PEERS ?? {},
    wechatNo: env.SUPPORT_WECHAT_NO ?? null,
    phone: env.SUPPORT_PHONE ?? null,
  };
}

export function createSupportService(deps: {
  db: Database;
  services: Pick<Services, 'geo'>;
  settings: SupportSettings;
}) {
  const { db, services, settings } = deps;

  const peerOf = (cityId: number | undefined): ChatPeer =>
    (cityId !== undefined ? (settings.cityPeers[cityId] as ChatPeer | undefined) : undefined) ?? settings.peer;

  async function knownCity(cityId: number): Promise<void> {
    if (!(await services.geo.getCity(cityId))) throw ApiError.notFound(SUPPORT_MESSAGES.cityUnknown);
  }

  return {
    settings,

    isEnabled(): boolean {
      return settings.enabled;
    },

    /** A city's support contacts (404 城市不存在 for an unknown city). */
    async cityPeer(cityId: number): Promise<CityPeer> {
      await knownCity(cityId);
      return { cityId, peerid: peerOf(cityId), wechatNo: settings.wechatNo, phone: settings.phone };
    },

    async peerId(cityId: number): Promise<ChatPeer> {
      await knownCity(cityId);
      return peerOf(cityId);
    },

    /** Registration, the last paid order (refunded ones too: they were purchases) and the latest membership end. */
    async userSummary(userId: number): Promise<SupportUserSummary> {
      const [row] = await queryRows<{ regDate: string; lastBuyDate: string | null; vipExpireDate: string | null }>(
        db,
        sql`SELECT ${isoText('u.created_at')} AS "regDate",
                   (SELECT ${isoText('max(o.paid_at)')} FROM orders o
                     WHERE o.user_id = u.id AND o.paid_at IS NOT NULL) AS "lastBuyDate",
                   (SELECT ${isoText('max(p.ends_at)')} FROM vip_periods p WHERE p.user_id = u.id) AS "vipExpireDate"
              FROM users u
             WHERE u.id = ${userId} AND u.deleted_at IS NULL`,
      );
      if (!row) throw ApiError.unauthorized(SUPPORT_MESSAGES.loginRequired);
      return { userId, regDate: row.regDate, lastBuyDate: row.lastBuyDate, vipExpireDate: row.vipExpireDate };
    },

    /** The support-chat identity (spec §3): peer, user id, masked mobile, prefix + user id as the nickname. */
    async userInfo(
      user: { id: number; phone: string; avatar: string | null },
      cityId: number | undefined,
    ): Promise<ImUserInfo> {
      if (cityId !== undefined) await knownCity(cityId);
      return {
        peerid: peerOf(cityId),
        userId: user.id,
        mobile: maskPhone(user.phone),
        nickname: `${SUPPORT_NICKNAME_PREFIX}${user.id}`,
        avatar: user.avatar,
      };
    },
  };
}

export type SupportService = ReturnType<typeof createSupportService>;
