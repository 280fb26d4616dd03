// Skeletons: grey placeholders in the shape of the page that is loading (DESIGN.md: never a blank screen).
// NavSkeleton stands in for the next page from the tap until its data arrives; its kind comes from app/pages.ts.
import type { JSX, ReactNode } from 'react';
import type { SkeletonKind } from '../../pages.ts';
import './skeleton.css';

function Bone({ w = '100%', h = 14, round = false }: { w?: string; h?: number; round?: boolean }) {
  return <span className={round ? 'sk-bone sk-bone--round' : 'sk-bone'} style={{ width: w, height: h }} />;
}

function Card({ children }: { children: ReactNode }) {
  return <div className="sk-card">{children}</div>;
}

function Rows({ count }: { count: number }) {
  return (
    <>
      {Array.from({ length: count }, (_, i) => (
        <div className="sk-row" key={i}>
          <div className="sk-row__main">
            <Bone w="55%" h={16} />
            <Bone w="35%" h={12} />
          </div>
          <div className="sk-row__side">
            <Bone w="72px" h={16} />
            <Bone w="52px" h={12} />
          </div>
        </div>
      ))}
    </>
  );
}

function DetailSkeleton() {
  return (
    <>
      <div className="sk-cover" />
      <Card>
        <Bone w="50%" h={22} />
        <Bone w="70%" />
        <Bone w="90%" />
      </Card>
      <Card>
        <div className="sk-pair">
          <Bone w="40%" h={28} />
          <Bone w="40%" h={28} />
        </div>
        <Bone w="60%" />
      </Card>
      <Card>
        <Bone w="35%" h={18} />
        <Bone h={150} />
      </Card>
    </>
  );
}

function ListSkeleton() {
  return (
    <>
      <Card>
        <Bone w="45%" h={22} />
        <Bone w="75%" />
      </Card>
      <div className="sk-filters">
        {Array.from({ length: 4 }, (_, i) => (
          <Bone key={i} w="56px" h={14} />
        ))}
      </div>
      <Card>
        <Rows count={7} />
      </Card>
    </>
  );
}

function ReportSkeleton() {
  return (
    <>
      <Card>
        <Bone w="60%" h={22} />
        <Bone w="40%" />
      </Card>
      <Card>
        <div className="sk-pair">
          <Bone w="28%" h={24} />
          <Bone w="28%" h={24} />
          <Bone w="28%" h={24} />
        </div>
        <Bone h={140} />
      </Card>
      <Card>
        <Rows count={4} />
      </Card>
    </>
  );
}

function GenericSkeleton() {
  return (
    <>
      <Card>
        <Bone w="50%" h={22} />
        <Bone />
        <Bone w="80%" />
      </Card>
      <Card>
        <Bone h={120} />
      </Card>
      <Card>
        <Rows count={3} />
      </Card>
    </>
  );
}

const KINDS: Record<SkeletonKind, () => JSX.Element> = {
  detail: DetailSkeleton,
  list: ListSkeleton,
  report: ReportSkeleton,
  generic: GenericSkeleton,
};

export function NavSkeleton({ kind }: { kind: SkeletonKind }) {
  const Body = KINDS[kind];
  return (
    <div className="sk-page" data-testid="nav-skeleton" data-kind={kind} aria-busy="true" aria-label="正在加载">
      <Body />
    </div>
  );
}

/** Rows of a list that a page fetches in the browser (personal lists): the list's shape while it loads. */
export function RowsSkeleton({ count = 5 }: { count?: number }) {
  return (
    <div className="sk-page" data-testid="rows-skeleton" aria-busy="true" aria-label="正在加载">
      <Card>
        <Rows count={count} />
      </Card>
    </div>
  );
}
