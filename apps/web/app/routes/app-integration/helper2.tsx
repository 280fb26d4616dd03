// /helper2 在浏览器中打开 (PAGES.md §3.14): WeChat and QQ's in-app browsers block app links and downloads, so the
// download and share flows (spec §4) send the user here: an arrow to the ··· menu at the top right and the steps
// to open this page in the system browser, where the download runs. ?to names the page to return to.
import { useSearchParams } from 'react-router';
import { SITE_DESCRIPTION, pageTitle, safeRedirectPath } from '@fjt/domain';
import type { Route } from './+types/helper2';
import { useClientFlags } from '../../lib/client-flags.tsx';
import { copyText } from '../../lib/copy-text.ts';
import '../../features/app-integration/app-integration.css';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('在浏览器中打开') },
  { name: 'description', content: `在微信或QQ中使用时，请在浏览器中打开以下载房价通APP。${SITE_DESCRIPTION}` },
];

export default function Helper2Page() {
  const flags = useClientFlags();
  const [search] = useSearchParams();
  const back = safeRedirectPath(search.get('to') ?? '', '/download');
  const copyLink = () => {
    copyText(`${window.location.origin}${back}`, '链接已复制，请在浏览器中粘贴打开').catch(async () => {
      const { showToast } = await import('../../lib/toast.ts');
      showToast('复制失败，请点击右上角菜单在浏览器中打开');
    });
  };
  return (
    <main className="open-guide" data-testid="helper2-page">
      <svg className="open-guide__arrow" viewBox="0 0 80 100" aria-hidden="true" data-testid="helper2-arrow">
        <path d="M10 95 C 20 50, 40 25, 70 10" fill="none" stroke="#fff" strokeWidth="3" strokeDasharray="6 5" />
        <path d="M56 8 L72 9 L66 24" fill="none" stroke="#fff" strokeWidth="3" strokeLinecap="round" />
      </svg>
      <h1>请在浏览器中打开</h1>
      <ol data-testid="helper2-steps">
        <li>
          点击右上角 <span className="open-guide__dots">···</span>
        </li>
        <li>选择「{flags.isIos ? '在Safari中打开' : '在浏览器中打开'}」</li>
        <li>在浏览器中点击「下载房价通APP」</li>
      </ol>
      <p className="open-guide__note">
        微信和QQ内置浏览器不支持直接打开或下载APP。在浏览器中打开后，已安装房价通的手机会直接打开APP，未安装的会开始下载。
      </p>
      <div className="app-cta">
        <button type="button" className="btn" onClick={copyLink} data-testid="helper2-copy">
          复制链接
        </button>
      </div>
    </main>
  );
}
