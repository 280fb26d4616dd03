// The policy tools' answers (issue 16): the rules are dated data in @fjt/domain (tax-rules, purchase-policy,
// lottery-points), so this module keeps no table and no repo; a city outside the 16 is null (→ 404 城市不存在).
import {
  NO_RULE_TEXT,
  lotteryRule,
  purchasePolicy,
  taxRulesSummary,
  type IntegralRuleBody,
  type PurchasePolicyBody,
  type TaxRulesBody,
} from '@fjt/domain';

export interface PolicyService {
  taxRules(cityId: number): TaxRulesBody | null;
  purchasePolicy(cityId: number): PurchasePolicyBody | null;
  integralRule(cityId: number): IntegralRuleBody | null;
}

export function createPolicyService(): PolicyService {
  return {
    taxRules: (cityId) => taxRulesSummary(cityId),
    purchasePolicy: (cityId) => purchasePolicy(cityId),
    integralRule(cityId) {
      if (!purchasePolicy(cityId)) return null;
      const rule = lotteryRule(cityId);
      return { cityId, rule, message: rule ? null : NO_RULE_TEXT };
    },
  };
}
