// The lead forms' last line: sending agrees to the privacy policy, which opens after the form closes.
export const PRIVACY_HREF = '/aboutus#privacy';

export function PrivacyNote({ onFollow }: { onFollow: (href: string) => void }) {
  return (
    <p className="lead-modal__privacy">
      提交即视为同意
      <a
        href={PRIVACY_HREF}
        onClick={(e) => {
          e.preventDefault();
          onFollow(PRIVACY_HREF);
        }}
      >
        《隐私政策》
      </a>
    </p>
  );
}
