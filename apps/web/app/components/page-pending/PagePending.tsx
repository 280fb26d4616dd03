// The one stand-in for a route whose page a later issue builds: its Chinese title and what it will be for.
import { Link } from 'react-router';
import './page-pending.css';

export function PagePending({ title, purpose, homeHref }: { title: string; purpose: string; homeHref: string | null }) {
  return (
    <main className="page-pending" data-testid="page-pending">
      <h1 className="page-pending__title">{title}</h1>
      <p className="page-pending__purpose">{purpose}</p>
      <p className="page-pending__note">这个页面即将上线。</p>
      {homeHref ? (
        <Link className="btn btn-primary" to={homeHref}>
          查看城市房价
        </Link>
      ) : null}
    </main>
  );
}
