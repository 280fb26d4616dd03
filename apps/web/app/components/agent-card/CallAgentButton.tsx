// 打电话 to an agent (PAGES.md §3.11): never the agent's own number. POST agent/call/get binds a virtual number to
// (this user, this agent) for a quarter of an hour, and the phone dials it. A visitor goes to login first and comes
// back to the page; errors are toasts of the server's errMsg.
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { RESULT_CODE, VIRTUAL_NUMBER_MINUTES, type AgentCallBody } from '@fjt/domain';
import { callApi, checkLogin, loginHref, useViewer } from '../../lib/session.ts';
import { showToast } from '../../lib/toast.ts';

export function CallAgentButton({
  agentId,
  estateId,
  className,
  children = '打电话',
}: {
  agentId: number;
  estateId?: number;
  className?: string;
  children?: string;
}) {
  const viewer = useViewer();
  const navigate = useNavigate();
  const location = useLocation();
  const [busy, setBusy] = useState(false);

  const call = async () => {
    const toLogin = () => void navigate(loginHref(`${location.pathname}${location.search}`));
    if (viewer.status === 'visitor' || !(await checkLogin())) return toLogin();
    setBusy(true);
    const res = await callApi<AgentCallBody>('agent/call/get', { agentId, ...(estateId ? { estateId } : {}) });
    setBusy(false);
    if (res.resultCode !== 0 || !res.body) {
      if (res.resultCode === RESULT_CODE.unauthorized) return toLogin();
      return showToast(res.errMsg || 'Network Error.');
    }
    showToast(`虚拟号 ${res.body.virtualNumber}，${VIRTUAL_NUMBER_MINUTES}分钟内有效`);
    window.location.href = `tel:${res.body.virtualNumber}`;
  };

  return (
    <button
      type="button"
      className={className}
      aria-busy={busy || undefined}
      disabled={busy}
      data-testid="call-agent"
      onClick={() => void call()}
    >
      {children}
    </button>
  );
}
