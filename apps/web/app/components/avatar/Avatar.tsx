// A user's avatar: one of the built-in set (a character on a colour, no uploads), or the default.
import { AVATARS } from '@fjt/domain';
import './avatar.css';

export function Avatar({ avatar, size = 56 }: { avatar: string | null; size?: number }) {
  const found = AVATARS.find((a) => a.key === avatar);
  return (
    <span
      className="avatar"
      aria-hidden="true"
      data-avatar={found?.key ?? 'default'}
      style={{ width: size, height: size, fontSize: size * 0.45, background: found?.color ?? '#c9cdd4' }}
    >
      {found?.char ?? '房'}
    </span>
  );
}

/** The name a user goes by: the nickname, else 用户 and the last four digits of the masked phone. */
export function displayName(user: { nickname: string | null; mobile: string }): string {
  return user.nickname ?? `用户${user.mobile.slice(-4)}`;
}
