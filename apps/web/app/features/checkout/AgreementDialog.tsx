// The agreement a buyer accepts at checkout (会员服务协议), read in a modal over the checkout.
import { useEffect, useRef } from 'react';

export function AgreementDialog({
  open,
  title,
  terms,
  onClose,
  onAgree,
}: {
  open: boolean;
  title: string;
  terms: readonly string[];
  onClose: () => void;
  onAgree: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog ref={ref} className="checkout-terms" aria-labelledby="checkout-terms-title" onClose={onClose}>
      <h2 id="checkout-terms-title">{title}</h2>
      <ol>
        {terms.map((t) => (
          <li key={t}>{t}</li>
        ))}
      </ol>
      <div className="checkout-terms__actions">
        <button type="button" className="btn" onClick={onClose}>
          关闭
        </button>
        <button type="button" className="btn btn-primary" onClick={onAgree}>
          同意
        </button>
      </div>
    </dialog>
  );
}
