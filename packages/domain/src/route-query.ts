// Query parameters the route guard reads for particular pages (spec §2): /im takes userid and username
// (the chat peer), /download takes chanelName (the marketing channel, spelled as the spec spells it).
import { parseId } from './api/params.ts';

export interface ImQuery {
  userid: string | null;
  username: string | null;
  /**
   * The estate the user was looking at when they opened the chat (an estate's agent list): the chat's "message
   * info", offered as an estate card to send (spec §4: in the app from 12.8.0). Both or neither.
   */
  about?: { cityId: number; estateId: number } | null;
}

export interface DownloadQuery {
  chanelName: string | null;
}

const MAX_LENGTH = 64;

/** Trimmed, at most 64 characters, null when empty; untrusted input that pages show and send back. */
function clean(value: string | null): string | null {
  const trimmed = value?.trim() ?? '';
  return trimmed ? trimmed.slice(0, MAX_LENGTH) : null;
}

/** The chat peer id of an agent (经纪人): the /im page and, later, the chat service know agents by it. */
export const agentPeerId = (agentId: number) => `agent-${agentId}`;

/** The /im link that opens a chat with a peer (about an estate: cityId and houseId too). */
export function imHref(
  peer: { userid: string; username: string },
  about?: { cityId: number; estateId: number },
): string {
  const query = new URLSearchParams({ userid: peer.userid, username: peer.username });
  if (about) {
    query.set('cityId', String(about.cityId));
    query.set('houseId', String(about.estateId));
  }
  return `/im?${query.toString()}`;
}

/** 在线咨询 an agent (from an estate's page: about that estate). */
export const agentImHref = (agent: { id: number; name: string }, about?: { cityId: number; estateId: number }) =>
  imHref({ userid: agentPeerId(agent.id), username: agent.name }, about);

export function readImQuery(search: URLSearchParams): ImQuery {
  const cityId = parseId(search.get('cityId'));
  const estateId = parseId(search.get('houseId'));
  return {
    userid: clean(search.get('userid')),
    username: clean(search.get('username')),
    about: cityId !== null && estateId !== null ? { cityId, estateId } : null,
  };
}

export function readDownloadQuery(search: URLSearchParams): DownloadQuery {
  // Channel codes are identifiers (huawei, xiaomi_store, wx-ad-2026); anything else is not a channel.
  const channel = clean(search.get('chanelName'));
  return { chanelName: channel && /^[\w.-]+$/.test(channel) ? channel : null };
}

export type RouteQuery = { route: 'im'; im: ImQuery } | { route: 'download'; download: DownloadQuery } | null;

/** What the guard reads for a path (trailing slash ignored); null for routes without guard parameters. */
export function readRouteQuery(pathname: string, search: URLSearchParams): RouteQuery {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (path === '/im') return { route: 'im', im: readImQuery(search) };
  if (path === '/download') return { route: 'download', download: readDownloadQuery(search) };
  return null;
}
