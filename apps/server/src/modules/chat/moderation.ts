// Contact details in what an agent writes (issue 15): phone numbers and WeChat ids are masked before the message is
// stored, unless the conversation's user sent that contact in one of their own messages first (the rules are
// packages/domain chat-moderation.ts). Only agents: they are outside parties who could take a user off the
// platform; support is our own desk and may give our hotline, and the bot's texts are fixed.
import { findContacts, maskContacts, sharedContacts, type ChatRole } from '@fjt/domain';
import type { ChatRepo } from './repo.ts';

/**
 * How many of the user's latest texts count as "shared first": a bound on the query, well past any conversation in
 * which a user would give a number and an agent repeat it.
 */
export const SHARED_CONTACT_LOOKBACK = 200;

/** Whose texts are masked. */
export const moderatedRole = (role: ChatRole) => role === 'agent';

/** The text as it is stored: the contacts in it masked, except those the user of the conversation shared first. */
export async function moderateText(
  repo: Pick<ChatRepo, 'userTexts'>,
  conversationId: number,
  role: ChatRole,
  text: string,
): Promise<string> {
  if (!moderatedRole(role)) return text;
  // nothing to mask, nothing to look up (most messages)
  if (findContacts(text).length === 0) return text;
  const shared = sharedContacts(await repo.userTexts(conversationId, SHARED_CONTACT_LOOKBACK));
  return maskContacts(text, shared);
}
