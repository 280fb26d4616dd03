// The checkout's toasts (errors with the server's errMsg, DESIGN.md): antd's Toast loads on the first one.
export async function toast(text: string): Promise<void> {
  const { showToast } = await import('../../lib/toast.ts');
  showToast(text);
}
