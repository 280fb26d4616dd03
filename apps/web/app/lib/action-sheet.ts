// The action sheet of spec §2 overlays (call / IM / WeChat choices, share targets, 纠错).
import { ActionSheet } from 'antd-mobile';

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
    let chosen: string | null = null;
    ActionSheet.show({
      actions,
      extra,
      cancelText: '取消',
      closeOnAction: true,
      onAction: (action) => {
        chosen = String(action.key);
      },
      afterClose: () => resolve(chosen),
    });
  });
}
