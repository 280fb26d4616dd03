// The banner at the top of every invitation page: its title and subtitle (variant 'b': the A/B variant's colours).
import './invitations.css';

export function InviteHero({ title, subtitle, variant }: { title: string; subtitle: string; variant?: 'b' }) {
  return (
    <header className={variant === 'b' ? 'invite-hero invite-hero--b' : 'invite-hero'}>
      <h1>{title}</h1>
      <p>{subtitle}</p>
    </header>
  );
}
