// 委托找房's entry button and its sheet behind a lazy boundary (fetched, with antd-mobile's Popup, the first time it is
// opened). A visitor goes to login first and comes back to the page (PAGES.md §3.11 contractor sheet: login).
import { Suspense, lazy, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { checkLogin, loginHref, useViewer } from '../../lib/session.ts';
import './contractor-entry.css';

const ContractorSheet = lazy(() => import('./ContractorSheet.tsx').then((m) => ({ default: m.ContractorSheet })));

export function ContractorSheetButton({
  cityId,
  className = 'btn btn-primary',
  children = '委托找房',
}: {
  cityId: number;
  className?: string;
  children?: string;
}) {
  const viewer = useViewer();
  const navigate = useNavigate();
  const location = useLocation();
  const [open, setOpen] = useState(false);

  const openSheet = async () => {
    if (viewer.status === 'visitor' || !(await checkLogin()))
      return void navigate(loginHref(`${location.pathname}${location.search}`));
    setOpen(true);
  };

  return (
    <>
      <button type="button" className={className} data-testid="contractor-open" onClick={() => void openSheet()}>
        {children}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <ContractorSheet visible onClose={() => setOpen(false)} cityId={cityId} />
        </Suspense>
      ) : null}
    </>
  );
}

/** 委托找房 as a page offers it: one line on what it is, and the button. */
export function ContractorEntry({ cityId, lead }: { cityId: number; lead: string }) {
  return (
    <div className="contractor-entry">
      <span>{lead}</span>
      <ContractorSheetButton cityId={cityId} className="btn btn-primary contractor-entry__btn" />
    </div>
  );
}
