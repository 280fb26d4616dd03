// The stored evaluation a result page shows (GET activity/credit/result?id, the owner only), once signed in.
import { useSearchParams } from 'react-router';
import { parseId, type CreditResultBody } from '@fjt/domain';
import { useLoginGuard } from '../../lib/session.ts';
import { useApi } from '../../lib/use-api.ts';

export function useCreditResult() {
  const viewer = useLoginGuard();
  const [params] = useSearchParams();
  const id = parseId(params.get('id'));
  const api = useApi<CreditResultBody>(
    viewer.status === 'user' && id !== null ? `activity/credit/result?id=${id}` : null,
  );
  return { viewer, id, ...api };
}
