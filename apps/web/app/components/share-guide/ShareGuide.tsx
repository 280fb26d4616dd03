// The share-guide overlay (spec §2 overlays, §4 share flow): in WeChat's browser, point at the ··· menu.
import './share-guide.css';

export function ShareGuide({ visible, onClose }: { visible: boolean; onClose: () => void }) {
  if (!visible) return null;
  return (
    <div className="share-guide" data-testid="share-guide" role="dialog" aria-label="分享引导" onClick={onClose}>
      <svg className="share-guide__arrow" viewBox="0 0 80 100" aria-hidden="true">
        <path d="M10 95 C 20 50, 40 25, 70 10" fill="none" stroke="#fff" strokeWidth="3" strokeDasharray="6 5" />
        <path d="M56 8 L72 9 L66 24" fill="none" stroke="#fff" strokeWidth="3" strokeLinecap="round" />
      </svg>
      <p className="share-guide__text">
        点击右上角 <strong>···</strong>
        <br />
        分享给微信好友或朋友圈
      </p>
      <button type="button" className="btn share-guide__ok">
        我知道了
      </button>
    </div>
  );
}
