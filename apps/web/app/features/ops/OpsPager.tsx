// The pager under a paged /ops list (审计日志, 提现审核): 上一页 · 第 n / m 页 · 下一页, as links that keep the list's
// filters (the caller's hrefOf), so a page of a list can be shared among staff. Nothing when there is one page.
import { Link } from 'react-router';

export function OpsPager({ page, pages, hrefOf }: { page: number; pages: number; hrefOf: (page: number) => string }) {
  if (pages <= 1) return null;
  return (
    <nav className="ops-pager" aria-label="分页">
      {page > 1 ? <Link to={hrefOf(page - 1)}>上一页</Link> : <span>上一页</span>}
      <span className="num">
        第 {page} / {pages} 页
      </span>
      {page < pages ? <Link to={hrefOf(page + 1)}>下一页</Link> : <span>下一页</span>}
    </nav>
  );
}
