// 添加推荐 of my 达人推荐 page: search an estate or a new-house project of the city (search/suggest), write why
// (at most SUPERIOR_REASON_MAX characters), and POST estate-dispatch/superior/pick. A picked one gets the new reason.
import { useState } from 'react';
import { Popup } from 'antd-mobile';
import { SUPERIOR_REASON_MAX, type SearchSuggestion, type SuperiorPickKind, type SuperiorPickState } from '@fjt/domain';
import { callApi } from '../../lib/session.ts';
import { useSuggestions } from '../../lib/use-suggestions.ts';
import { unitPrice } from '../../lib/display.ts';
import '../../lib/antd-react19.ts';

const KIND_OF: Partial<Record<SearchSuggestion['kind'], SuperiorPickKind>> = { estate: 'resale', project: 'new' };
const KIND_NAME: Record<SuperiorPickKind, string> = { resale: '二手房', new: '新房' };

async function toast(text: string) {
  const { showToast } = await import('../../lib/toast.ts');
  showToast(text);
}

export function AddPickSheet({
  cityId,
  open,
  onClose,
  onPicked,
}: {
  cityId: number;
  open: boolean;
  onClose: () => void;
  onPicked: (kind: SuperiorPickKind) => void;
}) {
  const [keyword, setKeyword] = useState('');
  const [chosen, setChosen] = useState<(SearchSuggestion & { pickKind: SuperiorPickKind }) | null>(null);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const suggestions = useSuggestions(cityId, chosen ? '' : keyword);
  const options = (suggestions.groups ?? [])
    .flatMap((g) => g.list)
    .flatMap((s) => (KIND_OF[s.kind] ? [{ ...s, pickKind: KIND_OF[s.kind]! }] : []));

  const reset = () => {
    setKeyword('');
    setChosen(null);
    setReason('');
  };

  const submit = async () => {
    if (!chosen || busy) return;
    setBusy(true);
    const res = await callApi<SuperiorPickState>('estate-dispatch/superior/pick', {
      kind: chosen.pickKind,
      targetId: chosen.id,
      reason,
    });
    setBusy(false);
    if (res.resultCode !== 0) {
      void toast(res.errMsg || '添加失败，请稍后重试');
      return;
    }
    void toast('已添加推荐');
    onPicked(chosen.pickKind);
    reset();
  };

  return (
    <Popup visible={open} onMaskClick={onClose} onClose={onClose} bodyClassName="sup-sheet" destroyOnClose>
      <div data-testid="superior-add-sheet">
        <header className="sup-sheet__head">
          <h2>添加推荐</h2>
          <button type="button" className="sup-sheet__close" onClick={onClose} aria-label="关闭">
            ×
          </button>
        </header>
        {chosen ? (
          <div className="sup-sheet__chosen">
            <span>
              <strong>{chosen.name}</strong>
              <small>
                {KIND_NAME[chosen.pickKind]} · {chosen.region}
              </small>
            </span>
            <button type="button" className="sup-link" onClick={() => setChosen(null)}>
              重新选择
            </button>
          </div>
        ) : (
          <>
            <input
              className="sup-sheet__input"
              type="search"
              placeholder="输入小区或楼盘名称"
              aria-label="搜索小区或楼盘"
              value={keyword}
              maxLength={30}
              onChange={(e) => setKeyword(e.target.value)}
            />
            <ul className="sup-sheet__options" aria-label="搜索结果">
              {options.map((o) => (
                <li key={`${o.kind}-${o.id}`}>
                  <button type="button" onClick={() => setChosen(o)}>
                    <strong>{o.name}</strong>
                    <small>
                      {KIND_NAME[o.pickKind]} · {o.region}
                      {o.avgPrice !== null ? ` · ${o.avgPriceLabel}${unitPrice(o.avgPrice)}` : ''}
                    </small>
                  </button>
                </li>
              ))}
              {suggestions.status === 'done' && options.length === 0 ? (
                <li className="sup-sheet__none">没有找到相关的小区或楼盘</li>
              ) : null}
              {suggestions.status === 'error' ? <li className="sup-sheet__none">{suggestions.error}</li> : null}
            </ul>
          </>
        )}
        <label className="sup-sheet__reason">
          <span>推荐理由</span>
          <textarea
            value={reason}
            maxLength={SUPERIOR_REASON_MAX}
            rows={4}
            placeholder="说说为什么推荐它：交通、学区、价格……"
            onChange={(e) => setReason(e.target.value)}
          />
          <small className="num">
            {reason.length}/{SUPERIOR_REASON_MAX}
          </small>
        </label>
        <button
          type="button"
          className="btn btn-primary sup-sheet__submit"
          disabled={!chosen || !reason.trim() || busy}
          onClick={() => void submit()}
        >
          提交推荐
        </button>
      </div>
    </Popup>
  );
}
