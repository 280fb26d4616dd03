// antd-mobile's imperative APIs (Toast.show, ActionSheet.show, Dialog.alert) mount with the legacy
// ReactDOM.render, which React 19 removed; give them createRoot instead. Imported by the modules that call them (lib/toast.ts, lib/action-sheet.ts), so pages without them load no antd.
import { unstableSetRender } from 'antd-mobile';
import { createRoot, type Root } from 'react-dom/client';

const roots = new WeakMap<Element | DocumentFragment, Root>();

unstableSetRender((node, container) => {
  let root = roots.get(container);
  if (!root) {
    root = createRoot(container);
    roots.set(container, root);
  }
  root.render(node);
  return async () => {
    await Promise.resolve();
    root.unmount();
    roots.delete(container);
  };
});
