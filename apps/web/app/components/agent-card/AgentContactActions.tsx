// 在线咨询 and 复制微信 of an agent (PAGES.md §3.11): the chat opens /im with the agent's peer id (agentImHref, which
// the chat reuses); the WeChat number may be shown and copied, the phone never (calls: CallAgentButton).
import { Link } from 'react-router';
import { agentImHref } from '@fjt/domain';
import { copyText } from '../../lib/copy-text.ts';
import { showToast } from '../../lib/toast.ts';

export function AgentChatLink({
  agent,
  about,
  className,
}: {
  agent: { id: number; name: string };
  /** The estate the page is about: the chat offers to send its card (spec §4 message info). */
  about?: { cityId: number; estateId: number };
  className?: string;
}) {
  return (
    <Link className={className} to={agentImHref(agent, about)} data-testid="agent-chat">
      在线咨询
    </Link>
  );
}

export function CopyWechatButton({ wechatNo, className }: { wechatNo: string; className?: string }) {
  return (
    <button
      type="button"
      className={className}
      data-testid="agent-wechat"
      onClick={() =>
        void copyText(wechatNo, `微信号已复制：${wechatNo}`).catch(() => showToast('复制失败，请手动复制'))
      }
    >
      复制微信
    </button>
  );
}
