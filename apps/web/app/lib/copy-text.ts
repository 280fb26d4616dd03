// Copy to the clipboard and confirm with the copy toast (spec §2 overlays). A failure is passed up (spec §8).
// The toast's code loads on the first copy, not with the page.
import { COPY_SUCCESS_TOAST } from '@fjt/domain';

/** `toast`: what the copy toast says (default 复制成功). */
export async function copyText(text: string, toast: string = COPY_SUCCESS_TOAST): Promise<void> {
  if (navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text);
  } else {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.appendChild(area);
    area.select();
    const ok = document.execCommand('copy');
    area.remove();
    if (!ok) throw new Error('copy failed');
  }
  const { showToast } = await import('./toast.ts');
  showToast(toast);
}
