// /activity/invitation2/download (PAGES.md §3.13): the invitee's download step of the A/B variant — the claim's
// outcome and 下载APP (planDownload through openApp: universal link on iOS, the download page in WeChat on
// Android, the scheme with the APK fallback elsewhere); logging in to the APP rewards the inviter.
import { pageTitle, planDownload, SITE_DESCRIPTION } from '@fjt/domain';
import type { Route } from './+types/invitation2-download';
import { ActivityFrame } from '../../features/activities/ActivityFrame.tsx';
import { ClaimResult } from '../../features/invitations/ClaimResult.tsx';
import { useClientFlags } from '../../lib/client-flags.tsx';
import { openApp } from '../../lib/app-launch.ts';
import { pagePurpose } from '../../page-purposes.ts';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('下载APP领奖励') },
  { name: 'description', content: `${pagePurpose('activity-invitation2-download') ?? ''}${SITE_DESCRIPTION}` },
  { name: 'robots', content: 'noindex' },
];

export default function Invitation2DownloadPage() {
  const flags = useClientFlags();
  const plan = planDownload(flags);
  return (
    <ActivityFrame code="invitation2" testId="activity-invitation2-download-page">
      {() => (
        <ClaimResult title="最后一步：下载房价通APP">
          <p>下载并用同一手机号登录APP，新人礼包即可使用，邀请你的好友也将获得奖励。</p>
          <button
            type="button"
            className="btn btn-primary"
            style={{ minHeight: 44 }}
            onClick={() => openApp(flags)}
            data-testid="invite2-download"
            data-plan={plan.kind}
          >
            下载APP
          </button>
        </ClaimResult>
      )}
    </ActivityFrame>
  );
}
