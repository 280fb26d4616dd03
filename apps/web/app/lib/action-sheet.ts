// The action sheet of spec §2 overlays (call / IM / WeChat choices, share targets, 纠错).
import { ActionSheet } from 'antd-mobile';
import './antd-react19.ts';

export interface SheetAction {
  key: string;
  text: string;
  description?: string;
  danger?: boolean;
  disabled?: boolean;
}

/** Shows the sheet and resolves with the chosen action's key, or null when it is dismissed. */
export function chooseAction(actions: SheetAction[], extra?: string): Promise<string | null> {
  return new Promise((resolve) => {
    // Settle on the tap itself, not after the closing animation: the caller acts at once.
    let settled = false;
    const settle = (value: string | null) => {
      if (settled) return;
      settled = true;
      resolve(value);
    };
    ActionSheet.show({
      actions,
      extra,
      cancelText: '取消',
      closeOnAction: true,
      onAction: (action) => settle(String(action.key)),
      onClose: () => settle(null),
    });
  });
}
