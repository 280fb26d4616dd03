// antd-mobile's Toast, for modules that load it only when a toast is due (see copy-text.ts): a page whose
// first paint needs no antd component then ships none.
import { Toast } from 'antd-mobile';
import './antd-react19.ts';

export function showToast(content: string): void {
  Toast.show({ content });
}
