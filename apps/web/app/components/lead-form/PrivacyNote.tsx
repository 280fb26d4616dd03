// '提交即视为同意《隐私政策》' under a lead form's button (the deal-price modal, 底价揭秘). The link goes through
// `onOpen`, so a modal can close itself before the page changes.
export const PRIVACY_HREF = '/aboutus#privacy';

export function PrivacyNote({ onOpen }: { onOpen: (href: string) => void }) {
  return (
    <p className="lead-modal__privacy">
      提交即视为同意
      <a
        href={PRIVACY_HREF}
        onClick={(e) => {
          e.preventDefault();
          onOpen(PRIVACY_HREF);
        }}
      >
        《隐私政策》
      </a>
    </p>
  );
}
