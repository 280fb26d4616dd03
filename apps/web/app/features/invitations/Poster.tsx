// The invitation poster (issue 18): drawn on a canvas in the browser — title, the inviter's code and a QR code of
// the share link (npm qrcode) — and saved as a PNG by 保存海报.
import { useEffect, useRef, useState } from 'react';
import QRCode from 'qrcode';

const W = 600;
const H = 840;

export async function drawPoster(
  canvas: HTMLCanvasElement,
  p: { title: string; subtitle: string; code: string; link: string },
): Promise<void> {
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no canvas');
  canvas.width = W;
  canvas.height = H;
  const bg = ctx.createLinearGradient(0, 0, 0, H);
  bg.addColorStop(0, '#1f6fff');
  bg.addColorStop(1, '#5b9bff');
  ctx.fillStyle = bg;
  ctx.fillRect(0, 0, W, H);
  ctx.fillStyle = '#fff';
  ctx.textAlign = 'center';
  ctx.font = 'bold 48px "PingFang SC", "Noto Sans CJK SC", sans-serif';
  ctx.fillText(p.title, W / 2, 110);
  ctx.font = '28px "PingFang SC", "Noto Sans CJK SC", sans-serif';
  ctx.fillText(p.subtitle, W / 2, 165);
  // the card holding the QR code
  ctx.fillStyle = '#fff';
  ctx.beginPath();
  ctx.roundRect(60, 220, W - 120, 560, 24);
  ctx.fill();
  const qr = document.createElement('canvas');
  await QRCode.toCanvas(qr, p.link, { width: 320, margin: 1, errorCorrectionLevel: 'M' });
  ctx.drawImage(qr, (W - 320) / 2, 260, 320, 320);
  ctx.fillStyle = '#333';
  ctx.font = '26px "PingFang SC", "Noto Sans CJK SC", sans-serif';
  ctx.fillText('扫码领取新人专享券', W / 2, 630);
  ctx.fillStyle = '#1f6fff';
  ctx.font = 'bold 44px monospace';
  ctx.fillText(`邀请码 ${p.code}`, W / 2, 700);
  ctx.fillStyle = '#999';
  ctx.font = '22px "PingFang SC", "Noto Sans CJK SC", sans-serif';
  ctx.fillText('房价通 · 查房价，就用房价通', W / 2, 750);
}

export function Poster({
  title,
  subtitle,
  code,
  link,
}: {
  title: string;
  subtitle: string;
  code: string;
  link: string;
}) {
  const ref = useRef<HTMLCanvasElement>(null);
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (!ref.current) return;
    let live = true;
    setReady(false);
    drawPoster(ref.current, { title, subtitle, code, link })
      .then(() => live && setReady(true))
      .catch(() => live && setReady(false));
    return () => {
      live = false;
    };
  }, [title, subtitle, code, link]);
  const save = () => {
    if (!ref.current) return;
    const a = document.createElement('a');
    a.href = ref.current.toDataURL('image/png');
    a.download = `房价通邀请海报-${code}.png`;
    document.body.appendChild(a);
    a.click();
    a.remove();
  };
  return (
    <div className="invite-poster">
      <canvas
        ref={ref}
        className="invite-poster__canvas"
        data-testid="invite-poster"
        data-ready={ready ? '1' : '0'}
        aria-label={`邀请海报，邀请码 ${code}`}
        role="img"
      />
      <button
        type="button"
        className="btn btn-primary invite-poster__save"
        onClick={save}
        disabled={!ready}
        data-testid="invite-save-poster"
      >
        保存海报
      </button>
    </div>
  );
}
