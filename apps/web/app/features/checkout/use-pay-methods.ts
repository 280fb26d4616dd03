// The checkout's payment methods: the server's configuration (GET customer/pay/get-support-pay-pattern), filtered
// by spec §5 (choosePaymentMethods) for this browser's client flags — the user agent and the currentVersion cookie,
// read by the root loader of this very request.
import { useCallback, useEffect, useState } from 'react';
import { choosePaymentMethods, type PayPattern, type PaymentChoice } from '@fjt/domain';
import { callApi } from '../../lib/session.ts';
import { useClientFlags } from '../../lib/client-flags.tsx';

export type PayMethodsState =
  { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; choice: PaymentChoice };

export function usePayMethods(productCode: string | null): { state: PayMethodsState; retry: () => void } {
  const flags = useClientFlags();
  const [state, setState] = useState<PayMethodsState>({ status: 'loading' });
  const [round, setRound] = useState(0);
  const retry = useCallback(() => setRound((r) => r + 1), []);

  useEffect(() => {
    if (!productCode) return;
    let live = true;
    setState({ status: 'loading' });
    void callApi<PayPattern>(
      `customer/pay/get-support-pay-pattern?productCode=${encodeURIComponent(productCode)}`,
    ).then((res) => {
      if (!live) return;
      if (res.resultCode !== 0 || !res.body) {
        setState({ status: 'error', message: res.errMsg || '支付方式加载失败' });
        return;
      }
      setState({
        status: 'ready',
        choice: choosePaymentMethods({
          platforms: res.body.platforms,
          flags,
          wechatMerchantEnabled: res.body.wechatMerchantEnabled,
          inAppOnlyFlag: res.body.inAppOnly,
        }),
      });
    });
    return () => {
      live = false;
    };
  }, [productCode, flags, round]);

  return { state, retry };
}
