// The SMS gateway behind one interface, shaped like Aliyun's template send (phone, template code, parameters).
// The sandbox is the embedded default outside production: it writes each message to sms_outbox instead of
// sending it, and /dev/sms and dev/sms-outbox read the codes back. A real provider adapter implements the same
// interface.
import type { AccountsRepo } from './repo.ts';

export type SmsTemplate = 'login_code' | 'owner_verify_code';

export interface SmsProvider {
  readonly name: string;
  send(phone: string, template: SmsTemplate, params: Record<string, string>): Promise<void>;
}

export function sandboxSmsProvider(repo: Pick<AccountsRepo, 'writeOutbox'>): SmsProvider {
  return {
    name: 'sandbox',
    async send(phone, template, params) {
      await repo.writeOutbox({ phone, template, code: params.code ?? null, params: JSON.stringify(params) });
    },
  };
}
